import type { INodeProperties } from 'n8n-workflow';

export const trackingRefField = (description: string): INodeProperties => ({
	displayName: 'Tracking Reference',
	name: 'trackingRef',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'e.g. CONS-1001',
	description: `${description}: up to 500 characters`,
});
