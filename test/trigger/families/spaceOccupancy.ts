// A hypothetical event family that watches a kind of subject the trigger does not know, defined
// here and nowhere else: the proof that a new family, for a new kind of subject too, is one file
// and one registry line (issue 27). It watches the workspace's spaces (their list is the new
// kind), reads each space's record within the poll budget (its per-subject read), and emits
// spaceOccupancyChanged when the number of assets in a space differs from the last poll that read it.
import type { IDataObject } from 'n8n-workflow';

import * as api from '../../../nodes/AssetTracking/api';
import { listSubjects } from '../../../nodes/AssetTracking/trigger/subjects/shared';
import type { EventFamily } from '../../../nodes/AssetTracking/trigger/families/family';
import type {
	SubjectKind,
	SubjectRead,
} from '../../../nodes/AssetTracking/trigger/subjects/subject';
import { serviceTimestamp } from '../../../nodes/AssetTracking/trigger/core/timestamp';

const spaces: SubjectKind<{ workspaceId: string }> = {
	name: 'spaces',
	scope: ({ workspaceId }) => ({ workspaceId }),
	list: async (client, { workspaceId }, limit) =>
		await listSubjects(
			client,
			'spaces',
			api.requestTo(api.listSpaces, { pathParams: { workspaceId } }),
			(item) => item.id ?? item.spaceId,
			[],
			limit,
		),
};

const spaceRecord: SubjectRead<IDataObject> = {
	name: 'spaceRecord',
	run: async (client, subject) => {
		const { body } = await client.request<IDataObject>(
			api.requestTo(api.getSpace, { pathParams: { spaceId: subject.id } }),
		);
		return { result: body, complete: true };
	},
};

export const spaceOccupancy: EventFamily<number, undefined, { spaceRecord: IDataObject }> = {
	name: 'spaceOccupancy',
	events: [
		{
			value: 'spaceOccupancyChanged',
			name: 'Space Occupancy Changed',
			description: 'The number of assets in a space of the workspace changed',
		},
	],
	settings: () => undefined,
	kind: spaces,
	reads: [{ of: spaceRecord }],
	fold: ({ subject, memory, now, read: { spaceRecord: own } }) => {
		const assets = own?.numberAssetsInSpace;
		if (typeof assets !== 'number') return { memory, events: [] };
		const events =
			memory === undefined || memory === assets
				? []
				: [
						{
							event: 'spaceOccupancyChanged',
							id: String(now),
							at: now,
							fields: {
								spaceId: subject.id,
								assetsBefore: memory,
								assets,
								observedAt: serviceTimestamp(now),
							},
						},
					];
		return { memory: assets, events };
	},
	sample: (_event, { subject, now, read: { spaceRecord: own } }) => {
		const assets = typeof own?.numberAssetsInSpace === 'number' ? own.numberAssetsInSpace : 0;
		return {
			spaceId: subject.id,
			assetsBefore: assets + 1,
			assets,
			observedAt: serviceTimestamp(now),
		};
	},
	summary: (item) =>
		`Space ${String(item.spaceId)} holds ${String(item.assets)} assets (${String(item.assetsBefore)} before) at ${String(item.observedAt)}`,
	encode: (assets) => String(assets),
	decode: (text) => (/^\d+$/.test(text) ? Number(text) : undefined),
};
