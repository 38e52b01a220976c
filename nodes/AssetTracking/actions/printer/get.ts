import * as api from '../../api';
import { printerPicker, workspacePicker } from '../../pickers';
import { defineOperation } from '../types';
import { workspacePrinterParams } from './common';

export const get = defineOperation({
	operation: 'get',
	name: 'Get',
	action: 'Get a printer',
	description:
		'Retrieve one printer by its printer ID in the workspace given by workspace ID; outputs the printer as one item',
	endpoint: api.getPrinter,
	fields: [workspacePicker.locator(), printerPicker.locator()],
	build: (p) => ({ pathParams: workspacePrinterParams(p) }),
});
