import * as api from '../../api';
import { workspacePicker } from '../../pickers';
import { defineOperation } from '../types';
import { workspaceIdParam } from '../params';

export const get = defineOperation({
	operation: 'get',
	name: 'Get',
	action: 'Get a workspace',
	description: 'Get a workspace by its ID',
	endpoint: api.getWorkspace,
	// The service wraps the one workspace in a list ({ items: [workspace] }); a Get outputs the object.
	response: 'objectInPage',
	fields: [workspacePicker.locator()],
	build: (p) => ({
		pathParams: workspaceIdParam(p),
	}),
});
