import type { INodeProperties } from 'n8n-workflow';

import { locator, UUID_REGEX, uuidHint, workspaceLocator } from '../descriptions/locators';

export {
	assetLocator,
	optionsCollection,
	spaceLocator,
	workspaceLocator,
} from '../descriptions/locators';

/**
 * Shapes shared by many operations, defined once: resource pickers and the paging fields.
 */

/**
 * A Workspace field for operations whose path names no workspace: the From List mode of their
 * asset, space, facility, consignment or printer picker lists one workspace's items, and reads
 * it from here. Optional, never sent; By ID needs no workspace.
 */
export const pickerWorkspaceLocator = (what: string): INodeProperties => ({
	...workspaceLocator(
		`Workspace to pick the ${what} from. Only the From List mode uses it; it is not sent to the service.`,
	),
	required: false,
});

export const facilityLocator = (description?: string): INodeProperties =>
	locator({
		name: 'facilityId',
		displayName: 'Facility',
		searchMethod: 'searchFacilities',
		idRegex: UUID_REGEX,
		idHint: uuidHint,
		placeholder: 'e.g. 6f1c2a34-8b9d-4e0f-a1b2-c3d4e5f60718',
		description,
	});

export const consignmentLocator = (description?: string): INodeProperties =>
	locator({
		name: 'consignmentId',
		displayName: 'Consignment',
		searchMethod: 'searchConsignments',
		idRegex: UUID_REGEX,
		idHint: uuidHint,
		placeholder: 'e.g. 6f1c2a34-8b9d-4e0f-a1b2-c3d4e5f60718',
		description,
	});

export const printerLocator = (description?: string): INodeProperties =>
	locator({
		name: 'printerId',
		displayName: 'Printer',
		searchMethod: 'searchPrinters',
		idRegex: '^[A-Za-z0-9_-]{1,50}$',
		idHint: 'the printer serial number: up to 50 letters, digits, hyphens or underscores',
		placeholder: 'e.g. PRN-SN-0001',
		description,
	});

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
