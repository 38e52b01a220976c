import type { IDataObject } from 'n8n-workflow';

import type { ScopedAsset } from '../assets/types';
import { assets, facilityHistory, memberships } from '../subjects/assets';
import type { EventFamily } from './family';
import {
	decodeDwell,
	DWELL_EXCEEDED,
	DWELL_OPTIONS,
	dwellNeeds,
	dwellSettings,
	dwellSummary,
	encodeDwell,
	foldDwell,
	sampleDwell,
	spaceLimited,
	staysIn,
	type DwellMemory,
	type DwellSettings,
	type DwellStay,
} from './dwell';

type Reads = { memberships: IDataObject[]; facilityHistory: IDataObject[] };

/** The asset's stays the limits set apply to: its space memberships, its facility history. */
function staysOf(
	asset: ScopedAsset,
	settings: DwellSettings,
	read: Partial<Reads>,
): DwellStay[] | undefined {
	const spaces = spaceLimited(settings) ? (asset.inSpaces ?? read.memberships) : [];
	const facilities = settings.facilityMs > 0 ? read.facilityHistory : [];
	if (spaces === undefined || facilities === undefined) return undefined;
	return [...staysIn(spaces, 'space'), ...staysIn(facilities, 'facility')];
}

/**
 * Dwell limits of the watched assets (version 5): a space membership (from the asset list's
 * `inSpaces`, or the asset's record) longer than Dwell Limit in a Space, a facility-history entry
 * (api.getAssetFacilityHistory, read only when Dwell Limit in a Facility is set) longer than Dwell
 * Limit in a Facility. The rule and when it is news: dwell.ts. The pieces' facility stays emit the
 * same event (pieceDwell.ts).
 */
export const assetDwell: EventFamily<DwellMemory, DwellSettings, Reads, ScopedAsset> = {
	name: 'assetDwell',
	events: [DWELL_EXCEEDED],
	options: DWELL_OPTIONS,
	settings: dwellSettings,
	needs: dwellNeeds,
	kind: assets,
	reads: [
		{
			of: memberships,
			wanted: ({ subject }, settings) => spaceLimited(settings) && subject.inSpaces === undefined,
		},
		{ of: facilityHistory, wanted: (_context, settings) => settings.facilityMs > 0 },
	],
	fold: (input) =>
		foldDwell(staysOf(input.subject, input.settings, input.read), input.settings, input),
	encode: encodeDwell,
	decode: decodeDwell,
	sample: (_event, { subject, settings, now, read }) => {
		const place = spaceLimited(settings) ? 'space' : 'facility';
		// No stay to show: in the first room with a limit of its own, when one has (version 6).
		const room = [...settings.rooms].find(([, ms]) => ms > 0)?.[0];
		return sampleDwell(staysOf(subject, settings, read) ?? [], settings, now, {
			identity: '',
			place,
			placeId: place === 'space' ? (room ?? '') : '',
			enteredOn: now,
			exited: false,
			fields: { [`${place}Id`]: place === 'space' ? (room ?? null) : null, [`${place}Name`]: null },
		});
	},
	// One sentence for both families' items (the poll takes one per event value).
	summary: dwellSummary,
};
