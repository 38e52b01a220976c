import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { TriggerConfig } from '../parameters/config';
import type { SubjectEvent } from './subjectFold';

/** Items of the subjects' events for a node of this config (Fetch Test Event's and the poll's). */
export type SubjectItemOf = (event: Pick<SubjectEvent, 'event' | 'fields'>) => INodeExecutionData;

/**
 * One output item of a subject's event: `event`, then the event's own fields (they name the
 * subject), and from version 4 the `summary` sentence its family writes from them.
 */
export function subjectItems(config: TriggerConfig): SubjectItemOf {
	const summaries = new Map<string, (item: IDataObject) => string>();
	if (config.version >= 4) {
		for (const { family } of config.subjectFamilies)
			for (const choice of family.events)
				summaries.set(choice.value, (item) => family.summary(item));
	}
	return (event) => {
		const json: IDataObject = { event: event.event, ...event.fields };
		const summary = summaries.get(event.event);
		if (summary) json.summary = summary(json);
		return { json };
	};
}

/**
 * A poll's items oldest first: the asset events' items (in their order, `assetAt` their times)
 * and the subject events', merged by time; at the same time the assets' come first.
 */
export function mergeByTime(
	assetItems: INodeExecutionData[],
	assetAt: number[],
	subjectEvents: SubjectEvent[],
	itemOf: SubjectItemOf,
): INodeExecutionData[] {
	const items: INodeExecutionData[] = [];
	let i = 0;
	for (const event of subjectEvents) {
		while (i < assetItems.length && assetAt[i] <= event.at) items.push(assetItems[i++]);
		items.push(itemOf(event));
	}
	while (i < assetItems.length) items.push(assetItems[i++]);
	return items;
}
