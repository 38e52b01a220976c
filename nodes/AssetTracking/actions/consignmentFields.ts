import type { INodeProperties } from 'n8n-workflow';

import { rules } from '../helpers/validation';
import { consignmentPicker, pickerWorkspaceLocator } from '../pickers';
import type { ParamReader } from './params';

/**
 * The consignment an operation works on (the endpoints with a consignmentId): shared by the
 * consignment, piece and consignment gateway resources, so none imports another's folder.
 */
export const oneConsignmentFields = (description?: string): INodeProperties[] => [
	pickerWorkspaceLocator('consignment'),
	consignmentPicker.locator(description),
];

export const consignmentIdParam = (p: ParamReader) => ({
	consignmentId: p.required('consignmentId', rules.uuid()),
});
