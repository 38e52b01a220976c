import type { IDataObject, INode, IPollFunctions } from 'n8n-workflow';

import { refusal } from '../../transport';
import { readRetryPolicy, transportCollection } from '../../helpers/retryOptions';
import { check, rules, type Rule } from '../../helpers/validation';
import { TRIGGER_DEFAULTS } from './defaults';
import { ADVANCED_SINCE, TEMPERATURE_EVENTS } from './description';
import { PROFILES_WHERE } from '../../helpers/spaceProfiles';
import { readRulebook, ROOMS_SINCE, RULES_BY_SPACE, type RoomEntries } from './rulebook';
import type { ActiveFamily, TriggerConfig, WatchedKind } from './config';
import type { AnyFamily, EventChoice } from '../families/family';
import { FAMILIES } from '../families/registry';
import { numberOption, RANGE_SINCE, readingFilter, type TemperatureBounds } from '../core/settings';
import { isReadingList } from '../subjects/subject';
import { KINDS, type ReadingKind, type Scope } from '../assets/types';
import { assets } from '../subjects/assets';

/** Version 1 and 2's single Event, as the event values of version 3. */
const LEGACY_EVENTS: Record<string, string[]> = {
	temperature: ['temperatureReading'],
	location: ['location'],
	both: ['temperatureReading', 'location'],
};

/** Reads and checks the trigger's parameters; errors name the field as the user sees it. */
export function readConfig(
	ctx: IPollFunctions,
	registry: readonly AnyFamily[] = FAMILIES,
): TriggerConfig {
	const node = ctx.getNode();
	const version = node.typeVersion;
	const selected = new Set(version >= 3 ? chosenEvents(ctx, registry) : legacyEvents(ctx));
	const options = judgingOptions(
		ctx,
		(ctx.getNodeParameter('options', {}) as IDataObject) ?? {},
		selected,
	);
	const rules = readRulebook({
		node,
		options,
		version,
		selected,
		rooms: version >= ROOMS_SINCE ? roomEntries(ctx) : undefined,
	});

	const families: ActiveFamily[] = [];
	const lists = new Set<ReadingKind>();
	for (const family of registry) {
		const chosen = family.events.filter((choice) => selected.has(choice.value));
		if (chosen.length === 0) continue;
		const settings = family.settings({ node, options, version, selected, rules });
		for (const choice of chosen) {
			const needs = family.needs?.(choice.value, settings);
			if (needs !== undefined) throw refusal(node, `${choice.name} needs ${needs}`);
		}
		families.push({ family, settings });
		// The reading lists it may read (whatever the asset: a list's wish depends on settings alone).
		for (const { of, wanted } of family.reads ?? [])
			if (isReadingList(of) && (wanted?.({} as never, settings) ?? true)) lists.add(of.list);
	}

	const bounds: TemperatureBounds = selected.has('temperatureReading')
		? readingFilter(node, options, version)
		: {};
	const number = (name: string, label: string, fallback: number, min: number, max?: number) =>
		numberOption(node, options, name, label, fallback, min, max);
	const concurrency = Math.floor(
		number('concurrency', 'Concurrency', TRIGGER_DEFAULTS.concurrency, 1, 100),
	);
	const lookBackMinutes = number(
		'lookBackMinutes',
		'Look Back on First Poll (Minutes)',
		TRIGGER_DEFAULTS.lookBackMinutes,
		0,
	);
	const windowMinutes = number(
		'lateWindowMinutes',
		'Late Readings Window (Minutes)',
		TRIGGER_DEFAULTS.lateWindowMinutes,
		1,
		// A month: beyond it the memory of a one-reading-per-minute label stops being small.
		43_200,
	);

	// Watch (and its pickers) concerns the asset events only: without them no asset is read. It is
	// read as its kind's scope, after the Workspace the other kinds list within.
	let scope: Scope = { kind: 'assets', assetIds: [] };
	const watched = watchedKinds(ctx, families, () => (scope = readScope(ctx)));
	return {
		version,
		timeZone: ctx.getTimezone(),
		selected,
		families,
		watched,
		lists: KINDS.filter((kind) => lists.has(kind)),
		eventName: (event) => (version < 3 && event === 'temperatureReading' ? 'temperature' : event),
		scope,
		windowS: Math.round(windowMinutes * 60),
		bounds,
		summaryLocations: selected.has('location') && options.summaryLocations === true,
		lookBackMs: Math.round(lookBackMinutes * 60_000),
		concurrency,
		// In Advanced from version 4; versions 1 to 3 keep them in Options, as saved.
		retryPolicy: readRetryPolicy(
			node,
			(ctx.getNodeParameter(transportCollection(version, ADVANCED_SINCE), {}) as IDataObject) ?? {},
		),
	};
}

/**
 * The options as the families read them. From version 5 the range sits on the node (Alert Above
 * and Below, shown with the temperature events) and so do the spaces' own ranges (each watched
 * space's with Assets in Spaces, else Profiles by Space): they join the options under the names
 * versions 3 and 4 gave them there, so the families read one shape. A value is copied only when
 * the user's parameters hold it, so an expression that yields nothing stays an error naming it.
 */
function judgingOptions(
	ctx: IPollFunctions,
	options: IDataObject,
	selected: ReadonlySet<string>,
): IDataObject {
	if (ctx.getNode().typeVersion < RANGE_SINCE) return options;
	const judging: IDataObject = { ...options };
	delete judging.maxTemperature;
	delete judging.minTemperature;
	delete judging.spaceProfiles;
	if (!TEMPERATURE_EVENTS.some((event) => selected.has(event))) return judging;
	const given = ctx.getNode().parameters;
	// Version 6: the node's range is the default for rooms not listed, with Workspace and Specific
	// Assets only; the rooms are read apart (roomEntries), each with its whole rule.
	if (ctx.getNode().typeVersion >= ROOMS_SINCE) {
		if (ctx.getNodeParameter('scope', 'workspace') !== 'spaces')
			for (const name of ['maxTemperature', 'minTemperature'])
				if (name in given) judging[name] = ctx.getNodeParameter(name) as IDataObject[string];
		return judging;
	}
	for (const name of ['maxTemperature', 'minTemperature'])
		if (name in given) judging[name] = ctx.getNodeParameter(name) as IDataObject[string];
	if (ctx.getNodeParameter('scope', 'workspace') === 'spaces') {
		const spaces = (ctx.getNodeParameter('spaces', {}) as IDataObject) ?? {};
		const entries = Array.isArray(spaces.space) ? (spaces.space as IDataObject[]) : [];
		judging.spaceProfiles = {
			profile: entries.map(({ id, ...range }) => ({ spaceId: id, ...range })),
			[PROFILES_WHERE]: { collection: 'Spaces', entry: 'space' },
		};
	} else {
		judging.spaceProfiles = ctx.getNodeParameter('spaceProfiles', {}) as IDataObject;
	}
	return judging;
}

/**
 * Version 6's rooms: with Watch → Assets in Spaces the watched spaces (`spaces` → `space[]`), each
 * with its rule; otherwise Rules by Space (`spaceProfiles` → `profile[]`).
 */
function roomEntries(ctx: IPollFunctions): RoomEntries {
	const watched = ctx.getNodeParameter('scope', 'workspace') === 'spaces';
	const collection =
		(ctx.getNodeParameter(watched ? 'spaces' : 'spaceProfiles', {}) as IDataObject) ?? {};
	const entries = collection[watched ? 'space' : 'profile'];
	return {
		entries: Array.isArray(entries) ? (entries as IDataObject[]) : [],
		collection: watched ? 'Spaces' : RULES_BY_SPACE,
		entry: watched ? 'space' : 'room',
		idField: watched ? 'id' : 'spaceId',
		watched,
	};
}

function legacyEvents(ctx: IPollFunctions): string[] {
	const event = ctx.getNodeParameter('event', 'temperature') as string;
	check(ctx.getNode(), '"Event"', event, rules.oneOf(Object.keys(LEGACY_EVENTS)));
	return LEGACY_EVENTS[event];
}

function chosenEvents(ctx: IPollFunctions, registry: readonly AnyFamily[]): string[] {
	const node = ctx.getNode();
	const raw = ctx.getNodeParameter('events', []) as unknown;
	const events = (Array.isArray(raw) ? raw : [raw]).map((value) => String(value ?? '').trim());
	const known = registry.flatMap((family) => family.events.map((choice) => choice.value));
	if (events.filter((event) => event !== '').length === 0) {
		check(node, '"Events"', '', { describe: 'at least one event', test: () => false });
	}
	for (const event of events) check(node, '"Events"', event, rules.oneOf(known));
	for (const choice of registry.flatMap((family) => family.events))
		if (events.includes(choice.value)) needsVersion(node, choice);
	return events;
}

/**
 * An event exists from the version that brought it (`since`): a node of an older version that
 * chose one (an edited or imported workflow; its Events list does not offer it) is told so.
 */
function needsVersion(node: INode, choice: EventChoice): void {
	const since = choice.since ?? 3;
	if (node.typeVersion < since)
		throw refusal(
			node,
			`${choice.name} needs version ${since} of the Asset Tracking Trigger (this node is version ${node.typeVersion}): add the trigger anew to use it`,
		);
}

const ID = rules.id(20);

function readScope(ctx: IPollFunctions): Scope {
	const node = ctx.getNode();
	const scope = ctx.getNodeParameter('scope', 'workspace') as string;
	// Version 1 took comma-separated IDs; version 2 pickers (several, each From List or By ID).
	const v1 = ctx.getNode().typeVersion < 2;
	if (scope === 'assets') {
		const assetIds = v1 ? idText(ctx, 'assetIds') : pickedIds(ctx, 'assets', 'asset');
		return { kind: 'assets', assetIds: idList(ctx, assetIds, v1 ? 'Asset IDs' : 'Assets') };
	}
	const workspaceId = readWorkspace(ctx);
	if (scope === 'spaces') {
		const spaceIds = v1 ? idText(ctx, 'spaceIds') : pickedIds(ctx, 'spaces', 'space');
		return {
			kind: 'spaces',
			workspaceId,
			spaceIds: idList(ctx, spaceIds, v1 ? 'Space IDs' : 'Spaces'),
		};
	}
	if (scope !== 'workspace') {
		throw refusal(node, `The scope "${scope}" is not known`);
	}
	return { kind: 'workspace', workspaceId };
}

function readWorkspace(ctx: IPollFunctions): string {
	const raw = ctx.getNodeParameter('workspaceId', '', { extractValue: true }) as string;
	return check(
		ctx.getNode(),
		'"Workspace"',
		typeof raw === 'string' ? raw.trim() : raw,
		rules.uuid(),
	);
}

/**
 * The kinds of subject the chosen events watch, each once (in registry order), with what its
 * parameters narrow it to: the assets by Watch (read above, with the other parameters), the other
 * kinds within the trigger's Workspace, shown with their events.
 */
function watchedKinds(
	ctx: IPollFunctions,
	families: ActiveFamily[],
	watch: () => Scope,
): WatchedKind[] {
	const others = families.filter(({ family }) => family.kind !== assets);
	const workspaceId = others.length > 0 ? readWorkspace(ctx) : '';
	const kinds: WatchedKind[] = [];
	for (const { family } of families) {
		if (kinds.some((watched) => watched.kind === family.kind)) continue;
		const scope = family.kind.scope({
			node: ctx.getNode(),
			workspaceId,
			picked: (name, entry, label, rule) => pickedList(ctx, name, entry, label, rule),
			watch,
		});
		kinds.push({ kind: family.kind, scope });
	}
	return kinds;
}

/** The IDs of an optional picker collection: none chosen is an empty list; each one checked. */
function pickedList(
	ctx: IPollFunctions,
	name: string,
	entry: string,
	label: string,
	rule: Rule,
): string[] {
	const ids = splitIds(pickedIds(ctx, name, entry));
	for (const id of ids) check(ctx.getNode(), `"${label}"`, id, rule);
	return ids;
}

const idText = (ctx: IPollFunctions, name: string) => [
	String(ctx.getNodeParameter(name, '') ?? ''),
];

/**
 * The values of a fixedCollection of pickers. Each is a resource locator (or, from an
 * expression, a plain value); an expression may give several IDs, as an array or comma-separated.
 */
function pickedIds(ctx: IPollFunctions, name: string, entry: string): string[] {
	const collection = (ctx.getNodeParameter(name, {}) as IDataObject) ?? {};
	const entries = collection[entry];
	const values: unknown[] = [];
	for (const picked of Array.isArray(entries) ? (entries as IDataObject[]) : []) {
		const id = picked?.id;
		values.push(
			id && typeof id === 'object' && !Array.isArray(id) ? (id as IDataObject).value : id,
		);
	}
	return values.flat().map((value) => String(value ?? ''));
}

/** Lists of ids, comma-separated: trimmed, empty parts dropped, duplicates removed, each checked. */
function idList(ctx: IPollFunctions, texts: string[], label: string): string[] {
	const ids = splitIds(texts);
	if (ids.length === 0) {
		check(ctx.getNode(), `"${label}"`, texts.join(','), {
			describe: 'at least one ID',
			test: () => false,
		});
	}
	for (const id of ids) check(ctx.getNode(), `"${label}"`, id, ID);
	return ids;
}

/** Comma-separated lists of IDs as one list: trimmed, empty parts dropped, duplicates removed. */
const splitIds = (texts: string[]) => [
	...new Set(
		texts
			.flatMap((text) => text.split(','))
			.map((part) => part.trim())
			.filter((part) => part !== ''),
	),
];
