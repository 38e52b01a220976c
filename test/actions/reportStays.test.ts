// Who was in a room during a report's period (actions/report/stays.ts): a stay runs from
// enteredOn up to, not including, exitedOn; one the service marks exited without a time counts
// only when it began within the period.
import type { IDataObject } from 'n8n-workflow';

import { spaceStays, stayInPeriod } from '../../nodes/AssetTracking/actions/report/stays';

const t = (hhmm: string) => `2026-03-02T${hhmm}:00Z`;
const period = { from: Date.parse(t('14:00')), to: Date.parse(t('15:00')) };

describe('stayInPeriod', () => {
	const cases: Array<[string, IDataObject, boolean]> = [
		['left during the period', { enteredOn: t('13:00'), exitedOn: t('14:30') }, true],
		['left as the period began', { enteredOn: t('13:00'), exitedOn: t('14:00') }, false],
		['left a minute into it', { enteredOn: t('13:00'), exitedOn: t('14:01') }, true],
		['entered as it ended', { enteredOn: t('15:00') }, true],
		['entered after it', { enteredOn: t('15:01') }, false],
		['there all along', { enteredOn: t('09:00'), hasExited: false }, true],
		['left before it', { enteredOn: t('09:00'), exitedOn: t('13:59') }, false],
		['left, no time, entered within', { enteredOn: t('14:10'), hasExited: true }, true],
		['left, no time, entered before', { enteredOn: t('13:10'), hasExited: true }, false],
		['no entry time', { exitedOn: t('14:30') }, false],
	];
	it.each(cases)('%s', (_name, record, inPeriod) => {
		expect(stayInPeriod(record, period) !== undefined).toBe(inPeriod);
	});
});

describe('spaceStays', () => {
	it("lists the period's stays in the order entered, each as the JSON entry carries it", () => {
		const history = [
			{ spaceId: 'B', spaceName: 'Bay 2', enteredOn: t('14:30'), hasExited: false },
			{
				spaceId: 'A',
				spaceName: 'Bay 1',
				enteredOn: t('13:00'),
				exitedOn: t('14:30'),
				hasExited: true,
			},
			{
				spaceId: 'C',
				spaceName: 'Bay 3',
				enteredOn: t('09:00'),
				exitedOn: t('10:00'),
				hasExited: true,
			},
			{ spaceId: 'D', enteredOn: t('14:40'), hasExited: true },
		];
		expect(spaceStays(history, period)).toEqual([
			{
				spaceId: 'A',
				spaceName: 'Bay 1',
				enteredOn: t('13:00'),
				hasExited: true,
				exitedOn: t('14:30'),
			},
			{ spaceId: 'B', spaceName: 'Bay 2', enteredOn: t('14:30'), hasExited: false, exitedOn: null },
			{ spaceId: 'D', spaceName: null, enteredOn: t('14:40'), hasExited: true, exitedOn: null },
		]);
	});
});
