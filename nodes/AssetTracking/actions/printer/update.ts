import * as api from '../../api';
import { rules } from '../../helpers/validation';
import { printerPicker, workspacePicker } from '../../pickers';
import { nameField } from '../fields';
import { defineOperation } from '../types';
import { workspacePrinterParams } from './common';

export const update = defineOperation({
	operation: 'update',
	name: 'Update',
	action: 'Update a printer',
	description: 'Rename a printer',
	endpoint: api.updatePrinter,
	fields: [
		workspacePicker.locator(),
		printerPicker.locator(),
		nameField('New name of the printer'),
	],
	build: (p) => ({
		pathParams: workspacePrinterParams(p),
		body: { name: p.required('name', rules.name()) },
	}),
});
