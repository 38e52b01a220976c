import type { IDataObject } from 'n8n-workflow';

import * as api from '../../api';
import { workspacePicker } from '../../pickers';
import { defineOperation } from '../types';
import { workspaceIdParam } from '../params';

export const getTemplates = defineOperation({
	operation: 'getTemplates',
	name: 'Get Print Templates',
	action: 'Get the print templates of a workspace',
	description: 'Get the print templates of a workspace and their parameters',
	endpoint: api.listPrintTemplates,
	fields: [workspacePicker.locator()],
	// Not a paged list: the one response holds every template, and one without an items list
	// holds none.
	response: 'object',
	build: (p) => ({
		pathParams: workspaceIdParam(p),
	}),
	output: (body) => (body.items as IDataObject[] | undefined) ?? [],
});
