// A hypothetical event family, defined here and nowhere else: the proof that a new family is one
// file and one registry line (issue 17). It emits newTemperatureRecord when a temperature beats
// the highest one the asset has reported since the trigger started, with when the asset was created:
// a field of the asset's list record that the trigger's decoding does not name, read from it.
import type { ListRead } from '../../../nodes/AssetTracking/trigger/assets/seen';
import type { ScopedAsset } from '../../../nodes/AssetTracking/trigger/assets/types';
import type {
	EventFamily,
	TriggerEvent,
} from '../../../nodes/AssetTracking/trigger/families/family';
import { assets, READING_LISTS } from '../../../nodes/AssetTracking/trigger/subjects/assets';

export const temperatureRecords: EventFamily<
	number,
	undefined,
	{ temperature: ListRead },
	ScopedAsset
> = {
	name: 'temperatureRecords',
	events: [
		{
			value: 'newTemperatureRecord',
			name: 'New Temperature Record',
			description: 'A temperature higher than any the asset reported since the trigger started',
		},
	],
	settings: () => undefined,
	kind: assets,
	reads: [{ of: READING_LISTS.temperature }],
	fold: ({ memory, read, quietUntil, subject }) => {
		const createdOn = subject.record?.createdOn;
		let highest = memory;
		const events: TriggerEvent[] = [];
		for (const reading of read.temperature?.fresh ?? []) {
			const value = reading.item.degreesCelsius;
			if (typeof value !== 'number' || (highest !== undefined && value <= highest)) continue;
			if (highest !== undefined && reading.ts > quietUntil) {
				events.push({
					event: 'newTemperatureRecord',
					id: String(reading.ts),
					at: reading.ts,
					fields: {
						degreesCelsius: value,
						previousRecord: highest,
						timestamp: reading.item.timestamp,
						assetCreatedOn: typeof createdOn === 'string' ? createdOn : null,
					},
				});
			}
			highest = value;
		}
		return { memory: highest, events };
	},
	encode: (highest) => String(highest),
	decode: (text) => (Number.isFinite(Number(text)) ? Number(text) : undefined),
	// The asset's highest temperature read, as if the newest reading had beaten it by a degree.
	sample: (_event, { read }) => {
		const list = read.temperature?.fresh ?? [];
		const values = list.map((r) => r.item.degreesCelsius as number);
		const previousRecord = values.length > 0 ? Math.max(...values) : null;
		return {
			degreesCelsius: previousRecord === null ? null : previousRecord + 1,
			previousRecord,
			timestamp: list.at(-1)?.item.timestamp ?? null,
		};
	},
	summary: (item) =>
		`Asset ${String(item.assetName ?? item.assetId)} set a record of ${String(item.degreesCelsius)} °C at ${String(item.timestamp)} (previous ${String(item.previousRecord)} °C)`,
};
