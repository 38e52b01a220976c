import type { INodeProperties } from 'n8n-workflow';

/**
 * Shapes shared by many operations, defined once: names, NFC ids and the paging fields. The
 * resource pickers live in pickers/.
 */

/** A NAME-charset name field (spec: max 500, letters, digits, space and ! @ # $ & ( ) - . + , / "). */
export const nameField = (description: string): INodeProperties => ({
	displayName: 'Name',
	name: 'name',
	type: 'string',
	default: '',
	required: true,
	description: `${description}: up to 500 letters, digits, spaces and the characters ! @ # $ & ( ) - . + , / and the double quote.`,
});

/** A label's NFC identifier (spec: max 20, letters and digits only). */
export const nfcIdField = (description: string, required = true): INodeProperties => ({
	displayName: 'NFC ID',
	name: 'nfcId',
	type: 'string',
	default: '',
	required,
	placeholder: 'e.g. 04A224B2C35E80',
	description: `${description}: up to 20 letters or digits`,
});

/** The Filters collection of a list operation. */
export const filtersCollection = (options: INodeProperties[]): INodeProperties => ({
	displayName: 'Filters',
	name: 'filters',
	type: 'collection',
	placeholder: 'Add Filter',
	default: {},
	options,
});

/** n8n's paging convention for list operations: Return All, otherwise Limit (default 50). */
export const pagingFields: INodeProperties[] = [
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 50,
		description: 'Max number of results to return',
		displayOptions: { show: { returnAll: [false] } },
	},
];
