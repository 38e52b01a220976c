import type { INodeProperties } from 'n8n-workflow';

import { UUID_PATTERN } from '../helpers/validation';

/**
 * Parameter shapes both nodes use: the resource pickers (From List / By ID) of the resources the
 * trigger watches, and the Options collection. The action node re-exports them from
 * actions/fields.ts; the trigger imports them from here (it never imports from actions/).
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

export function locator(spec: LocatorSpec): INodeProperties {
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

export const UUID_REGEX = UUID_PATTERN;
export const uuidHint = 'a UUID such as 6f1c2a34-8b9d-4e0f-a1b2-c3d4e5f60718';

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

/** The Options collection of a node. */
export const optionsCollection = (options: INodeProperties[]): INodeProperties => ({
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options,
});
