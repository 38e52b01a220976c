import * as api from '../../api';
import { rules } from '../../helpers/validation';
import { gatewaySettingsOptions, readGatewaySettings } from '../gatewayFields';
import { defineOperation } from '../types';
import { gatewayIdField, oneSpaceFields, spaceIdParam } from './common';

export const updateGateway = defineOperation({
	operation: 'updateGateway',
	name: 'Update Gateway',
	action: 'Update the gateway of a space',
	description: "Change the position or RSSI filter of a space's gateway",
	endpoint: api.updateSpaceGateway,
	fields: [
		...oneSpaceFields(),
		gatewayIdField,
		{
			displayName: 'Update Fields',
			name: 'updateFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: gatewaySettingsOptions,
		},
	],
	build: (p) => ({
		pathParams: {
			...spaceIdParam(p),
			gatewayId: p.required('gatewayId', rules.id(100)),
		},
		body: readGatewaySettings(p, 'updateFields'),
	}),
});
