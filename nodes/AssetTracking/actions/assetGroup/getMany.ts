import * as api from '../../api';
import { rules } from '../../helpers/validation';
import { facilityPicker, pickerWorkspaceLocator } from '../../pickers';
import { defineOperation } from '../types';

export const getMany = defineOperation({
	operation: 'getMany',
	name: 'Get Many',
	action: 'Get many asset groups',
	description:
		'List the asset groups of the facility given by facility ID; outputs one item per group with its count of present assets and whether that reaches its availability threshold (default 3). Return All reads every page, otherwise Limit caps the count',
	endpoint: api.getFacilityAssetGroups,
	list: true,
	fields: [
		pickerWorkspaceLocator('facility'),
		facilityPicker.locator('Facility whose asset groups to list'),
	],
	build: (p) => ({
		pathParams: { facilityId: p.required('facilityId', rules.uuid()) },
	}),
});
