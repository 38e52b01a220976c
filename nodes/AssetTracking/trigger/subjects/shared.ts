import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { Picker } from '../../pickers/picker';
import { paginate } from '../../transport';
import type { ApiRequest, AssetTrackingClient } from '../../transport';
import type { ReadResult, Subject } from './subject';

/**
 * Several items of one kind, each picked From List or By ID (an expression may give several IDs,
 * as an array or comma-separated); nothing picked watches every item of the workspace. The
 * trigger shows it when one of the events of the families watching its kind is chosen.
 */
export function pickedCollection(
	what: string,
	plural: string,
	name: string,
	entry: string,
	picker: Picker,
	description: string,
): INodeProperties {
	return {
		displayName: plural,
		name,
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: `Add ${what}`,
		default: {},
		description,
		options: [{ displayName: what, name: entry, values: [{ ...picker.locator(), name: 'id' }] }],
	};
}

/**
 * A list of subjects, every page (pages of the service's maximum, 10,000), keeping only the chosen
 * ones when some are chosen. A list that shifts while it is paged may repeat an item: it is kept once.
 */
export async function listSubjects(
	client: AssetTrackingClient,
	kind: string,
	request: ApiRequest,
	idOf: (item: IDataObject) => unknown,
	chosen: readonly string[],
	limit?: number,
): Promise<Subject[]> {
	const only = chosen.length > 0 ? new Set(chosen) : null;
	const subjects: Subject[] = [];
	const seen = new Set<string>();
	for await (const page of paginate<IDataObject>(client, request, { limit })) {
		for (const item of page.items) {
			const id = idOf(item ?? {});
			if (typeof id !== 'string' || id === '' || seen.has(id)) continue;
			if (only && !only.has(id)) continue;
			seen.add(id);
			subjects.push({ kind, id, item });
		}
	}
	return subjects;
}

/**
 * Every page of a per-subject list, unless the poll budget says stop before a page: then what
 * was read is incomplete, and the poll moves none of the subject's memories.
 */
export async function readPages(
	client: AssetTrackingClient,
	request: ApiRequest,
	mayContinue: () => boolean,
): Promise<ReadResult<IDataObject[]>> {
	const items: IDataObject[] = [];
	const pages = paginate<IDataObject>(client, request);
	for (let page = await pages.next(); !page.done; page = await pages.next()) {
		items.push(...page.value.items);
		if (page.value.nextToken !== undefined && !mayContinue()) {
			await pages.return();
			return { result: items, complete: false };
		}
	}
	return { result: items, complete: true };
}

/** The names of records by their ids, from a list of records with both (those without, left out). */
export function namesOf(
	records: unknown,
	idField: string,
	nameField: string,
): Record<string, string> {
	const names: Record<string, string> = {};
	for (const record of Array.isArray(records) ? (records as IDataObject[]) : []) {
		const id = record?.[idField];
		const name = record?.[nameField];
		if (typeof id === 'string' && typeof name === 'string') names[id] = name;
	}
	return names;
}
