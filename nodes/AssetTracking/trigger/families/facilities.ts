import type { IDataObject } from 'n8n-workflow';

import type { ScopedAsset } from '../assets/types';
import { assets, facilityHistory } from '../subjects/assets';
import type { EventFamily } from './family';
import {
	decodeStays,
	encodeStays,
	foldStays,
	sampleStay,
	staySummary,
	type StayMemory,
	type StayNames,
} from './stays';

const NAMES: StayNames = {
	noun: 'facility',
	idField: 'facilityId',
	entered: 'enteredFacility',
	left: 'leftFacility',
	fields: ['facilityName', 'userFacilityId'],
};

/**
 * Facility changes, from each watched asset's facility history (api.getAssetFacilityHistory,
 * one request per asset and poll, in pages of 10,000). The reads share the poll's budget and its
 * rotation with the readings: a poll cut short starts the next one where it stopped.
 */
export const facilities: EventFamily<
	StayMemory,
	undefined,
	{ facilityHistory: IDataObject[] },
	ScopedAsset
> = {
	name: 'facilities',
	events: [
		{
			value: 'enteredFacility',
			name: 'Entered Facility',
			description: 'A watched asset entered a facility (once per entry of its facility history)',
		},
		{
			value: 'leftFacility',
			name: 'Left Facility',
			description: 'A watched asset left a facility (once per entry of its facility history)',
		},
	],
	settings: () => undefined,
	kind: assets,
	reads: [{ of: facilityHistory }],
	fold: (input) => foldStays(NAMES, input.read.facilityHistory, input),
	encode: encodeStays,
	decode: decodeStays,
	sample: (event, input) => sampleStay(NAMES, input.read.facilityHistory, event, input.now),
	summary: (item, words) => staySummary(NAMES, item, words),
};
