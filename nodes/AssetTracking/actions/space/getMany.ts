import * as api from '../../api';
import { rules } from '../../helpers/validation';
import { workspacePicker } from '../../pickers';
import { filtersCollection } from '../fields';
import { defineOperation } from '../types';
import { workspaceIdParam } from '../params';

export const getMany = defineOperation({
	operation: 'getMany',
	name: 'Get Many',
	action: 'Get many spaces',
	description: 'Get many spaces of a workspace',
	endpoint: api.listSpaces,
	list: true,
	fields: [
		workspacePicker.locator(),
		filtersCollection([
			{
				displayName: 'Search Term',
				name: 'searchTerm',
				type: 'string',
				default: '',
				description: 'Matched against the names of spaces',
			},
		]),
	],
	build: (p) => ({
		pathParams: workspaceIdParam(p),
		qs: {
			searchTerm: p.fromCollection('filters', 'searchTerm', rules.text(500)),
		},
	}),
});
