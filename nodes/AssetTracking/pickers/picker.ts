import type { INodeProperties } from 'n8n-workflow';

import type { Endpoint } from '../api';
import { locatorField, multiField, type FieldSpec, type IdFormat } from './field';
import {
	optionsFor,
	searchFor,
	type ListSpec,
	type LoadOptionsMethod,
	type SearchMethod,
} from './search';

/** A resource picker: its parameter and the search method behind it, declared together. */
export interface Picker {
	/** The listSearch method's name: the From List mode names it, the node serves it under it. */
	readonly searchMethod: string;
	/** The parameter; `description` says what the picked item is for in this operation. */
	locator(description?: string): INodeProperties;
	readonly search: SearchMethod;
	/** The loadOptions method's name: a multi-picker names it, a node serves it under it. */
	readonly optionsMethod: string;
	/**
	 * A list of ids chosen from the workspace (multiOptions), named `name` and labelled
	 * `displayName` ("In Space Names or IDs", as n8n's lint wants a dynamic list named).
	 */
	multi(name: string, displayName: string, description: string): INodeProperties;
	readonly options: LoadOptionsMethod;
}

/** One picker from one declaration: the method name is given once and used by both halves. */
export function definePicker<E extends Endpoint>(spec: FieldSpec & { list: ListSpec<E> }): Picker {
	const optionsMethod = spec.searchMethod.replace(/^search/, 'get');
	return {
		searchMethod: spec.searchMethod,
		locator: (description) => locatorField(spec, description),
		search: searchFor(spec.list),
		optionsMethod,
		multi: (name, displayName, description) =>
			multiField(
				{ name, displayName, optionsMethod, placeholder: spec.id.listPlaceholder },
				description,
			),
		options: optionsFor(spec.list),
	};
}

/** Workspaces, facilities and consignments: UUIDs. */
export const UUID_ID: IdFormat = {
	hint: 'a UUID such as 6f1c2a34-8b9d-4e0f-a1b2-c3d4e5f60718',
	placeholder: 'e.g. 6f1c2a34-8b9d-4e0f-a1b2-c3d4e5f60718',
	listPlaceholder: 'e.g. 6f1c2a34-8b9d-4e0f-a1b2-c3d4e5f60718,0b7e4c1d-2f3a-4b5c-9d8e-7f6a5b4c3d2e',
};

/**
 * Assets and spaces: the spec's ID charset, at most 20 characters; the service's ids are 20
 * letters and digits (`examples`: two of them, as a placeholder shows them).
 */
export const shortId = (examples: [string, string]): IdFormat => ({
	hint: 'up to 20 letters, digits, hyphens or underscores',
	placeholder: `e.g. ${examples[0]}`,
	listPlaceholder: `e.g. ${examples.join(',')}`,
});
