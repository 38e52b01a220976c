import * as api from '../../api';
import { printerPicker, workspacePicker } from '../../pickers';
import { defineOperation } from '../types';
import { workspacePrinterParams } from './common';

export const get = defineOperation({
	operation: 'get',
	name: 'Get',
	action: 'Get a printer',
	description: 'Get a printer of a workspace',
	endpoint: api.getPrinter,
	fields: [workspacePicker.locator(), printerPicker.locator()],
	build: (p) => ({ pathParams: workspacePrinterParams(p) }),
});
