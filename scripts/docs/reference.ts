/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
/**
 * `npm run docs:reference`: writes docs/guide/reference.md, the users' reference, from what the
 * nodes themselves describe: every event of the trigger's newest version (its name and meaning
 * from the Events list, its fields and example sentence from Fetch Test Event run against the
 * simulator on a fixed clock), and every parameter of the newest trigger and action versions
 * (label, meaning, default, when it shows). Nothing in it is written by hand, so a new field or
 * parameter reaches it by running the command again; a jest test fails while it is out of step.
 */
import '../../engine/env'; // n8n's user folder in a temp dir, quiet logs
import { writeFileSync } from 'fs';
import { join } from 'path';
import {
	NodeHelpers,
	type IDataObject,
	type INode,
	type INodeParameters,
	type INodeProperties,
	type INodePropertyOptions,
	type INodeTypeDescription,
} from 'n8n-workflow';

import { EngineHarness } from '../../engine/engine';
import { AssetTracking } from '../../nodes/AssetTracking/AssetTracking.node';
import { AssetTrackingTrigger } from '../../nodes/AssetTracking/AssetTrackingTrigger.node';
import { FAMILIES } from '../../nodes/AssetTracking/trigger/families/registry';
import { Simulator } from '../../simulator';

export const REFERENCE_FILE = join(__dirname, '..', '..', 'docs', 'guide', 'reference.md');
export const REFERENCE_COMMAND = 'npm run docs:reference';

/** The simulator's clock while the samples are made: the same items, times and sentences every run. */
const CLOCK = Date.parse('2026-03-02T12:00:00Z');
const TIMEZONE = 'Europe/Berlin';

const actionNode = new AssetTracking();
const ACTION_VERSION = actionNode.currentVersion;
const action = actionNode.getNodeType(ACTION_VERSION).description;
const trigger = new AssetTrackingTrigger().description;
const TRIGGER_VERSION = Math.max(...([] as number[]).concat(trigger.version));

/** The trigger's events of its newest version, in the Events list's order, each once. */
function events() {
	const seen = new Set<string>();
	return FAMILIES.flatMap((family) => family.events).filter((event) => {
		if (seen.has(event.value) || (event.since ?? 0) > TRIGGER_VERSION) return false;
		seen.add(event.value);
		return true;
	});
}

/** A rule for every event, so that Fetch Test Event gives an item of each (the defaults otherwise). */
const SAMPLE_OPTIONS = {
	alarms: {
		alarm: [
			{
				name: 'Warning',
				severity: 'warning',
				direction: 'above',
				threshold: 8,
				delayMinutes: 30,
				counting: 'consecutive',
			},
		],
	},
	remindEveryMinutes: 20,
	dwellSpaceMinutes: 120,
	deliverWithinHours: 48,
};

/** Fetch Test Event of the newest trigger version, every event chosen, on the simulator's demo data. */
async function samples(): Promise<Map<string, IDataObject>> {
	const sim = new Simulator({ clock: 'manual', startTime: CLOCK, historyMinutes: 120 });
	await sim.start();
	try {
		const n8n = new EngineHarness(sim);
		const parameters = {
			events: events().map((e) => e.value),
			scope: 'workspace',
			workspaceId: { __rl: true, mode: 'id', value: sim.seed.workspaceId },
			// The demo's freezer judged by a freezer's rule, as a user would set it.
			spaceProfiles: {
				profile: [
					{
						spaceId: { __rl: true, mode: 'id', value: sim.seed.freezerSpaceId },
						maxTemperature: -15,
						minTemperature: -25,
					},
				],
			},
			options: SAMPLE_OPTIONS,
		} as unknown as INodeParameters;
		const items = await n8n.poll(parameters, {}, 'manual', 'manual', {
			typeVersion: TRIGGER_VERSION,
			timezone: TIMEZONE,
		});
		return new Map((items ?? []).map((item) => [String(item.json.event), item.json]));
	} finally {
		await sim.stop();
	}
}

/** A table cell: one line, pipes escaped. */
const cell = (text: string) => text.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();

/** A default as a person reads it in the editor. */
function shownDefault(property: INodeProperties): string {
	const value = property.default;
	if (value === '' || value === undefined || value === null) return '';
	if (property.type === 'options' || property.type === 'multiOptions') {
		const names = ([] as unknown[])
			.concat(value)
			.map((v) => property.options?.find((o) => 'value' in o && o.value === v)?.name ?? String(v));
		return names.join(', ');
	}
	if (typeof value === 'boolean') return value ? 'on' : 'off';
	if (property.type === 'resourceLocator') return '';
	if (typeof value === 'object') {
		return Object.keys(value).length === 0 ? '' : JSON.stringify(value);
	}
	return String(value);
}

/** What a parameter means: its description, or for a choice its options' names. */
function meaning(property: INodeProperties): string {
	if (property.name === 'events')
		return `${property.description ?? ''} Choices: the events [above](#trigger-events-asset-tracking-trigger-version-${TRIGGER_VERSION}).`;
	const choices =
		property.type === 'options' || property.type === 'multiOptions'
			? (property.options as INodePropertyOptions[] | undefined)
					?.filter((o) => 'value' in o)
					.map((o) => (o.description ? `${o.name} (${o.description})` : o.name))
			: undefined;
	return [property.description ?? '', choices?.length ? `Choices: ${choices.join('; ')}.` : '']
		.filter(Boolean)
		.join(' ');
}

/** Whether n8n's editor shows `property` of `node` for these values of its parameters. */
const shows = (
	property: INodeProperties,
	values: INodeParameters,
	version: number,
	description: INodeTypeDescription,
) => NodeHelpers.displayParameter(values, property, { typeVersion: version }, description, values);

interface Row {
	label: string;
	meaning: string;
	default: string;
}

/** A parameter and, for a collection or fixed collection, the fields inside it (labelled by path). */
function rows(property: INodeProperties, prefix = ''): Row[] {
	const label = `${prefix}${property.displayName}`;
	const own: Row = { label, meaning: meaning(property), default: shownDefault(property) };
	if (property.type === 'collection')
		return [own, ...(property.options as INodeProperties[]).flatMap((p) => rows(p, `${label} → `))];
	if (property.type === 'fixedCollection')
		return [
			own,
			...(property.options as Array<{ displayName: string; values: INodeProperties[] }>).flatMap(
				(group) =>
					group.values.flatMap((p) =>
						rows(p, group.displayName === property.displayName ? `${label} → ` : `${label} → `),
					),
			),
		];
	return [own];
}

const table = (header: string[], body: string[][]) =>
	[
		`| ${header.join(' | ')} |`,
		`| ${header.map(() => '---').join(' | ')} |`,
		...body.map((r) => `| ${r.map(cell).join(' | ')} |`),
	].join('\n');

function eventsSection(items: Map<string, IDataObject>): string {
	const out = [
		`## Trigger events (Asset Tracking Trigger, version ${TRIGGER_VERSION})`,
		'',
		'Choose them under **Events**. Every item carries the fields listed, in this order; `summary` is the sentence to post as it is. ' +
			'The example sentence is what **Fetch Test Event** gives on the demo data.',
	];
	for (const event of events()) {
		const item = items.get(event.value);
		const fields = item
			? Object.keys(item)
					.filter((k) => k !== 'sample' && k !== 'assumed')
					.map((k) => `\`${k}\``)
					.join(', ')
			: '';
		out.push(
			'',
			`### ${event.name}`,
			'',
			`${event.description}`,
			'',
			`- Value: \`${event.value}\``,
			`- Fields: ${fields || '(Fetch Test Event gave no item)'}`,
			`- Example: “${item ? String(item.summary) : ''}”`,
		);
	}
	return out.join('\n');
}

/** A choice's name as the editor shows it. */
function choiceName(property: INodeProperties, value: unknown): string {
	if (property.type === 'boolean') return value ? 'on' : 'off';
	const option = (property.options as INodePropertyOptions[]).find((o) => o.value === value);
	return option?.name ?? String(value);
}

/**
 * The parameters a node shows for `base` (its other parameters at their defaults), and those that
 * one other choice brings (a Watch, Return All off, a Period): each with the choices it needs, in
 * the description's order.
 */
function shownFor(
	description: INodeTypeDescription,
	version: number,
	base: INodeParameters,
	skip: string[],
): Array<{ property: INodeProperties; when: string }> {
	const node = { typeVersion: version } as INode;
	const complete = (values: INodeParameters) =>
		NodeHelpers.getNodeParameters(description.properties, values, true, false, node, description) ??
		values;
	const visible = (values: INodeParameters) =>
		description.properties.filter(
			(p) => !skip.includes(p.name) && shows(p, complete(values), version, description),
		);
	const always = new Set(visible(base));
	const sometimes = new Map<INodeProperties, string[]>();
	for (const chooser of always) {
		if (chooser.name in base || !['options', 'boolean'].includes(chooser.type)) continue;
		const choices =
			chooser.type === 'boolean'
				? [true, false]
				: (chooser.options as INodePropertyOptions[]).map((o) => o.value);
		for (const choice of choices)
			for (const property of visible({ ...base, [chooser.name]: choice })) {
				if (always.has(property)) continue;
				const when = sometimes.get(property) ?? [];
				when.push(`${chooser.displayName}: ${choiceName(chooser, choice)}`);
				sometimes.set(property, when);
			}
	}
	return description.properties.flatMap((property) =>
		always.has(property)
			? [{ property, when: '' }]
			: sometimes.has(property)
				? [{ property, when: sometimes.get(property)!.join(' or ') }]
				: [],
	);
}

/** Table rows of parameters, each followed by the fields inside it. */
const parameterRows = (listed: Array<{ property: INodeProperties; when: string }>) =>
	listed.flatMap(({ property, when }) =>
		rows(property).map((row, i) => [row.label, row.meaning, row.default, i === 0 ? when : '']),
	);

const PARAMETER_HEADER = ['Parameter', 'Meaning', 'Default', 'Shown when'];

function triggerSection(): string {
	const listed = shownFor(
		trigger,
		TRIGGER_VERSION,
		{ events: events().map((e) => e.value) } as INodeParameters,
		[],
	);
	return [
		`## Trigger parameters (Asset Tracking Trigger, version ${TRIGGER_VERSION})`,
		'',
		'Every parameter the trigger shows with every event chosen (many show only with the events they judge). ' +
			'A field inside a collection is listed after it: **Options → Minimum Duration (Minutes)**.',
		'',
		table(PARAMETER_HEADER, parameterRows(listed)),
	].join('\n');
}

function actionSection(): string {
	const resources = (action.properties.find((p) => p.name === 'resource')?.options ??
		[]) as INodePropertyOptions[];
	const out = [
		`## Action parameters (Asset Tracking, version ${ACTION_VERSION})`,
		'',
		'Pick a **Resource**, then an **Operation**; these are the parameters each operation shows. ' +
			'Every operation also has **Advanced**, [at the end](#advanced-every-operation).',
	];
	let advanced: INodeProperties | undefined;
	for (const resource of resources) {
		const operations = (action.properties.find(
			(p) =>
				p.name === 'operation' &&
				shows(p, { resource: resource.value } as INodeParameters, ACTION_VERSION, action),
		)?.options ?? []) as INodePropertyOptions[];
		out.push('', `### ${resource.name}`);
		for (const operation of operations) {
			const base = { resource: resource.value, operation: operation.value } as INodeParameters;
			const listed = shownFor(action, ACTION_VERSION, base, ['resource', 'operation']);
			advanced ??= listed.find((l) => l.property.name === 'advanced')?.property;
			const own = listed.filter((l) => l.property.name !== 'advanced');
			out.push(
				'',
				`#### ${resource.name}: ${operation.name}`,
				'',
				operation.description ?? operation.action ?? '',
			);
			if (own.length) out.push('', table(PARAMETER_HEADER, parameterRows(own)));
		}
	}
	if (advanced)
		out.push(
			'',
			'### Advanced (every operation)',
			'',
			table(PARAMETER_HEADER, parameterRows([{ property: advanced, when: '' }])),
		);
	return out.join('\n');
}

/** The whole reference, as the nodes describe themselves now. */
export async function reference(): Promise<string> {
	const items = await samples();
	return [
		'# Reference',
		'',
		`<!-- Generated by \`${REFERENCE_COMMAND}\` from the nodes' descriptions and Fetch Test Event: do not edit by hand. -->`,
		'',
		`Every event and parameter of the newest node versions: the trigger's version ${TRIGGER_VERSION} and the action node's version ${ACTION_VERSION}. ` +
			'Nodes saved with an older version keep the parameters and fields they were saved with.',
		'',
		'- [Trigger events](#trigger-events-asset-tracking-trigger-version-' + TRIGGER_VERSION + ')',
		'- [Trigger parameters](#trigger-parameters-asset-tracking-trigger-version-' +
			TRIGGER_VERSION +
			')',
		'- [Action parameters](#action-parameters-asset-tracking-version-' + ACTION_VERSION + ')',
		'',
		eventsSection(items),
		'',
		triggerSection(),
		'',
		actionSection(),
		'',
	].join('\n');
}

if (require.main === module) {
	reference()
		.then((text) => {
			writeFileSync(REFERENCE_FILE, text);
			console.log(`wrote ${REFERENCE_FILE}`);
		})
		.catch((err) => {
			console.error(err);
			process.exitCode = 1;
		});
}
