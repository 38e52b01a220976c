import * as api from '../../api';
import { readSpaceGateway, spaceGatewayFields } from '../gatewayFields';
import { defineOperation } from '../types';
import { oneSpaceFields, spaceIdParam } from './common';

export const linkGateway = defineOperation({
	operation: 'linkGateway',
	name: 'Link Gateway',
	action: 'Link a gateway to a space',
	description: 'Link a gateway to a space',
	endpoint: api.linkSpaceGateway,
	fields: [...oneSpaceFields(), ...spaceGatewayFields({ replaceExisting: true })],
	build: (p) => ({ pathParams: spaceIdParam(p), body: readSpaceGateway(p) }),
});
