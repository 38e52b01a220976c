// Issue 37: a number the trigger needs, from an expression that yields nothing (undefined, null,
// empty text), is an error naming the field in every version, never a silent default; nothing is
// sent to the service. The number fields are found by walking the node's own description for each
// version, so a number option added later is tested without editing this file.
import type { IDataObject, INodeParameters, INodeProperties } from 'n8n-workflow';

import { FAMILIES } from '../../nodes/AssetTracking/trigger/families/registry';
import { triggerProperties } from '../../nodes/AssetTracking/trigger/parameters/description';
import { byId, startSimulator, stopSimulator } from './helpers';
import { VERSION_5_EVENTS } from './families/scenario';

const VERSIONS = [1, 2, 3, 4, 5, 6];
const ALL_EVENTS = FAMILIES.flatMap((family) => family.events.map((choice) => choice.value));
/** Issue 36's events exist from version 5: an older node that chose one is refused for that. */
const eventsOf = (version: number) =>
	version >= 5 ? ALL_EVENTS : ALL_EVENTS.filter((event) => !VERSION_5_EVENTS.includes(event));
const NOTHING: Array<[string, string]> = [
	['undefined', '={{ undefined }}'],
	['null', '={{ null }}'],
	['empty text', '={{ "" }}'],
];

/** Whether a property's `@version` condition (if any) admits `version`. */
function shownIn(property: INodeProperties, version: number): boolean {
	const conditions = property.displayOptions?.show?.['@version'];
	if (!conditions) return true;
	return conditions.some((c) =>
		typeof c === 'number'
			? c === version
			: typeof c === 'object' && c !== null && '_cnd' in c
				? version >= Number((c._cnd as { gte?: number }).gte ?? Infinity)
				: false,
	);
}

/** A number field of the trigger in one version: where it sits, and the label its error names. */
interface NumberField {
	where: string;
	label: string;
	/** The node's parameters with this field set to `value`. */
	parameters: (value: string, spaceId: string) => IDataObject;
}

/** Every number field of `version`: top-level, in a collection, or in a fixedCollection's entry. */
function numberFields(version: number): NumberField[] {
	const fields: NumberField[] = [];
	const walk = (
		properties: INodeProperties[],
		where: string,
		place: (name: string, value: string, spaceId: string) => IDataObject,
		entryLabel: (label: string) => string,
	) => {
		for (const property of properties) {
			if (!shownIn(property, version)) continue;
			if (property.type === 'number') {
				fields.push({
					where: `${where}${property.displayName}`,
					label: entryLabel(property.displayName),
					parameters: (value, spaceId) => place(property.name, value, spaceId),
				});
			} else if (property.type === 'collection') {
				walk(
					property.options as INodeProperties[],
					`${where}${property.displayName} → `,
					(name, value, spaceId) => place(property.name, { [name]: value } as never, spaceId),
					entryLabel,
				);
			} else if (property.type === 'fixedCollection') {
				// A collection shown with one Watch (Spaces) is read with it.
				const scope = property.displayOptions?.show?.scope?.[0];
				for (const entry of property.options as Array<{
					name: string;
					values: INodeProperties[];
				}>) {
					walk(
						entry.values,
						`${where}${property.displayName} → `,
						(name, value, spaceId) => ({
							...place(
								property.name,
								// One entry: its space, the field under test, the others as given.
								{
									[entry.name]: [
										{
											...(property.name === 'alarms' ? ALARM : {}),
											// Version 6: a room's range is its own, refused while empty.
											...(version >= 6 && property.name !== 'alarms' ? ROOM_RANGE : {}),
											spaceId: byId(spaceId),
											id: byId(spaceId),
											[name]: value,
										},
									],
								} as never,
								spaceId,
							),
							...(scope ? { scope } : {}),
						}),
						(label) =>
							`"${label}" of ${entryOf(property.displayName)} 1 in "${property.displayName}"`,
					);
				}
			}
		}
	};
	walk(
		triggerProperties(),
		'',
		(name, value) => ({ [name]: value }),
		(label) => `"${label}"`,
	);
	return fields;
}

/** What an error calls one entry of a fixedCollection: "profile 1 in …", "space 1 in …". */
const entryOf = (collection: string) =>
	collection === 'Profiles by Space'
		? 'profile'
		: collection === 'Rules by Space'
			? 'room'
			: collection === 'Alarms'
				? 'alarm'
				: 'space';

/** A room's range (version 6: each room's own, never a default). */
const ROOM_RANGE = { maxTemperature: 8, minTemperature: 2 };

/** An alarm whose other fields are good: only the field under test is missing. */
const ALARM = { name: 'Warm', direction: 'above', counting: 'consecutive', severity: 'warning' };

/**
 * Version 5's rules, each set, so that each family's settings read cleanly and only the field
 * under test can be refused (with all its events chosen, an alarm event needs an alarm, Dwell
 * Exceeded a limit, Consignment Overdue a time).
 */
const RULES_SET = {
	alarms: { alarm: [{ ...ALARM, threshold: 8, delayMinutes: 30 }] },
	dwellSpaceMinutes: 120,
	deliverWithinHours: 48,
	// Alarm Ongoing and Excursion Ongoing are refused without reminders (ruleGating.test.ts).
	remindEveryMinutes: 60,
};

/** A label as a regular expression matches it literally. */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe.each(VERSIONS)('version %i', (version) => {
	const fields = numberFields(version);

	it('has number fields to test (the walk found them)', () => {
		expect(fields.length).toBeGreaterThanOrEqual(version >= 3 ? 10 : 6);
	});

	it.each(fields.map((field) => [field.where, field] as const))(
		'%s: an expression yielding nothing is an error naming the field',
		async (_where, field) => {
			const { sim, n8n } = await startSimulator({ labelledAssets: 1 });
			try {
				const spaceId = sim.seed.spaceIds[0];
				for (const [got, expression] of NOTHING) {
					const given = field.parameters(expression, spaceId);
					const parameters = {
						...(version >= 3 ? { events: eventsOf(version) } : { event: 'both' }),
						scope: 'workspace',
						workspaceId: byId(sim.seed.workspaceId),
						...given,
						options: {
							...(version >= 5 ? RULES_SET : {}),
							...(given.options as IDataObject),
						},
					} as unknown as INodeParameters;
					const before = sim.stats.requests;
					let error: Error | undefined;
					try {
						await n8n.poll(parameters, {}, 'trigger', 'activate', { typeVersion: version });
					} catch (caught) {
						error = caught as Error;
					}
					expect(error?.message).toMatch(
						new RegExp(`^Invalid ${escape(field.label)}: must be .*\\(got ${got}\\)$`),
					);
					expect(sim.stats.requests).toBe(before);
				}
			} finally {
				await stopSimulator(sim);
			}
		},
	);
});
