// Create Temperature Report (issue 38): 31 days of one asset (44,640 readings) and 100 assets
// over 24 hours, each against Get Temperature Summary alone over the same assets and period.
import type { BenchSettings } from '../lib/args';
import { runChild } from '../lib/child';
import { ratio, type ScenarioResult } from '../lib/results';
import type { ReportArgs, ReportFigures } from '../measure/report';

const CASES = [
	{ assets: 1, hours: 31 * 24 },
	{ assets: 100, hours: 24 },
];

export async function report(
	settings: BenchSettings,
	log: (line: string) => void,
): Promise<ScenarioResult[]> {
	const results: ScenarioResult[] = [];
	for (const { assets, hours } of CASES) {
		const args = { assets, hours, reps: Math.min(settings.reps, 3) };
		const measure = (operation: ReportArgs['operation']) =>
			runChild<ReportFigures>('report', { ...args, operation }, 600_000);
		const made = await measure('createTemperatureReport');
		const alone = await measure('getTemperatureSummary');
		const title = `${assets} asset${assets === 1 ? '' : 's'} × ${hours} h`;
		log(
			`  ${title}: report ${made.cpuMs} ms CPU (${made.wallMs} ms wall), summary alone ${alone.cpuMs} ms CPU; PDF ${made.pdfBytes} bytes, ${made.pages} pages; PNG ${made.pngBytes} bytes; ${made.readings} readings`,
		);
		results.push({
			id: `report-${assets}x${hours}h`,
			scenario: 'report',
			title,
			assets,
			hours,
			readings: made.readings,
			requests: made.requests,
			baselineRequests: alone.requests,
			wallMs: made.wallMs,
			cpuMs: made.cpuMs,
			baselineWallMs: alone.wallMs,
			baselineCpuMs: alone.cpuMs,
			/** What the report adds to the summary: drawing, writing, and its space/facility reads. */
			ownCpuMs: Math.round((made.cpuMs - alone.cpuMs) * 10) / 10,
			baseline: 'Get Temperature Summary of the same assets and period',
			ratio: ratio(made.cpuMs, alone.cpuMs),
			pdfBytes: made.pdfBytes,
			pages: made.pages,
			/** The asset pages are all but the cover's. */
			pdfBytesPerAssetPage: Math.round(made.pdfBytes / Math.max(1, made.pages - 1)),
			pngBytes: made.pngBytes,
		});
	}
	return results;
}
