/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
// Issue 37: the examples (examples/*.json) are on the newest version of the pack's nodes, hold
// the parameters that version keeps, and what they post or write is named fields the items
// carry. The newest versions of n8n's own nodes are checked where n8n runs, in the e2e test
// ("examples are importable as they are"). Issue 36's alarms example and issue 37's daily
// summary example run here against the simulator.
import { expectSampleInvariants } from '../trigger/sampleInvariants';
import { readdirSync, readFileSync } from 'fs';
import { join } from 'path';
import {
	NodeHelpers,
	type IConnections,
	type IDataObject,
	type INode,
	type INodeType,
	type IVersionedNodeType,
} from 'n8n-workflow';

import { DirectoryLoader } from 'n8n-core';

import { AssetTracking } from '../../nodes/AssetTracking/AssetTracking.node';
import { AssetTrackingTrigger } from '../../nodes/AssetTracking/AssetTrackingTrigger.node';
import { fieldsRead, renderParameter } from '../harness/expressions';
import { everyProperty, inVersion } from '../harness/properties';
import { MINUTE, startSimulator, stopSimulator } from '../trigger/helpers';

const DIR = join(__dirname, '..', '..', 'examples');
const PACKAGE = 'n8n-nodes-asset-tracking';
/**
 * The node types as n8n's loader hands them to the editor: the action with n8n's request options
 * (declarative nodes), the trigger with Poll Times (polling nodes; the loader's own method).
 */
const loader = DirectoryLoader.prototype as unknown as {
	applySpecialNodeParameters(type: INodeType): void;
};
function loaded<T extends INodeType | IVersionedNodeType>(type: T): T {
	const versions = 'nodeVersions' in type ? Object.values(type.nodeVersions) : [type as INodeType];
	for (const version of versions) {
		DirectoryLoader.applyDeclarativeNodeOptionParameters(version);
		loader.applySpecialNodeParameters(version);
	}
	return type;
}
const TYPES: Record<string, INodeType | IVersionedNodeType> = {
	[`${PACKAGE}.assetTracking`]: loaded(new AssetTracking()),
	[`${PACKAGE}.assetTrackingTrigger`]: loaded(new AssetTrackingTrigger()),
};
const TRIGGER = `${PACKAGE}.assetTrackingTrigger`;

interface Workflow {
	id: string;
	name: string;
	nodes: INode[];
	connections: IConnections;
}

const files = readdirSync(DIR).filter((f) => f.endsWith('.json'));
const example = (file: string) =>
	JSON.parse(readFileSync(join(DIR, file), 'utf8')) as Workflow & { file: string };
const examples = files.map((file) => ({ ...example(file), file }));

/** The newest version of a node class, from its description (the version new nodes get). */
function newest(type: INodeType | IVersionedNodeType): number {
	const all =
		'nodeVersions' in type
			? Object.keys(type.nodeVersions).map(Number)
			: ([] as number[]).concat(type.description.version);
	expect(type.description.defaultVersion ?? Math.max(...all)).toBe(Math.max(...all));
	return Math.max(...all);
}

/** The type n8n runs a node saved with `version` with: that version's own for a versioned node. */
const typeAt = (type: INodeType | IVersionedNodeType, version: number): INodeType =>
	'nodeVersions' in type ? (type.getNodeType(version) as INodeType) : type;

const packNodes = examples.flatMap((wf) =>
	wf.nodes.filter((n) => n.type in TYPES).map((node) => ({ file: wf.file, node })),
);

describe('the examples', () => {
	it('are all read: thirteen, each with its n8n id (16 letters or digits)', () => {
		expect(files).toHaveLength(13);
		for (const wf of examples) expect(wf.id).toMatch(/^[A-Za-z0-9]{16}$/);
		expect(new Set(examples.map((wf) => wf.id)).size).toBe(examples.length);
	});

	it.each(packNodes.map(({ file, node }) => [file, node.name, node]))(
		"%s, %s: on the newest version of the pack's node",
		(_file, _name, node) => {
			const n = node as INode;
			expect(n.typeVersion).toBe(newest(TYPES[n.type]));
		},
	);

	it.each(packNodes.map(({ file, node }) => [file, node.name, node]))(
		'%s, %s: holds only parameters its version shows (n8n would drop the others on load)',
		(_file, _name, node) => {
			const n = node as INode;
			const { description } = typeAt(TYPES[n.type], n.typeVersion);
			// What n8n keeps of the saved parameters when it loads the node (the editor and the
			// engine both pass them through getNodeParameters), defaults added.
			const kept = NodeHelpers.getNodeParameters(
				description.properties,
				n.parameters,
				true,
				false,
				n,
				description,
			);
			expect(kept).toMatchObject(n.parameters);
		},
	);

	it('post a summary or map named fields: no conditional (?:) in what a Slack node posts', () => {
		for (const wf of examples)
			for (const node of wf.nodes.filter((n) => n.type === 'n8n-nodes-base.slack')) {
				const p = node.parameters as IDataObject;
				const text = String(p.text ?? (p.options as IDataObject)?.initialComment ?? '');
				const where = `${wf.file}, ${node.name}`;
				expect({ where, text }).toEqual({
					where,
					text: expect.stringMatching(/\$json\.summary|\$\('[^']+'\)\.item\.json\.summary/),
				});
				expect({ where, ternary: / \? /.test(text) }).toEqual({ where, ternary: false });
			}
	});
});

/** The nodes an item of `from` reaches, with the output it leaves by (If and Switch route). */
const next = (wf: Workflow, from: string, output = 0) =>
	(wf.connections[from]?.main?.[output] ?? []).map((c) => wf.nodes.find((n) => n.name === c.node)!);

/** An n8n filter condition (If 2.3, Switch 3.4) of the kinds the examples use, for one item. */
function holds(condition: IDataObject, json: IDataObject): boolean {
	const left = renderParameter(condition.leftValue, json);
	const right = condition.rightValue;
	const { type, operation } = condition.operator as { type: string; operation: string };
	if (left === undefined || left === null) return false;
	if (type === 'string' && operation === 'equals') return left === right;
	if (type === 'number' && operation === 'gte') return (left as number) >= (right as number);
	throw new Error(`an example's condition the test does not evaluate: ${type} ${operation}`);
}

function filterPasses(filter: IDataObject, json: IDataObject): boolean {
	const results = (filter.conditions as IDataObject[]).map((c) => holds(c, json));
	return filter.combinator === 'or' ? results.some(Boolean) : results.every(Boolean);
}

/**
 * Where an item of the trigger goes: through the nodes that pass it on as it is (Remove
 * Duplicates, If, Switch: routed by their conditions) to the first node that makes something of
 * it. Those nodes' names.
 */
function destinations(wf: Workflow, json: IDataObject, from: string): INode[] {
	return next(wf, from).flatMap(function route(node): INode[] {
		const p = node.parameters as IDataObject;
		if (node.type === 'n8n-nodes-base.removeDuplicates') {
			// What it dedupes on is a field every item carries.
			expect(renderParameter(p.dedupeValue, json)).toEqual(expect.any(String));
			return next(wf, node.name).flatMap(route);
		}
		if (node.type === 'n8n-nodes-base.if') {
			const output = filterPasses(p.conditions as IDataObject, json) ? 0 : 1;
			return next(wf, node.name, output).flatMap(route);
		}
		if (node.type === 'n8n-nodes-base.switch') {
			const rules = ((p.rules as IDataObject).values as IDataObject[]) ?? [];
			const output = rules.findIndex((r) => filterPasses(r.conditions as IDataObject, json));
			expect(output).toBeGreaterThanOrEqual(0);
			return next(wf, node.name, output).flatMap(route);
		}
		return [node];
	});
}

/** Every text of a node's parameters (nested), for the fields its expressions read. */
const texts = (value: unknown): string[] =>
	typeof value === 'string'
		? [value]
		: value && typeof value === 'object'
			? Object.values(value).flatMap(texts)
			: [];

describe("what the trigger examples do with each event (Fetch Test Event's items, version 6)", () => {
	const triggered = examples.filter((wf) => wf.nodes.some((n) => n.type === TRIGGER));

	it.each(triggered.map((wf) => [wf.file, wf]))(
		'%s: every field the next nodes read is on the item, and its summary is posted where a summary is read',
		async (_file, wf) => {
			const { sim, n8n } = await startSimulator({ historyMinutes: 120 });
			try {
				const w = wf as Workflow;
				const trigger = w.nodes.find((n) => n.type === TRIGGER)!;
				const items = (await n8n.poll(trigger.parameters, {}, 'manual', 'manual', {
					typeVersion: trigger.typeVersion,
					timezone: 'Europe/Berlin',
				}))!.map((i) => i.json);
				expect(items.map((j) => j.event)).toEqual(trigger.parameters.events);
				for (const json of items) {
					// A sample never contradicts itself: times in order, counts that agree.
					expectSampleInvariants(json);
					const reached = destinations(w, json, trigger.name);
					expect(reached.length).toBeGreaterThan(0);
					for (const node of reached) {
						// A node after the trigger reads the trigger's item; one further on (after a
						// summary or a report) reads that node's output, checked by its own tests.
						const read = texts(node.parameters).flatMap(fieldsRead);
						const own = next(w, trigger.name).includes(node) || node.type.endsWith('slack');
						if (own && !node.type.startsWith(PACKAGE))
							for (const field of read)
								expect([node.name, field, json[field] !== undefined]).toEqual([
									node.name,
									field,
									true,
								]);
						const text = (node.parameters as IDataObject).text;
						if (typeof text === 'string' && text.includes('$json.summary'))
							expect(renderParameter(text, json)).toContain(String(json.summary));
					}
				}
			} finally {
				await stopSimulator(sim);
			}
		},
		60_000,
	);
});

describe("issue 36's example: alarms by severity to two Slack channels", () => {
	it('Warning > 8 °C/30 min and Critical > 15 °C/5 min, reminders every 20 min: critical events and every reminder from the second on go to the escalation channel, the rest to the team', async () => {
		const wf = example('alarms-by-severity-to-slack.json');
		const trigger = wf.nodes.find((n) => n.type === TRIGGER)!;
		expect(trigger.parameters.options).toMatchObject({
			alarms: {
				alarm: [
					{ name: 'Warning', threshold: 8, delayMinutes: 30, severity: 'warning' },
					{ name: 'Critical', threshold: 15, delayMinutes: 5, severity: 'critical' },
				],
			},
			remindEveryMinutes: 20,
		});
		const { sim, n8n } = await startSimulator({ labelledAssets: 0, historyMinutes: 30 });
		try {
			const start = sim.clock.now();
			// 16 °C from 10 to 110 minutes after the activation, 5 °C around it.
			sim.addLabelledAssets(sim.seed.workspaceId, 1, {
				name: 'Pallet 7',
				temperatureScript: [
					{ from: start + 10 * MINUTE, until: start + 110 * MINUTE, celsius: 16 },
					{ from: start - 120 * MINUTE, until: start + 240 * MINUTE, celsius: 5 },
				],
			});
			const staticData: IDataObject = {};
			const poll = async () =>
				(
					(await n8n.poll(trigger.parameters, staticData, 'trigger', 'activate', {
						typeVersion: trigger.typeVersion,
						timezone: 'Europe/Berlin',
					})) ?? []
				).map((i) => i.json);
			expect(await poll()).toEqual([]);
			const items: IDataObject[] = [];
			for (let m = 0; m < 130; m += 5) {
				sim.clock.advance(5 * MINUTE);
				items.push(...(await poll()));
			}
			const at = (json: IDataObject, field: string) =>
				(Date.parse(String(json[field])) - start) / MINUTE;
			const posted = items.map((json) => {
				const [slack] = destinations(wf, json, trigger.name);
				return [json.alarm, json.event, json.reminder ?? null, slack.name];
			});
			expect(posted).toEqual([
				['Critical', 'alarmRaised', null, 'Post to Escalation'],
				['Critical', 'alarmOngoing', 1, 'Post to Escalation'],
				['Warning', 'alarmRaised', null, 'Post to Team'],
				['Critical', 'alarmOngoing', 2, 'Post to Escalation'],
				// Version 6: Warning's reminders give way while Critical, above the same way, is raised.
				['Critical', 'alarmOngoing', 3, 'Post to Escalation'],
				['Critical', 'alarmOngoing', 4, 'Post to Escalation'],
				['Warning', 'alarmCleared', null, 'Post to Team'],
				['Critical', 'alarmCleared', null, 'Post to Escalation'],
			]);
			const raised = items.filter((j) => j.event === 'alarmRaised');
			expect(raised.map((j) => [j.alarm, at(j, 'startedAt'), at(j, 'raisedAt')])).toEqual([
				['Critical', 10, 15],
				['Warning', 10, 40],
			]);
			// One eventId per event: what Once per Event (Remove Duplicates) keeps them apart by.
			expect(new Set(items.map((j) => j.eventId)).size).toBe(items.length);
			for (const json of items) {
				const [slack] = destinations(wf, json, trigger.name);
				expect(renderParameter((slack.parameters as IDataObject).text, json)).toMatch(
					new RegExp(`^:\\w+: ${json.alarm as string}: Pallet 7 `),
				);
			}
		} finally {
			await stopSimulator(sim);
		}
	}, 60_000);
});

describe("issue 37's example: every morning, the previous day's summary of every asset to Google Sheets", () => {
	it('one row per asset: asset, room, the rule, mean, MKT, minutes out and missing over yesterday in the workflow time zone', async () => {
		const wf = example('daily-summary-to-google-sheets.json');
		const [list, summary] = ['All Assets', 'Previous Day Summary'].map(
			(name) => wf.nodes.find((n) => n.name === name)!,
		);
		const columns = (
			wf.nodes.find((n) => n.name === 'Append Audit Row')!.parameters.columns as IDataObject
		).value as IDataObject;
		expect(summary.parameters.period).toBe('previousDay');
		// The summary's period is this machine's yesterday: the simulator's clock starts at this
		// machine's, with history back to before yesterday's midnight (in Berlin).
		const now = Math.floor(Date.now() / MINUTE) * MINUTE;
		const { sim, n8n } = await startSimulator({
			startTime: now,
			historyMinutes: 50 * 60,
			labelledAssets: 2,
		});
		try {
			const timezone = 'Europe/Berlin';
			const assets = await n8n.runNode(list.parameters, {
				typeVersion: list.typeVersion,
				timezone,
			});
			expect(assets.error).toBeUndefined();
			const labelled = assets.items.filter((i) =>
				sim.seed.labelledAssetIds.includes(String(i.json.id)),
			);
			expect(labelled.length).toBeGreaterThanOrEqual(2);
			const run = await n8n.runNode(summary.parameters, {
				typeVersion: summary.typeVersion,
				timezone,
				input: labelled.map((i) => i.json),
			});
			expect(run.error).toBeUndefined();
			expect(run.items).toHaveLength(labelled.length);
			const berlinDate = (ms: number) =>
				new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(new Date(ms));
			for (const [i, { json }] of run.items.entries()) {
				const row = Object.fromEntries(
					Object.entries(columns).map(([name, value]) => [name, renderParameter(value, json)]),
				);
				for (const field of Object.values(columns).flatMap(fieldsRead))
					expect([field, json[field] !== undefined]).toEqual([field, true]);
				const from = Date.parse(String(row.From));
				const to = Date.parse(String(row.To));
				// A calendar day in Berlin, midnight to the second before the next midnight, the
				// last that ended before the summary was made (whatever the moment the test runs).
				const clock = (ms: number) =>
					new Intl.DateTimeFormat('en-GB', { timeZone: timezone, timeStyle: 'medium' }).format(ms);
				expect([clock(from), clock(to), berlinDate(from) === berlinDate(to)]).toEqual([
					'00:00:00',
					'23:59:59',
					true,
				]);
				expect(to + 1000).toBeLessThanOrEqual(Date.now());
				expect(to + 1000).toBeGreaterThan(now - 25 * 60 * MINUTE);
				expect(to - from).toBeGreaterThanOrEqual(23 * 60 * MINUTE - 1000);
				expect(row).toMatchObject({
					Asset: labelled[i].json.name,
					'Asset ID': labelled[i].json.id,
					'Alert Above (°C)': 8,
					'Alert Below (°C)': 2,
					'Minimum Duration (min)': 10,
					'Activation Energy (kJ/mol)': 83.144,
					'Mean (°C)': expect.any(Number),
					'MKT (°C)': expect.any(Number),
					'Minutes Above': expect.any(Number),
					'Minutes Below': expect.any(Number),
					'Missing Minutes': expect.any(Number),
				});
				expect(row.Readings).toBeGreaterThan(20 * 60);
			}
		} finally {
			await stopSimulator(sim);
		}
	}, 120_000);
});

/** Every value a node's parameters hold under `name`, at any depth (collections, fixed collections). */
function valuesNamed(parameters: unknown, names: Set<string>, out: unknown[] = []): unknown[] {
	if (Array.isArray(parameters)) for (const v of parameters) valuesNamed(v, names, out);
	else if (parameters && typeof parameters === 'object')
		for (const [key, value] of Object.entries(parameters)) {
			if (names.has(key)) out.push(value);
			valuesNamed(value, names, out);
		}
	return out;
}

/** A space picked in a node: its name as the picker cached it, without the ID n8n appends. */
const roomsOf = (wf: Workflow) =>
	valuesNamed(
		wf.nodes.map((n) => n.parameters),
		new Set(['spaceId', 'id']),
	)
		.map((v) => String((v as IDataObject)?.cachedResultName ?? ''))
		.filter(Boolean)
		.map((name) => name.replace(/ \([A-Za-z0-9-]+\)$/, ''));

describe("the examples' sticky notes say what the example does as shipped", () => {
	const noteOf = (wf: Workflow) =>
		wf.nodes
			.filter((n) => n.type === 'n8n-nodes-base.stickyNote')
			.map((n) => String((n.parameters as IDataObject).content ?? ''))
			.join('\n');
	/** The labels a pack node shows at its version, with the parameter names behind each. */
	const labelsOf = (node: INode) => {
		const labels = new Map<string, Set<string>>();
		for (const { property } of everyProperty(
			inVersion(
				typeAt(TYPES[node.type], node.typeVersion).description.properties,
				node.typeVersion,
			),
		)) {
			const names = labels.get(property.displayName) ?? new Set<string>();
			names.add(property.name);
			labels.set(property.displayName, names);
		}
		return labels;
	};
	/** Every label any version of the pack's nodes shows: an italic term among them is a parameter. */
	const anyLabel = new Set(
		Object.values(TYPES).flatMap((type) =>
			('nodeVersions' in type ? Object.values(type.nodeVersions) : [type]).flatMap((t) =>
				everyProperty(t.description.properties).map(({ property }) => property.displayName),
			),
		),
	);
	const everyRoom = new Set(examples.flatMap(roomsOf));

	it('the checks read the notes: rooms and labels are found', () => {
		expect([...everyRoom]).toEqual(expect.arrayContaining(['Freezer 1', 'Dock #3 (In/Out)']));
		expect(anyLabel.has('Rules by Space') && anyLabel.has('Profiles by Space')).toBe(true);
	});

	it.each(
		examples.filter((wf) => wf.nodes.some((n) => n.type in TYPES)).map((wf) => [wf.file, wf]),
	)(
		'%s: its note names its nodes’ versions, their labels, the rooms it picks and the limits it sets',
		(_file, wf) => {
			const workflow = wf as Workflow & { file: string };
			const note = noteOf(workflow);
			const pack = workflow.nodes.filter((n) => n.type in TYPES);
			const labels = pack.map(labelsOf);
			const problems: string[] = [];
			for (const [, version] of note.matchAll(/\bversion (\d+)/gi))
				if (!pack.some((n) => n.typeVersion === Number(version)))
					problems.push(
						`"version ${version}": its nodes are ${pack.map((n) => n.typeVersion).join(', ')}`,
					);
			for (const [, label] of note.matchAll(/\*([^*\n]+)\*/g))
				if (anyLabel.has(label) && !labels.some((l) => l.has(label)))
					problems.push(`"${label}": no node of this example shows it at its version`);
			const rooms = new Set(roomsOf(workflow));
			for (const [, bold] of note.matchAll(/\*\*([^*\n]+)\*\*/g))
				if (everyRoom.has(bold) && !rooms.has(bold))
					problems.push(`room "${bold}": not picked in this example`);
			// "*Label* (here N": the parameter with that label is set to N in a node of the example.
			for (const [, label, n] of note.matchAll(/\*([^*\n]+)\*[^(*\n]*\(here (\d+)/g)) {
				const names = new Set(labels.flatMap((l) => [...(l.get(label) ?? [])]));
				const values = valuesNamed(
					pack.map((node) => node.parameters),
					names,
				);
				if (!values.includes(Number(n)))
					problems.push(`"${label}" (here ${n}): set to ${JSON.stringify(values)}`);
			}
			expect(problems).toEqual([]);
		},
	);
});
