// What n8n reads from both nodes, held fixed: every parameter's name, display name, default,
// options, modes and searchListMethod, and the listSearch methods the node serves. Saved
// workflows and the editor depend on them, so a change to how they are declared in code (the
// pickers, the registry) must leave this output as it was. The snapshot was written from main
// before the pickers moved; a deliberate change of a parameter updates it (`npx jest -u` on this
// file) and shows up in review. The action node has one description per version since issue 48
// (each snapshotted): shown.test.ts holds that each version shows what it showed before.
import type { INodeProperties, INodeType } from 'n8n-workflow';

import { AssetTracking } from '../../nodes/AssetTracking/AssetTracking.node';
import { AssetTrackingTrigger } from '../../nodes/AssetTracking/AssetTrackingTrigger.node';
import { actionNodes } from '../harness/actionNode';
import { everyProperty } from '../harness/properties';

/** As n8n sees it over its API and in saved JSON: undefined keys dropped. */
const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

/** The searchListMethod of every resource locator, nested ones (fixedCollection values) included. */
const searchListMethods = (properties: readonly INodeProperties[]): string[] =>
	[
		...new Set(
			everyProperty(properties).flatMap(({ property }) =>
				(property.modes ?? []).flatMap((mode) => mode.typeOptions?.searchListMethod ?? []),
			),
		),
	].sort();

describe.each([
	['Asset Tracking (base)', new AssetTracking()],
	...actionNodes().map(([version, type]) => [`Asset Tracking ${version}`, type]),
	['Asset Tracking Trigger', new AssetTrackingTrigger()],
] as Array<[string, INodeType]>)('%s', (_name, node) => {
	it('describes the same parameters as before', () => {
		expect(plain(node.description)).toMatchSnapshot();
	});

	it('serves the same listSearch methods as before, and exactly those its pickers name', () => {
		const served = Object.keys(node.methods?.listSearch ?? {}).sort();
		expect(served).toMatchSnapshot();
		expect(served).toEqual(searchListMethods(node.description.properties ?? []));
		for (const name of served) expect(typeof node.methods?.listSearch?.[name]).toBe('function');
	});
});
