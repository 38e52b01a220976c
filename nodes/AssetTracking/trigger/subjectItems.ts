import type { INodeExecutionData } from 'n8n-workflow';

import type { SubjectEvent } from './subjectFold';

/** One output item of a subject's event: `event`, then the event's own fields (they name the subject). */
export const subjectItem = (event: SubjectEvent): INodeExecutionData => ({
	json: { event: event.event, ...event.fields },
});

/**
 * A poll's items oldest first: the asset events' items (in their order, `assetAt` their times)
 * and the subject events', merged by time; at the same time the assets' come first.
 */
export function mergeByTime(
	assetItems: INodeExecutionData[],
	assetAt: number[],
	subjectEvents: SubjectEvent[],
): INodeExecutionData[] {
	const items: INodeExecutionData[] = [];
	let i = 0;
	for (const event of subjectEvents) {
		while (i < assetItems.length && assetAt[i] <= event.at) items.push(assetItems[i++]);
		items.push(subjectItem(event));
	}
	while (i < assetItems.length) items.push(assetItems[i++]);
	return items;
}
