import type { INodeProperties } from 'n8n-workflow';

import type { Endpoint } from '../api';
import { UUID_PATTERN } from '../helpers/validation';
import { locatorField, type FieldSpec, type IdFormat } from './field';
import { searchFor, type ListSpec, type SearchMethod } from './search';

/** A resource picker: its parameter and the search method behind it, declared together. */
export interface Picker {
	/** The listSearch method's name: the From List mode names it, the node serves it under it. */
	readonly searchMethod: string;
	/** The parameter; `description` says what the picked item is for in this operation. */
	locator(description?: string): INodeProperties;
	readonly search: SearchMethod;
}

/** One picker from one declaration: the method name is given once and used by both halves. */
export function definePicker<E extends Endpoint>(spec: FieldSpec & { list: ListSpec<E> }): Picker {
	return {
		searchMethod: spec.searchMethod,
		locator: (description) => locatorField(spec, description),
		search: searchFor(spec.list),
	};
}

/** Workspaces, facilities and consignments: UUIDs. */
export const UUID_ID: IdFormat = {
	regex: UUID_PATTERN,
	hint: 'a UUID such as 6f1c2a34-8b9d-4e0f-a1b2-c3d4e5f60718',
	placeholder: 'e.g. 6f1c2a34-8b9d-4e0f-a1b2-c3d4e5f60718',
};

/** Assets and spaces: the spec's ID charset, at most 20 characters. */
export const shortId = (placeholder: string): IdFormat => ({
	regex: '^[A-Za-z0-9_-]{1,20}$',
	hint: 'up to 20 letters, digits, hyphens or underscores',
	placeholder,
});
