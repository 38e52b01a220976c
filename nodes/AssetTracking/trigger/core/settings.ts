import type { IDataObject, INode } from 'n8n-workflow';

import { refusal } from '../../transport';
import { numberOption as checkedNumber, rules } from '../../helpers/validation';
import { ALERT_ABOVE, ALERT_BELOW } from '../../helpers/spaceProfiles';

/** Temperature alert bounds: a reading is emitted when below `min` or above `max`. */
export interface TemperatureBounds {
	min?: number;
	max?: number;
}

/**
 * A number option, checked against [min, max]; undefined when the user did not add it. One added
 * whose expression yields nothing (undefined, null, empty text) is an error naming it, never its
 * default (helpers/validation.ts numberOption, as the action node reads its options).
 */
function optionalNumber(
	node: INode,
	options: IDataObject,
	name: string,
	label: string,
	min: number,
	max = Number.MAX_SAFE_INTEGER,
): number | undefined {
	return checkedNumber(node, `"${label}"`, options, name, rules.number(min, max));
}

/** A number option with its default. */
export function numberOption(
	node: INode,
	options: IDataObject,
	name: string,
	label: string,
	fallback: number,
	min: number,
	max?: number,
): number {
	return optionalNumber(node, options, name, label, min, max) ?? fallback;
}

/** The range a temperature may take (spec: -100 to 500). */
export const TEMPERATURE_RANGE = [-100, 500] as const;

/** Alert Above and Below as set (each undefined when not added). */
export function temperatureBounds(node: INode, options: IDataObject): TemperatureBounds {
	return {
		min: optionalNumber(node, options, 'minTemperature', ALERT_BELOW, ...TEMPERATURE_RANGE),
		max: optionalNumber(node, options, 'maxTemperature', ALERT_ABOVE, ...TEMPERATURE_RANGE),
	};
}

/** The trigger version from which the range sits on the node, shown with the temperature events. */
export const RANGE_SINCE = 5;

/**
 * The bounds that filter New Temperature Reading: Alert Above and Below as set in versions 1 to 4;
 * from version 5 the node's range, only when the option Only Readings Outside the Range is on.
 */
export function readingFilter(
	node: INode,
	options: IDataObject,
	version: number,
): TemperatureBounds {
	return version < RANGE_SINCE || options.outsideRangeOnly === true
		? temperatureBounds(node, options)
		: {};
}

/**
 * The node's Alert Above and Below as the rulebook reads them (parameters/rulebook.ts): the
 * defaults (8 and 2) when not added, and Alert Below under Alert Above. `above` and `below` are
 * their labels (version 6: Default Alert Above and Below).
 */
export function alertBounds(
	node: INode,
	options: IDataObject,
	what: string,
	above = ALERT_ABOVE,
	below = ALERT_BELOW,
): { maxTemperature: number; minTemperature: number } {
	const bound = (name: string, label: string, fallback: number) =>
		numberOption(node, options, name, label, fallback, ...TEMPERATURE_RANGE);
	const maxTemperature = bound('maxTemperature', above, 8);
	const minTemperature = bound('minTemperature', below, 2);
	if (!(minTemperature < maxTemperature)) {
		throw refusal(
			node,
			`"${below}" must be below "${above}" for ${what}: ${minTemperature} is not below ${maxTemperature}`,
		);
	}
	return { maxTemperature, minTemperature };
}
