import type { IDataObject, INodeProperties } from 'n8n-workflow';

import * as api from '../../api';
import { rules } from '../../helpers/validation';
import { spacePicker, workspacePicker } from '../../pickers';
import { filtersCollection } from '../fields';
import { defineOperation } from '../types';
import { nodeVersion, wantsSimplified } from '../simplify';
import { simplifyAsset, simplifyField } from './simplify';
import { workspaceIdParam, type ParamReader } from '../params';

/** The node version from which In Space IDs is chosen from the workspace's spaces. */
const PICKED_SPACES_SINCE = 4;

const bleIdsFilter: INodeProperties = {
	displayName: 'BLE IDs',
	name: 'bleIds',
	type: 'string',
	default: '',
	placeholder: 'e.g. 1001,1002',
	description: 'Comma-separated label BLE identifiers; keeps assets linked to those labels',
};

const searchTermFilter: INodeProperties = {
	displayName: 'Search Term',
	name: 'searchTerm',
	type: 'string',
	default: '',
	description: 'Matched against the names of assets',
};

/**
 * The Filters: In Space IDs is typed text before version 4, and chosen from the workspace's
 * spaces from version 4 (a saved text value would not fit a list, so each version range has its
 * own collection).
 */
const filters: INodeProperties[] = [
	{
		...filtersCollection([
			bleIdsFilter,
			{
				displayName: 'In Space IDs',
				name: 'inSpaceIds',
				type: 'string',
				default: '',
				placeholder: 'e.g. 00Es43YBJfNRXNSvLmni,Zk3pR8vWq1LmN5tBc7Ya',
				description: 'Comma-separated space identifiers; keeps assets currently in those spaces',
			},
			searchTermFilter,
		]),
		displayOptions: { show: { '@version': [{ _cnd: { lt: PICKED_SPACES_SINCE } }] } },
	},
	{
		...filtersCollection([
			bleIdsFilter,
			spacePicker.multi(
				'inSpaceIds',
				'In Space Names or IDs',
				'Keeps assets currently in any of these spaces',
			),
			searchTermFilter,
		]),
		displayOptions: { show: { '@version': [{ _cnd: { gte: PICKED_SPACES_SINCE } }] } },
	},
];

/** The In Space IDs filter as the service takes it: ids joined by commas, each checked. */
function inSpaceIds(p: ParamReader): string | undefined {
	const value = p.fromCollection<unknown>('filters', 'inSpaceIds');
	// From version 4 a list (or an expression's array or text), each id trimmed; before, the
	// typed text as it is.
	const text =
		Array.isArray(value) || nodeVersion(p) >= PICKED_SPACES_SINCE
			? (Array.isArray(value) ? value : String(value ?? '').split(','))
					.map((id) => String(id).trim())
					.filter((id) => id !== '')
					.join(',')
			: value;
	if (text === undefined || text === '') return undefined;
	return p.check(
		p.collectionLabel('filters', 'inSpaceIds'),
		text,
		rules.list(rules.id(20)),
	) as string;
}

export const getMany = defineOperation({
	operation: 'getMany',
	name: 'Get Many',
	action: 'Get many assets',
	description: 'Get many assets of a workspace',
	endpoint: api.listAssets,
	list: true,
	fields: [workspacePicker.locator(), ...simplifyField, ...filters],
	build: (p) => ({
		pathParams: workspaceIdParam(p),
		qs: {
			inSpaceIds: inSpaceIds(p),
			bleIds: p.fromCollection(
				'filters',
				'bleIds',
				rules.list({
					describe: 'a BLE id from 0 to 2147483647',
					test: (v) => /^\d+$/.test(String(v)) && Number(v) <= 2147483647,
				}),
			),
			searchTerm: p.fromCollection('filters', 'searchTerm'),
		},
	}),
	output: ({ items }, _parts, p) =>
		wantsSimplified(p)
			? (items as IDataObject[]).map((asset) => simplifyAsset(asset, nodeVersion(p)))
			: (items as IDataObject[]),
});
