import type { INodeProperties } from 'n8n-workflow';

/** The Options collection of a node (both nodes have one). */
export const optionsCollection = (options: INodeProperties[]): INodeProperties => ({
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options,
});
