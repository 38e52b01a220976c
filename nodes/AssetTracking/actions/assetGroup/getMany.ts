import { rules } from '../../helpers/validation';
import { facilityLocator, pickerWorkspaceLocator } from '../fields';
import { defineOperation } from '../types';

export const getMany = defineOperation({
	operation: 'getMany',
	name: 'Get Many',
	action: 'Get many asset groups',
	description:
		'List the asset groups of a facility, each with its count of present assets and whether that reaches its availability threshold (default 3)',
	method: 'GET',
	path: '/facilities/{facilityId}/asset-groups',
	list: true,
	fields: [
		pickerWorkspaceLocator('facility'),
		facilityLocator('Facility whose asset groups to list'),
	],
	build: (p) => ({
		pathParams: { facilityId: p.required('facilityId', rules.uuid()) },
	}),
});
