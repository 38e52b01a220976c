import * as api from '../../api';
import { printerPicker, workspacePicker } from '../../pickers';
import { defineOperation } from '../types';
import { workspacePrinterParams } from './common';

export const remove = defineOperation({
	operation: 'remove',
	name: 'Remove',
	action: 'Remove a printer from a workspace',
	description:
		'Remove the printer given by printer ID from the workspace given by workspace ID; outputs one item with the removed printer ID',
	endpoint: api.removePrinter,
	fields: [workspacePicker.locator(), printerPicker.locator()],
	build: (p) => ({ pathParams: workspacePrinterParams(p) }),
});
