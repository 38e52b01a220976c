// What every item of the trigger's events must honour, sample or real (issue 45): a sample never
// contradicts the configuration or itself. Judged by the room's rule when `rule` gives one.
import type { IDataObject } from 'n8n-workflow';

export interface RoomRule {
	/** The room the item must name (its id), and its name. */
	room?: string;
	roomName?: string;
	maxTemperature: number;
	minTemperature: number;
	excursionMinutes?: number;
	budgetMinutes?: number;
	dwellMinutes?: number;
}

const ms = (value: unknown) => Date.parse(String(value));
const minutesBetween = (from: unknown, to: unknown) =>
	Math.round(((ms(to) - ms(from)) / 60_000) * 10) / 10;

/** Times in order, counts that agree, figures beyond the room's bound, the room named. */
export function expectSampleInvariants(item: IDataObject, rule?: RoomRule): void {
	const ordered = (earlier: string, later: string) => {
		if (item[earlier] !== undefined && item[later] !== undefined && item[later] !== null)
			expect({ [earlier]: ms(item[earlier]) <= ms(item[later]) }).toEqual({ [earlier]: true });
	};
	ordered('startedAt', 'detectedAt');
	ordered('startedAt', 'endedAt');
	ordered('startedAt', 'raisedAt');
	ordered('raisedAt', 'clearedAt');
	ordered('enteredOn', 'exceededAt');
	ordered('exceededAt', 'exitedOn');
	ordered('activatedAt', 'dueAt');
	for (const [, value] of Object.entries(item))
		if (typeof value === 'number') expect(Number.isFinite(value)).toBe(true);
	const event = String(item.event);
	if (event.startsWith('excursion') || event.startsWith('alarm')) {
		const beyond = (value: unknown) =>
			item.direction === 'above'
				? Number(value) > Number(item.threshold)
				: Number(value) < Number(item.threshold);
		expect({ peak: beyond(item.peakCelsius) }).toEqual({ peak: true });
		if (item.latestCelsius !== undefined)
			expect({ latest: beyond(item.latestCelsius) }).toEqual({ latest: true });
		if (item.endedAt !== undefined)
			expect(item.durationMinutes).toBe(minutesBetween(item.startedAt, item.endedAt));
		if (item.clearedAt !== undefined)
			expect(item.durationMinutes).toBe(minutesBetween(item.startedAt, item.clearedAt));
		if (event.startsWith('excursion') && rule) {
			expect(item.threshold).toBe(
				item.direction === 'above' ? rule.maxTemperature : rule.minTemperature,
			);
			if (rule.excursionMinutes !== undefined && item.detectedAt !== undefined)
				expect(minutesBetween(item.startedAt, item.detectedAt)).toBeGreaterThanOrEqual(
					rule.excursionMinutes,
				);
		}
	}
	if (event === 'budgetConsumed') {
		const budget = Number(item.budgetMinutes);
		if (rule?.budgetMinutes !== undefined) expect(budget).toBe(rule.budgetMinutes);
		expect(Number(item.consumedMinutes) * 100).toBeGreaterThanOrEqual(
			Number(item.percent) * budget,
		);
		expect(item.remainingMinutes).toBe(Math.max(0, budget - Number(item.consumedMinutes)));
		if (rule)
			expect({
				outOfRange:
					Number(item.maxTemperature) > rule.maxTemperature ||
					Number(item.minTemperature) < rule.minTemperature,
			}).toEqual({ outOfRange: true });
	}
	if (event === 'dwellExceeded') {
		expect(ms(item.exceededAt) - ms(item.enteredOn)).toBe(Number(item.limitMinutes) * 60_000);
		if (rule?.dwellMinutes && item.place === 'space')
			expect(item.limitMinutes).toBe(rule.dwellMinutes);
		if (item.exitedOn !== undefined && item.exitedOn !== null)
			expect(ms(item.exitedOn)).toBeGreaterThan(ms(item.exceededAt));
	}
	if (event === 'consignmentOverdue') {
		expect(Number(item.piecesArrived)).toBeLessThan(Number(item.piecesTotal));
		expect(ms(item.dueAt)).toBeLessThanOrEqual(Date.now() + 366 * 86_400_000);
	}
	if (event === 'consignmentArrived' && item.piecesTotal !== undefined)
		expect(Number(item.piecesArrived)).toBeLessThanOrEqual(Number(item.piecesTotal));
	if (rule?.room && item.assetId !== undefined && item.place !== 'facility') {
		expect(item.spaceId).toBe(rule.room);
		if (rule.roomName) {
			expect(item.spaceName).toBe(rule.roomName);
			expect(String(item.summary)).toContain(rule.roomName);
		}
	}
}
