import * as api from '../../api';
import { workspacePicker } from '../../pickers';
import { defineOperation } from '../types';
import { workspaceIdParam } from '../params';

export const getMany = defineOperation({
	operation: 'getMany',
	name: 'Get Many',
	action: 'Get many facilities',
	description: 'Get many facilities of a workspace',
	endpoint: api.listFacilities,
	list: true,
	fields: [workspacePicker.locator()],
	build: (p) => ({
		pathParams: workspaceIdParam(p),
	}),
});
