import type { INodeProperties } from 'n8n-workflow';

/** How the By ID mode checks what a user types. */
export interface IdFormat {
	/** The spec's charset for this id. */
	regex: string;
	/** What the id must be, completing "<Display name> ID must be …". */
	hint: string;
	placeholder: string;
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

/** A required resource locator: From List (searchable, paged) or By ID (checked by pattern). */
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
				validation: [
					{
						type: 'regex',
						properties: {
							regex: spec.id.regex,
							// n8n shows this under the field without its name: say which id it is.
							errorMessage: `${spec.displayName} ID must be ${spec.id.hint}`,
						},
					},
				],
			},
		],
	};
}
