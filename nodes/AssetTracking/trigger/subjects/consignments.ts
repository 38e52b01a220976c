import type { IDataObject } from 'n8n-workflow';

import * as api from '../../api';
import { rules } from '../../helpers/validation';
import { consignmentPicker } from '../../pickers';
import { listSubjects, namesOf, pickedCollection, readPages } from './shared';
import type { SubjectKind, SubjectRead } from './subject';

interface ConsignmentScope {
	workspaceId: string;
	/** The chosen consignments; none: every consignment of the workspace. */
	ids: string[];
}

/**
 * The workspace's consignments (api.listConsignments, one request per 10,000), or the chosen
 * ones of them: the list says each one's state (isActive, activated, deactivated, destination).
 * Chosen consignments are found in the workspace's list rather than read one by one, so choosing
 * 500 of them costs what watching all of them costs.
 */
export const consignments: SubjectKind<ConsignmentScope> = {
	name: 'consignments',
	parameters: [
		pickedCollection(
			'Consignment',
			'Consignments',
			'consignments',
			'consignment',
			consignmentPicker,
			'The consignments whose events are emitted. None chosen: every consignment of the workspace, including those added later.',
		),
	],
	pickers: [consignmentPicker],
	// The facilities its record names: where it goes, where it was activated and deactivated.
	places: ({ item }) =>
		namesOf(
			['destination', 'activated', 'deactivated'].map(
				(field) => (item[field] as IDataObject | undefined)?.facility,
			),
			'id',
			'name',
		),
	scope: ({ workspaceId, picked }) => ({
		workspaceId,
		ids: picked('consignments', 'consignment', 'Consignments', rules.uuid()),
	}),
	list: async (client, { workspaceId, ids }, limit) =>
		await listSubjects(
			client,
			'consignments',
			api.requestTo(api.listConsignments, { pathParams: { workspaceId } }),
			(item) => item.id,
			ids,
			limit,
		),
};

/**
 * A consignment's pieces with their facility history (`inFacilities`), every page
 * (api.listConsignmentPieces): one request per consignment of up to 10,000 pieces. The families
 * about pieces, arrivals and completions share it.
 */
export const piecesRead: SubjectRead<IDataObject[]> = {
	name: 'pieces',
	run: async (client, subject, mayContinue) =>
		await readPages(
			client,
			api.requestTo(api.listConsignmentPieces, { pathParams: { consignmentId: subject.id } }),
			mayContinue,
		),
};
