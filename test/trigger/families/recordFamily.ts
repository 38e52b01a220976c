// A hypothetical event family, defined here and nowhere else: the proof that a new family is one
// file and one registry line (issue 17). It emits newTemperatureRecord when a temperature beats
// the highest one the asset has reported since the trigger started.
import type {
	EventFamily,
	TriggerEvent,
} from '../../../nodes/AssetTracking/trigger/families/family';

export const temperatureRecords: EventFamily<number> = {
	name: 'temperatureRecords',
	events: [
		{
			value: 'newTemperatureRecord',
			name: 'New Temperature Record',
			description: 'A temperature higher than any the asset reported since the trigger started',
		},
	],
	settings: () => undefined,
	readings: () => ['temperature'],
	fold: ({ memory, readings, quietUntil }) => {
		let highest = memory;
		const events: TriggerEvent[] = [];
		for (const reading of readings.temperature?.fresh ?? []) {
			const value = reading.item.degreesCelsius;
			if (typeof value !== 'number' || (highest !== undefined && value <= highest)) continue;
			if (highest !== undefined && reading.ts > quietUntil) {
				events.push({
					event: 'newTemperatureRecord',
					at: reading.ts,
					fields: {
						degreesCelsius: value,
						previousRecord: highest,
						timestamp: reading.item.timestamp,
					},
				});
			}
			highest = value;
		}
		return { memory: highest, events };
	},
	encode: (highest) => String(highest),
	decode: (text) => (Number.isFinite(Number(text)) ? Number(text) : undefined),
};
