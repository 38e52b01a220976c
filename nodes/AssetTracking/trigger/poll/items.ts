import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { AssetTrackingClient } from '../../transport';
import type { TriggerConfig } from '../parameters/config';
import type { SubjectEvent } from './fold';
import { localWords, serviceWords } from '../families/family';
import { hash } from '../core/identity';

/** The node version from which sentences write moments in the workflow's time zone. */
const LOCAL_TIMES_SINCE = 5;
/** The node version from which items carry `eventId`. */
const EVENT_IDS_SINCE = 5;
/** Characters of an `eventId`: 132 bits of a SHA-1, base64url. */
const EVENT_ID_LENGTH = 22;

/**
 * An event's `eventId`: a hash of the event, its subject (kind and ID) and its own key
 * (TriggerEvent.id), so every poll, restart or trigger instance that emits the same event gives the
 * same one, and different events different ones: what a downstream Remove Duplicates node keys on.
 */
const eventIdOf = (e: SubjectEvent) =>
	hash(JSON.stringify([e.event, e.kind.name, String(e.subject.id), e.id]), EVENT_ID_LENGTH);
/** The node version from which an item names the space and facility it gives (issue 37). */
const NAMES_SINCE = 5;
/** An item's place ids, each with the field that names it. */
const PLACES = [
	['spaceId', 'spaceName'],
	['facilityId', 'facilityName'],
] as const;

/**
 * The items of a poll's events (and of Fetch Test Event's), in their order. One item per event:
 * `event`, the fields that name its subject when its kind has them (an asset's `assetId`,
 * `assetName`, `bleId`, `nfcId`: they win should an event's fields carry the same names), the
 * event's own fields, and from version 4 the `summary` sentence its family writes from them
 * (from version 5 with its moments in the workflow's time zone, beside each `spaceId` and
 * `facilityId` its `spaceName` and `facilityName`, and `eventId`). A
 * kind whose list did not name its subjects (Specific Assets) looks them up first.
 */
export async function itemsOf(
	client: AssetTrackingClient,
	config: TriggerConfig,
	events: SubjectEvent[],
): Promise<INodeExecutionData[]> {
	for (const { kind, scope } of config.watched)
		await kind.describe?.(
			client,
			scope,
			config.concurrency,
			events.filter((e) => e.kind === kind),
		);
	const summaries = new Map<string, (item: IDataObject) => string>();
	if (config.version >= 4) {
		const words =
			config.version >= LOCAL_TIMES_SINCE
				? localWords(config.timeZone, config.version)
				: serviceWords;
		for (const { family } of config.families)
			for (const choice of family.events)
				summaries.set(choice.value, (item) => family.summary(item, words));
	}
	return events.map((e) => {
		const about: IDataObject = { event: config.eventName(e.event), ...e.kind.about?.(e.subject) };
		let json: IDataObject = { ...about, ...e.fields, ...about };
		if (config.version >= NAMES_SINCE) json = named(json, e.kind.places?.(e.subject) ?? {});
		const summary = summaries.get(e.event);
		if (summary) json.summary = summary(json);
		if (config.version >= EVENT_IDS_SINCE) json.eventId = eventIdOf(e);
		return { json };
	});
}

/**
 * The item with each place id's name right after it, as the subject's record gives it (null when
 * it gives none); a name the event's fields already hold is kept.
 */
function named(json: IDataObject, places: Record<string, string>): IDataObject {
	const out: IDataObject = {};
	for (const [key, value] of Object.entries(json)) {
		out[key] = value;
		const name = PLACES.find(([id]) => id === key)?.[1];
		if (name && typeof value === 'string' && json[name] === undefined)
			out[name] = places[value] ?? null;
	}
	return out;
}
