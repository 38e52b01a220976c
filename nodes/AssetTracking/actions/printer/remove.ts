import * as api from '../../api';
import { printerPicker, workspacePicker } from '../../pickers';
import { defineOperation } from '../types';
import { workspacePrinterParams } from './common';

export const remove = defineOperation({
	operation: 'remove',
	name: 'Remove',
	action: 'Remove a printer from a workspace',
	description: 'Remove a printer from a workspace',
	endpoint: api.removePrinter,
	fields: [workspacePicker.locator(), printerPicker.locator()],
	build: (p) => ({ pathParams: workspacePrinterParams(p) }),
});
