import { NodeHelpers } from 'n8n-workflow';
import type { INodeProperties } from 'n8n-workflow';

/**
 * The versions of the action node, oldest first; the last is the one a new node gets. Each has
 * a description of its own (n8n's VersionedNodeType), cut from the fields' `@version` conditions
 * by `atVersion`: n8n's RoutingNode walks every property of the description for every item, so a
 * description holding only what its version shows keeps a routed operation cheap. Adding a
 * version: its number here, and `@version` conditions on the fields that differ from it
 * (docs/actions.md, "Adding a version").
 */
export const ACTION_VERSIONS = [1, 2, 3, 4, 5];

export const LATEST_VERSION = ACTION_VERSIONS[ACTION_VERSIONS.length - 1];

/** The node version from which the transport settings sit in Advanced, not in Options. */
export const ADVANCED_SINCE = 3;

/** Whether a property's `@version` conditions admit a version, as n8n's editor judges them. */
export function shownAtVersion(property: INodeProperties, version: number): boolean {
	const conditions = property.displayOptions?.show?.['@version'];
	return !conditions || NodeHelpers.checkConditions(conditions, [version]);
}

/**
 * The properties a version shows, nested ones (a collection's options, a fixed collection's
 * values) included, without their `@version` conditions: within one version's description they
 * always hold.
 */
export function atVersion(properties: INodeProperties[], version: number): INodeProperties[] {
	return properties
		.filter((property) => shownAtVersion(property, version))
		.map((property) => withoutVersionCondition(property, version));
}

function withoutVersionCondition(property: INodeProperties, version: number): INodeProperties {
	let out = property;
	if (property.displayOptions?.show?.['@version']) {
		const show = { ...property.displayOptions.show };
		delete show['@version'];
		const displayOptions = { ...property.displayOptions, show };
		if (Object.keys(show).length === 0) delete (displayOptions as { show?: unknown }).show;
		out = { ...property, displayOptions };
		if (Object.keys(displayOptions).length === 0) delete out.displayOptions;
	}
	if (!property.options?.some((o) => 'type' in o || 'values' in o)) return out;
	const options: NonNullable<INodeProperties['options']> = [];
	for (const option of property.options) {
		if ('values' in option) options.push({ ...option, values: atVersion(option.values, version) });
		else if ('type' in option) options.push(...atVersion([option as INodeProperties], version));
		else options.push(option);
	}
	return { ...out, options } as INodeProperties;
}
