import * as api from '../../api';
import { workspacePicker } from '../../pickers';
import { defineOperation } from '../types';
import { workspaceIdParam } from '../params';

export const getMany = defineOperation({
	operation: 'getMany',
	name: 'Get Many',
	action: 'Get many printers',
	description:
		'List the printers of the workspace given by workspace ID; outputs one item per printer. Return All reads every page, otherwise Limit caps the count',
	endpoint: api.listPrinters,
	list: true,
	fields: [workspacePicker.locator()],
	build: (p) => ({
		pathParams: workspaceIdParam(p),
	}),
});
