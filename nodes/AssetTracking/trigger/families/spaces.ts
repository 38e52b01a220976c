import type { IDataObject } from 'n8n-workflow';

import type { ScopedAsset } from '../assets/types';
import { assets, memberships } from '../subjects/assets';
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
	noun: 'space',
	idField: 'spaceId',
	entered: 'enteredSpace',
	left: 'leftSpace',
	fields: ['spaceName'],
};

/**
 * Space changes (geofences): the asset list embeds each asset's space memberships (`inSpaces`),
 * so a workspace or space scope learns them from the list it reads anyway, at no request per
 * asset. Specific assets have no list: each is read with api.getAsset; so is an asset
 * that left the watched spaces (the service's filter no longer lists it), once, for its exit.
 */
export const spaces: EventFamily<
	StayMemory,
	undefined,
	{ memberships: IDataObject[] },
	ScopedAsset
> = {
	name: 'spaces',
	events: [
		{
			value: 'enteredSpace',
			name: 'Entered Space',
			description: 'A watched asset entered a space (once per stay)',
		},
		{
			value: 'leftSpace',
			name: 'Left Space',
			description: 'A watched asset left a space (once per stay)',
		},
	],
	settings: () => undefined,
	followsDeparted: true,
	kind: assets,
	reads: [{ of: memberships, wanted: ({ subject }) => subject.inSpaces === undefined }],
	fold: (input) => foldStays(NAMES, input.subject.inSpaces ?? input.read.memberships, input),
	encode: encodeStays,
	decode: decodeStays,
	sample: (event, input) =>
		sampleStay(NAMES, input.subject.inSpaces ?? input.read.memberships, event, input.now),
	summary: (item, words) => staySummary(NAMES, item, words),
};
