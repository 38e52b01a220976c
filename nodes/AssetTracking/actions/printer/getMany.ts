import * as api from '../../api';
import { workspacePicker } from '../../pickers';
import { defineOperation } from '../types';
import { workspaceIdParam } from '../params';

export const getMany = defineOperation({
	operation: 'getMany',
	name: 'Get Many',
	action: 'Get many printers',
	description: 'Get many printers of a workspace',
	endpoint: api.listPrinters,
	list: true,
	fields: [workspacePicker.locator()],
	build: (p) => ({
		pathParams: workspaceIdParam(p),
	}),
});
