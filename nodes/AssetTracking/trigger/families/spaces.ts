import type { IDataObject } from 'n8n-workflow';

import { readAssetOnce } from '../assets/scope';
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
export const spaces: EventFamily<StayMemory, undefined, IDataObject[]> = {
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
	read: {
		wanted: (asset) => asset.inSpaces === undefined,
		run: async (client, asset) => {
			const record = await readAssetOnce(client, asset);
			// Unlisted assets are named from their own record.
			asset.name ??= record.name;
			asset.bleId ??= record.bleId;
			asset.nfcId ??= record.nfcId;
			return record.inSpaces ?? [];
		},
	},
	fold: (input) => foldStays(NAMES, input.asset.inSpaces ?? input.own, input),
	encode: encodeStays,
	decode: decodeStays,
	sample: (event, input) => sampleStay(NAMES, input.asset.inSpaces ?? input.own, event, input.now),
	summary: (item) => staySummary(NAMES, item),
};
