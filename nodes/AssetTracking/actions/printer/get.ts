import { printerPicker, workspacePicker } from '../../pickers';
import { defineOperation } from '../types';
import { workspacePrinterParams } from './common';

export const get = defineOperation({
	operation: 'get',
	name: 'Get',
	action: 'Get a printer',
	description:
		'Retrieve one printer by its printer ID in the workspace given by workspace ID; outputs the printer as one item',
	method: 'GET',
	path: '/workspaces/{workspaceId}/printers/{printerId}',
	fields: [workspacePicker.locator(), printerPicker.locator()],
	build: (p) => ({ pathParams: workspacePrinterParams(p) }),
});
