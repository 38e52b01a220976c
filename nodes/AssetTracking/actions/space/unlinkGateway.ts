import * as api from '../../api';
import { rules } from '../../helpers/validation';
import { defineOperation } from '../types';
import { gatewayIdField, oneSpaceFields, spaceIdParam } from './common';

export const unlinkGateway = defineOperation({
	operation: 'unlinkGateway',
	name: 'Unlink Gateway',
	action: 'Unlink the gateway from a space',
	description: 'Unlink the gateway from a space',
	endpoint: api.unlinkSpaceGateway,
	fields: [...oneSpaceFields(), gatewayIdField],
	build: (p) => ({
		pathParams: {
			...spaceIdParam(p),
			gatewayId: p.required('gatewayId', rules.id(100)),
		},
	}),
});
