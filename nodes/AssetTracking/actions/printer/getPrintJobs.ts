import * as api from '../../api';
import { rules } from '../../helpers/validation';
import { pickerWorkspaceLocator, printerPicker } from '../../pickers';
import { defineOperation } from '../types';

export const getPrintJobs = defineOperation({
	operation: 'getPrintJobs',
	name: 'Get Print Jobs',
	action: 'Get the print jobs of a printer',
	description: 'Get the print jobs sent to a printer',
	endpoint: api.getPrinterPrintJobs,
	list: true,
	fields: [pickerWorkspaceLocator('printer'), printerPicker.locator()],
	build: (p) => ({
		pathParams: { printerId: p.required('printerId', rules.id(50)) },
	}),
});
