import type { INodeProperties } from 'n8n-workflow';

/**
 * Shapes shared by many operations, defined once: resource pickers and the paging fields.
 */

interface LocatorSpec {
	name: string;
	displayName: string;
	/** listSearch method serving the From List mode. */
	searchMethod: string;
	/** Regex for the By ID mode (the spec's charset for this id). */
	idRegex: string;
	/** What the id must be, completing "<Display name> ID must be …". */
	idHint: string;
	placeholder: string;
	description?: string;
}

/** "an asset", "a space": the article a label needs. */
const withArticle = (noun: string) => `${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`;

function locator(spec: LocatorSpec): INodeProperties {
	return {
		displayName: spec.displayName,
		name: spec.name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: spec.description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: `Select ${withArticle(spec.displayName.toLowerCase())}...`,
				typeOptions: { searchListMethod: spec.searchMethod, searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: spec.placeholder,
				validation: [
					{
						type: 'regex',
						properties: {
							regex: spec.idRegex,
							// n8n shows this under the field without its name: say which id it is.
							errorMessage: `${spec.displayName} ID must be ${spec.idHint}`,
						},
					},
				],
			},
		],
	};
}

const UUID_REGEX = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
const uuidHint = 'a UUID such as 6f1c2a34-8b9d-4e0f-a1b2-c3d4e5f60718';

export const workspaceLocator = (description?: string): INodeProperties =>
	locator({
		name: 'workspaceId',
		displayName: 'Workspace',
		searchMethod: 'searchWorkspaces',
		idRegex: UUID_REGEX,
		idHint: uuidHint,
		placeholder: 'e.g. 6f1c2a34-8b9d-4e0f-a1b2-c3d4e5f60718',
		description,
	});

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

export const assetLocator = (description?: string): INodeProperties =>
	locator({
		name: 'assetId',
		displayName: 'Asset',
		searchMethod: 'searchAssets',
		idRegex: '^[A-Za-z0-9_-]{1,20}$',
		idHint: 'up to 20 letters, digits, hyphens or underscores',
		placeholder: 'e.g. AST-0001',
		description,
	});

export const spaceLocator = (description?: string): INodeProperties =>
	locator({
		name: 'spaceId',
		displayName: 'Space',
		searchMethod: 'searchSpaces',
		idRegex: '^[A-Za-z0-9_-]{1,20}$',
		idHint: 'up to 20 letters, digits, hyphens or underscores',
		placeholder: 'e.g. SPC-0001',
		description,
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

/** The Options collection of a node. */
export const optionsCollection = (options: INodeProperties[]): INodeProperties => ({
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	placeholder: 'Add Option',
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
