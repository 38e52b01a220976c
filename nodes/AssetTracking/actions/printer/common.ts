import type { INodeProperties } from 'n8n-workflow';

import { rules } from '../../helpers/validation';
import { workspaceIdParam, type ParamReader } from '../params';

export const workspacePrinterParams = (p: ParamReader) => ({
	...workspaceIdParam(p),
	printerId: p.required('printerId', rules.id(50)),
});

export const printJobIdField: INodeProperties = {
	displayName: 'Print Job ID',
	name: 'printJobId',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'e.g. d290f1ee-6c54-4b01-90e6-d701748f0851',
	description: 'ID of the print job (a UUID), as output by Create Print Jobs or Get Print Jobs',
};

export const printJobIdParam = (p: ParamReader) => ({
	printJobId: p.required('printJobId', rules.uuid()),
});
