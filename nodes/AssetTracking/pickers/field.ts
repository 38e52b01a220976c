import type { INodeProperties } from 'n8n-workflow';

/** What the By ID mode tells a user about the id to type. */
export interface IdFormat {
	/** What the id must be, completing "<Display name> ID: …" (the mode's hint under the field). */
	hint: string;
	placeholder: string;
	/** A comma-separated list of such ids, as an expression may give a multi-picker. */
	listPlaceholder: string;
}

/** What a picker's parameter is called and which listSearch method fills its From List mode. */
export interface FieldSpec {
	name: string;
	displayName: string;
	searchMethod: string;
	id: IdFormat;
}

/** "an asset", "a space": the article a label needs. */
const withArticle = (noun: string) => `${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`;

/**
 * A required resource locator: From List (searchable, paged) or By ID.
 *
 * By ID carries a hint, not n8n's `validation` regex: n8n tests that regex at the start of every
 * execution in a vm with a 250 ms wall-clock limit, so a process stalled for a moment (a garbage
 * collection, a busy core) fails the execution with "Regular expression execution timed out"
 * before the node runs. The operation's own check refuses a malformed id, literal or expression,
 * by name before anything is sent (`test/actions/stalledRegex.test.ts`).
 */
export function locatorField(spec: FieldSpec, description?: string): INodeProperties {
	return {
		displayName: spec.displayName,
		name: spec.name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description,
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
				placeholder: spec.id.placeholder,
				// n8n shows this under the field without its name: say which id it is.
				hint: `${spec.displayName} ID: ${spec.id.hint}`,
			},
		],
	};
}

/**
 * A list of ids chosen from the workspace (n8n's multiOptions filled by a loadOptions method), or
 * given by an expression as an array or comma-separated text. The list reloads when the
 * Workspace changes.
 */
export function multiField(
	spec: { name: string; displayName: string; optionsMethod: string; placeholder: string },
	description: string,
): INodeProperties {
	return {
		displayName: spec.displayName,
		name: spec.name,
		type: 'multiOptions',
		typeOptions: {
			loadOptionsMethod: spec.optionsMethod,
			loadOptionsDependsOn: ['workspaceId.value'],
		},
		default: [],
		placeholder: spec.placeholder,
		description: `${description}. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.`,
	};
}
