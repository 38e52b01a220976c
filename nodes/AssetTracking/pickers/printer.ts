import * as api from '../api';
import { definePicker } from './picker';

export const printerPicker = definePicker({
	name: 'printerId',
	displayName: 'Printer',
	searchMethod: 'searchPrinters',
	id: {
		hint: 'the printer serial number: up to 50 letters, digits, hyphens or underscores',
		placeholder: 'e.g. PRN-SN-0001',
		listPlaceholder: 'e.g. PRN-SN-0001,PRN-SN-0002',
	},
	list: {
		endpoint: api.listPrinters,
		what: 'printers',
		serviceSearch: false,
		toResult: (p) => ({ name: `${p.name} (${p.printerId})`, value: String(p.printerId) }),
	},
});
