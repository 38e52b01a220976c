import * as api from '../../api';
import { rules } from '../../helpers/validation';
import { facilityPicker, pickerWorkspaceLocator } from '../../pickers';
import { defineOperation } from '../types';

export const getMany = defineOperation({
	operation: 'getMany',
	name: 'Get Many',
	action: 'Get many asset groups',
	description: 'Get many asset groups of a facility, with their availability',
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
