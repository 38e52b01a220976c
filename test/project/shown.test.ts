// What a saved workflow of each version of the action node shows, held fixed: for every version
// and every Resource → Operation, the parameters the editor shows in their order, each as
// declared (type, default, options, modes, its other display conditions), apart from the
// conditions on Resource, Operation and the node's version, which are how the description is cut,
// not what it shows. The snapshot was recorded from the node of one description for versions 1-4
// (`@version` conditions); the node of one description per version must show the same. Version 5
// (Alert Above and Below on the node for the summary and the report) was recorded once it existed.
import { createHash } from 'crypto';
import type { IDataObject, INodeProperties, INodeTypeDescription } from 'n8n-workflow';

import { allOperations } from '../../nodes/AssetTracking/actions/operations';
import { actionNodeAt } from '../harness/actionNode';

const VERSIONS = [1, 2, 3, 4, 5];

/** The description n8n uses for a node of `version`: the version's own. */
const descriptionAt = (version: number): INodeTypeDescription => actionNodeAt(version).description;

const CUT = ['resource', 'operation', '/resource', '/operation', '@version'];

/** Whether a `@version` condition list admits a version (literal versions, or _cnd gte/lt/eq). */
function admits(conditions: unknown[], version: number): boolean {
	return conditions.some((c) => {
		const cnd = (c as { _cnd?: Record<string, number> })?._cnd;
		if (!cnd) return c === version;
		if (cnd.eq !== undefined) return version === cnd.eq;
		return (
			(cnd.gte === undefined || version >= cnd.gte) &&
			(cnd.lt === undefined || version < cnd.lt) &&
			(cnd.gt === undefined || version > cnd.gt) &&
			(cnd.lte === undefined || version <= cnd.lte)
		);
	});
}

interface At {
	resource: string;
	operation: string;
	version: number;
}

/** Whether the conditions on Resource, Operation and version show a property; hide is not used. */
function shownAt(property: INodeProperties, at: At): boolean {
	expect(property.displayOptions?.hide).toBeUndefined();
	const show = (property.displayOptions?.show ?? {}) as Record<string, unknown[]>;
	for (const key of ['resource', '/resource']) {
		if (show[key] && !show[key].includes(at.resource)) return false;
	}
	for (const key of ['operation', '/operation']) {
		if (show[key] && !show[key].includes(at.operation)) return false;
	}
	return !show['@version'] || admits(show['@version'], at.version);
}

/** A property as shown: those conditions cut, its nested options shown at the same place. */
function asShown(property: INodeProperties, at: At): IDataObject {
	const { displayOptions, options, ...rest } = property;
	const show = Object.fromEntries(
		Object.entries(displayOptions?.show ?? {}).filter(([key]) => !CUT.includes(key)),
	);
	const out: IDataObject = JSON.parse(JSON.stringify(rest)) as IDataObject;
	if (Object.keys(show).length > 0) out.displayOptions = JSON.parse(JSON.stringify({ show }));
	if (options) {
		out.options = options
			.filter((o) => !('type' in o) || shownAt(o as INodeProperties, at))
			.map((o) => {
				if ('type' in o) return asShown(o as INodeProperties, at);
				if ('values' in o)
					return {
						...(JSON.parse(JSON.stringify({ ...o, values: undefined })) as IDataObject),
						values: o.values.filter((v) => shownAt(v, at)).map((v) => asShown(v, at)),
					};
				return JSON.parse(JSON.stringify(o)) as IDataObject;
			});
	}
	return out;
}

/** What one Resource → Operation shows at a version: the names in order, and a hash of all of it. */
function shown(at: At): { names: string[]; sha256: string } {
	const properties = descriptionAt(at.version).properties.filter((p) => shownAt(p, at));
	const all = properties.map((p) => asShown(p, at));
	return {
		names: properties.map((p) => p.name),
		sha256: createHash('sha256').update(JSON.stringify(all)).digest('hex').slice(0, 16),
	};
}

describe('what a saved workflow of each version shows', () => {
	it.each(VERSIONS)('version %i: every operation shows the parameters it showed', (version) => {
		const byOperation: Record<string, unknown> = {};
		for (const { resource, operation } of allOperations()) {
			byOperation[`${resource}:${operation}`] = shown({ resource, operation, version });
		}
		expect(byOperation).toMatchSnapshot();
	});
});
