import type { INodeProperties } from 'n8n-workflow';

import { rules } from '../../helpers/validation';
import { consignmentLocator, pickerWorkspaceLocator } from '../fields';
import type { ParamReader } from '../params';

/** The fields of an operation on one consignment (/consignments/{consignmentId}...): the picker's workspace, then the consignment. */
export const oneConsignmentFields = (description?: string): INodeProperties[] => [
	pickerWorkspaceLocator('consignment'),
	consignmentLocator(description),
];

export const consignmentIdParam = (p: ParamReader) => ({
	consignmentId: p.required('consignmentId', rules.uuid()),
});

export const trackingRefField = (description: string): INodeProperties => ({
	displayName: 'Tracking Reference',
	name: 'trackingRef',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'e.g. CONS-1001',
	description: `${description}: up to 500 characters`,
});
