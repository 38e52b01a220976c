import type { IDataObject, INode } from 'n8n-workflow';

import { check, numberOption as entryNumber, rules } from '../../helpers/validation';
import type { Direction } from '../../coldChain/excursion';
import { hash } from '../core/identity';
import { TEMPERATURE_RANGE } from '../core/settings';
import type { Alarm } from '../assets/rulebook';
import { ALARMS_LABEL, ALARM_KEY_LENGTH, MAX_ALARMS } from '../families/alarmOption';

const DIRECTIONS = ['above', 'below'] as const;
const COUNTINGS = ['consecutive', 'cumulative'] as const;
const SEVERITIES = ['info', 'warning', 'critical'] as const;

/** The option Alarms' entries, checked: errors name the alarm and its field as the user sees them. */
export function readAlarms(node: INode, options: IDataObject): Alarm[] {
	const collection = (options.alarms ?? {}) as IDataObject;
	const entries = Array.isArray(collection.alarm) ? (collection.alarm as IDataObject[]) : [];
	check(node, `"${ALARMS_LABEL}"`, entries, rules.maxItems(MAX_ALARMS, 'alarms'));
	const alarms = entries.map((entry, i): Alarm => {
		const label = (field: string) => `"${field}" of alarm ${i + 1} in "${ALARMS_LABEL}"`;
		const name = check(node, label('Name'), String(entry.name ?? '').trim(), rules.text(100));
		const direction = check(
			node,
			label('Direction'),
			entry.direction ?? 'above',
			rules.oneOf(DIRECTIONS),
		) as Direction;
		// A field whose expression yields nothing is an error naming it, never its default.
		const threshold =
			entryNumber(
				node,
				label('Threshold (°C)'),
				entry,
				'threshold',
				rules.number(...TEMPERATURE_RANGE),
			) ?? 8;
		const delayMinutes =
			entryNumber(
				node,
				label('Delay (Minutes)'),
				entry,
				'delayMinutes',
				rules.integer(0, 525_600),
			) ?? 30;
		const counting = check(
			node,
			label('Counting'),
			entry.counting ?? 'consecutive',
			rules.oneOf(COUNTINGS),
		) as Alarm['counting'];
		const severity = check(
			node,
			label('Severity'),
			entry.severity ?? 'warning',
			rules.oneOf(SEVERITIES),
		) as Alarm['severity'];
		const raw = entry.spaceIds ?? [];
		const spaceIds = (Array.isArray(raw) ? raw.map(String) : String(raw).split(','))
			.map((id) => id.trim())
			.filter((id) => id !== '');
		for (const id of spaceIds) check(node, label('Space Names or IDs'), id, rules.id(20));
		if (counting === 'cumulative' && delayMinutes < 1)
			check(node, label('Delay (Minutes)'), delayMinutes, rules.integer(1, 525_600));
		const what = JSON.stringify([name, direction, threshold, delayMinutes, counting, spaceIds]);
		return {
			key: hash(what, ALARM_KEY_LENGTH),
			// Its name itself (names are unique, twins refused below): no short hash two names could share.
			idKey: JSON.stringify(name),
			name,
			direction,
			threshold,
			delayMinutes,
			counting,
			severity,
			spaceIds,
		};
	});
	alarms.forEach((alarm, i) => {
		const twin = alarms.findIndex((other) => other.name === alarm.name);
		if (twin < i)
			check(node, `"Name" of alarm ${i + 1} in "${ALARMS_LABEL}"`, alarm.name, {
				describe: `a name no earlier alarm has (alarm ${twin + 1} is called ${alarm.name})`,
				test: () => false,
			});
	});
	return alarms;
}
