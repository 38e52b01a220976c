import * as api from '../../api';
import { rules } from '../../helpers/validation';
import { facilityPicker, pickerWorkspaceLocator } from '../../pickers';
import { defineOperation } from '../types';

export const get = defineOperation({
	operation: 'get',
	name: 'Get',
	action: 'Get a facility',
	description: 'Get a facility by its ID',
	endpoint: api.getFacility,
	fields: [pickerWorkspaceLocator('facility'), facilityPicker.locator()],
	build: (p) => ({
		pathParams: { facilityId: p.required('facilityId', rules.uuid()) },
	}),
});
