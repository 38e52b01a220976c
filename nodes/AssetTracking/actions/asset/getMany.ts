import type { IDataObject } from 'n8n-workflow';

import * as api from '../../api';
import { rules } from '../../helpers/validation';
import { workspacePicker } from '../../pickers';
import { filtersCollection } from '../fields';
import { defineOperation } from '../types';
import { nodeVersion, wantsSimplified } from '../simplify';
import { simplifyAsset, simplifyField } from './simplify';
import { workspaceIdParam } from '../params';

const filters = filtersCollection([
	{
		displayName: 'BLE IDs',
		name: 'bleIds',
		type: 'string',
		default: '',
		placeholder: 'e.g. 1001,1002',
		description: 'Comma-separated label BLE identifiers; keeps assets linked to those labels',
	},
	{
		displayName: 'In Space IDs',
		name: 'inSpaceIds',
		type: 'string',
		default: '',
		placeholder: 'e.g. SPC-0001,SPC-0002',
		description: 'Comma-separated space identifiers; keeps assets currently in those spaces',
	},
	{
		displayName: 'Search Term',
		name: 'searchTerm',
		type: 'string',
		default: '',
		description: 'Matched against the names of assets',
	},
]);

export const getMany = defineOperation({
	operation: 'getMany',
	name: 'Get Many',
	action: 'Get many assets',
	description: 'Get many assets of a workspace',
	endpoint: api.listAssets,
	list: true,
	fields: [workspacePicker.locator(), ...simplifyField, filters],
	build: (p) => ({
		pathParams: workspaceIdParam(p),
		qs: {
			inSpaceIds: p.fromCollection('filters', 'inSpaceIds', rules.list(rules.id(20))),
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
