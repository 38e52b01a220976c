import type { IDataObject } from 'n8n-workflow';

import * as api from '../../api';
import { rules } from '../../helpers/validation';
import { workspacePicker } from '../../pickers';
import { filtersCollection } from '../fields';
import { defineOperation } from '../types';
import { workspaceIdParam } from '../params';
import { wantsSimplified } from '../simplify';
import { completeConsignment, simplifyConsignment, simplifyField } from './simplify';

export const getMany = defineOperation({
	operation: 'getMany',
	name: 'Get Many',
	action: 'Get many consignments',
	description: 'Get many consignments of a workspace',
	endpoint: api.listConsignments,
	list: true,
	fields: [
		workspacePicker.locator(),
		...simplifyField,
		filtersCollection([
			{
				displayName: 'Tracking Reference',
				name: 'trackingRef',
				type: 'string',
				default: '',
				placeholder: 'e.g. CONS-1001',
				description: 'Keeps the consignment with this reference in your own system',
			},
		]),
	],
	build: (p) => ({
		pathParams: workspaceIdParam(p),
		qs: {
			trackingRef: p.fromCollection('filters', 'trackingRef', rules.text(500)),
		},
	}),
	complete: completeConsignment,
	output: ({ items }, _parts, p) =>
		wantsSimplified(p)
			? (items as IDataObject[]).map(simplifyConsignment)
			: (items as IDataObject[]),
});
