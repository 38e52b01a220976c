import type { IDataObject } from 'n8n-workflow';

import * as api from '../../api';
import { rules } from '../../helpers/validation';
import { facilityPicker } from '../../pickers';
import { listSubjects, pickedCollection, readPages } from './shared';
import type { SubjectKind, SubjectRead } from './subject';

interface FacilityScope {
	workspaceId: string;
	/** The chosen facilities; none: every facility of the workspace. */
	ids: string[];
}

/**
 * The workspace's facilities (api.listFacilities, one request per 10,000), or the chosen ones:
 * the asset groups live in them, and are read one facility at a time (assetGroupsRead).
 */
export const facilities: SubjectKind<FacilityScope> = {
	name: 'facilities',
	parameters: [
		pickedCollection(
			'Facility',
			'Facilities',
			'facilities',
			'facility',
			facilityPicker,
			'The facilities whose asset groups are watched. None chosen: every facility of the workspace, including those added later.',
		),
	],
	pickers: [facilityPicker],
	places: (facility) =>
		typeof facility.item.name === 'string' ? { [facility.id]: facility.item.name } : {},
	scope: ({ workspaceId, picked }) => ({
		workspaceId,
		ids: picked('facilities', 'facility', 'Facilities', rules.uuid()),
	}),
	list: async (client, { workspaceId, ids }, limit) =>
		await listSubjects(
			client,
			'facilities',
			api.requestTo(api.listFacilities, { pathParams: { workspaceId } }),
			(item) => item.id,
			ids,
			limit,
		),
};

/** A facility's asset groups with their count and availability (api.getFacilityAssetGroups). */
export const assetGroupsRead: SubjectRead<IDataObject[]> = {
	name: 'assetGroups',
	run: async (client, subject, mayContinue) =>
		await readPages(
			client,
			api.requestTo(api.getFacilityAssetGroups, { pathParams: { facilityId: subject.id } }),
			mayContinue,
		),
};
