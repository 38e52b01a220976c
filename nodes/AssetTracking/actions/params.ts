import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import {
	check,
	coerceBoolean,
	coerceNumber,
	coerceText,
	isNothing,
	nothingGiven,
	numberOption,
	rules,
	type Rule,
} from '../helpers/validation';
import { shownAtVersion } from './versions';

/** What a number field takes when its operation states no narrower rule. */
const ANY_NUMBER = rules.number(-Number.MAX_VALUE, Number.MAX_VALUE);

/**
 * Reads one item's parameters and checks them against the spec's rules, so every operation
 * says in one line what it needs, and every error names the field as the user sees it.
 */
export class ParamReader {
	constructor(
		readonly ctx: IExecuteFunctions,
		readonly itemIndex: number,
		private readonly fields: INodeProperties[] = [],
	) {}

	/** A required value (resource locators are unwrapped to their value). */
	required<T = string>(name: string, rule?: Rule): T {
		const value = this.raw(name);
		if (value === undefined || value === null || value === '') {
			check(this.ctx.getNode(), this.label(name), value, rules.given(), this.itemIndex);
		}
		return this.checked(name, value, rule) as T;
	}

	/**
	 * An optional value: undefined when empty, otherwise checked. A number field always holds a
	 * number, so an empty one is an expression that yielded nothing: an error naming it.
	 */
	optional<T = string>(name: string, rule?: Rule): T | undefined {
		const value = this.raw(name);
		const field = this.field(name);
		if (isNothing(value) && field?.type === 'number') {
			throw nothingGiven(
				this.ctx.getNode(),
				this.label(name),
				value,
				rule ?? ANY_NUMBER,
				this.itemIndex,
			);
		}
		if (isNothing(value)) return undefined;
		return this.checked(name, value, rule) as T;
	}

	/** A value from a collection parameter (Options, Filters, Additional Fields). */
	fromCollection<T = string>(
		collection: string,
		name: string,
		rule?: Rule,
		label?: string,
	): T | undefined {
		const values = this.collection(collection);
		const option = this.collectionOption(collection, name);
		const shown = label ?? this.collectionLabel(collection, name);
		if (option?.type === 'number') {
			return numberOption(
				this.ctx.getNode(),
				shown,
				values,
				name,
				rule ?? ANY_NUMBER,
				this.itemIndex,
			) as T | undefined;
		}
		const value = values[name];
		if (value === undefined || value === null || value === '') return undefined;
		return this.typed(option, shown, value, rule) as T;
	}

	collection(name: string): IDataObject {
		return (this.ctx.getNodeParameter(name, this.itemIndex, {}) as IDataObject) ?? {};
	}

	/** Checks a value that did not come straight from a parameter (an element of a list, say). */
	check<T>(label: string, value: T, rule: Rule): T {
		return check(this.ctx.getNode(), label, value, rule, this.itemIndex);
	}

	label(name: string): string {
		return `"${this.field(name)?.displayName ?? name}"`;
	}

	/** How an option of a collection shows to the user, quoted: the name errors use. */
	collectionLabel(collection: string, name: string): string {
		return `"${this.collectionOption(collection, name)?.displayName ?? name}"`;
	}

	private collectionOption(collection: string, name: string): INodeProperties | undefined {
		const parent = this.field(collection);
		const options = (parent?.options ?? []) as INodeProperties[];
		return options.find((option) => option.name === name);
	}

	/**
	 * The field of that name the node's version shows: a field may be declared once per range of
	 * versions (a filter that became a list), each with its own label and type.
	 */
	private field(name: string): INodeProperties | undefined {
		const version = this.ctx.getNode().typeVersion;
		const named = this.fields.filter((field) => field.name === name);
		return named.find((field) => shownAtVersion(field, version)) ?? named[0];
	}

	private raw(name: string): unknown {
		const value = this.ctx.getNodeParameter(name, this.itemIndex, undefined, {
			extractValue: true,
		});
		return typeof value === 'string' ? value.trim() : value;
	}

	private checked(name: string, value: unknown, rule?: Rule) {
		return this.typed(this.field(name), this.label(name), value, rule);
	}

	/**
	 * A value as its field's type, read the way n8n's own nodes read expression results: "true" /
	 * "false" for a boolean, numeric text for a number, a number for an id or name (its digits).
	 * Anything else is refused by name, nothing sent.
	 */
	private typed(field: INodeProperties | undefined, label: string, value: unknown, rule?: Rule) {
		const fallback =
			field?.type === 'boolean'
				? rules.boolean()
				: field?.type === 'number'
					? ANY_NUMBER
					: undefined;
		const effective = rule ?? fallback;
		const typed = asFieldType(field?.type, value);
		if (!effective || effective.test(typed)) return typed;
		// A field whose type is not known here: accept the reading of the value that fits the rule.
		if (!field) {
			const fitting = [coerceText(value), coerceNumber(value), coerceBoolean(value)].find((v) =>
				effective.test(v),
			);
			if (fitting !== undefined) return fitting;
		}
		return check(this.ctx.getNode(), label, typed, effective, this.itemIndex);
	}
}

function asFieldType(type: string | undefined, value: unknown): unknown {
	switch (type) {
		case 'boolean':
			return coerceBoolean(value);
		case 'number':
			return coerceNumber(value);
		case 'string':
		case 'resourceLocator':
			return coerceText(value);
		default:
			return value;
	}
}

/** The workspace in the path of most operations: the picker's value, checked as a UUID. */
export const workspaceIdParam = (p: ParamReader) => ({
	workspaceId: p.required('workspaceId', rules.uuid()),
});
