// A report input that tries the layout: long names with quotes, figures such as −20.61 and
// 116.7 %, Profiles by Space with long room names, an asset judged by two rooms (test/render's
// layout test, and a look at the pages by hand).
import {
	excursionSpans,
	summarise,
	ruleUse,
	type PeriodReading,
} from '../../nodes/AssetTracking/coldChain/summary';
import type { ReportInput } from '../../nodes/AssetTracking/render/report';

const MINUTE = 60_000;
export const FROM = Date.parse('2026-11-28T06:00:00Z');
export const TO = Date.parse('2026-11-29T06:00:00Z');

export const LONG_NAME =
	'Crate "Fragile" #7 (A/B) & more, +1 — the pallet of vaccines for the northern region, second shipment of the week';
export const FREEZER =
	'Freezer 1 (deep frozen goods, north wing, ground floor, behind the loading dock)';
export const CHILLED = 'Cold Room "A"';

/** A series: `celsius(minute)` for every minute of the period. */
function series(celsius: (minute: number) => number): PeriodReading[] {
	const readings: PeriodReading[] = [];
	for (let ts = FROM; ts <= TO; ts += MINUTE) {
		const c = Math.round(celsius((ts - FROM) / MINUTE) * 10) / 10;
		readings.push({ ts, timestamp: new Date(ts).toISOString().slice(0, 19) + 'Z', celsius: c });
	}
	return readings;
}

export function layoutInput(assets = 3): ReportInput {
	const freezer = {
		spaceId: 'FREEZER0000000000001',
		maxTemperature: -15,
		minTemperature: -25,
		budgetMinutes: 120,
	};
	const chilled = {
		spaceId: 'CHILLED0000000000001',
		maxTemperature: 8,
		minTemperature: 2,
		budgetMinutes: 120,
	};
	const profiles = new Map([
		[freezer.spaceId, freezer],
		[chilled.spaceId, chilled],
	]);
	const rule = {
		excursion: { above: 8, below: 2, hysteresis: 0.5, minimumMs: 10 * MINUTE },
		activationEnergyKj: 83.144,
		profiles,
		budgetMinutes: 120,
	};
	const moved = FROM + 12 * 60 * MINUTE;
	const kinds = [
		{
			name: LONG_NAME,
			celsius: (m: number) =>
				m < 720 ? -20.6 + (m % 300 < 140 ? 8 : 0) : 4 + (m % 200 < 30 ? 6 : 0),
		},
		{ name: 'Roll cage 002', celsius: (m: number) => -20.61 + Math.sin(m / 50) * 0.3 },
		{ name: 'Container 012', celsius: (m: number) => 21.11 + Math.sin(m / 80) },
	];
	return {
		title: 'Temperature report',
		covers: `labelled assets that were in spaces ${FREEZER}, ${CHILLED} at any time of the period`,
		workspace: 'Main warehouse "North" & co.',
		timeZone: 'Europe/Berlin',
		from: FROM,
		to: TO,
		rule: {
			above: 8,
			below: 2,
			hysteresis: 0.5,
			excursionMinutes: 10,
			activationEnergyKj: 83.144,
			budgetMinutes: 120,
			profiles: [
				{ ...freezer, spaceName: FREEZER },
				{ ...chilled, spaceName: CHILLED },
			],
		},
		source: 'http://127.0.0.1:3000/v1',
		generatedAt: TO + 5 * MINUTE,
		assets: Array.from({ length: assets }, (_, k) => {
			const kind = kinds[k % kinds.length];
			const readings = series(kind.celsius);
			const inFreezer = k % 3 !== 2;
			const stays = inFreezer
				? [
						{ profile: chilled, from: moved, until: Infinity },
						{ profile: freezer, from: FROM - 60 * MINUTE, until: moved },
					]
				: [];
			const { missingMinutes, ...figures } = summarise(readings, rule, stays);
			const use = ruleUse(readings, rule, stays);
			const spaceProfiles = use.spaceProfiles?.map((p) => ({
				...p,
				spaceName: p.spaceId === freezer.spaceId ? FREEZER : CHILLED,
			}));
			return {
				assetId: `ASSET${String(k).padStart(15, '0')}`,
				name: k < kinds.length ? kind.name : `${kind.name} ${k}`,
				summary: {
					assetId: `ASSET${String(k).padStart(15, '0')}`,
					assetName: kind.name,
					spaceName: inFreezer ? CHILLED : null,
					...(spaceProfiles ? { spaceProfiles } : {}),
					...figures,
					missingMinutes: 0,
					missingMinutesBetweenReadings: missingMinutes,
					...use.budget,
				},
				readings,
				excursions: excursionSpans(readings, rule.excursion, stays),
				profileStays: stays,
				stays: inFreezer
					? [
							{
								kind: 'Space' as const,
								id: freezer.spaceId,
								name: FREEZER,
								enteredOn: '2026-11-28T05:00:00Z',
								exitedOn: '2026-11-28T18:00:00Z',
							},
							{
								kind: 'Space' as const,
								id: chilled.spaceId,
								name: CHILLED,
								enteredOn: '2026-11-28T18:00:00Z',
							},
						]
					: [],
			};
		}),
	};
}
