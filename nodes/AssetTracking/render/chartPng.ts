import { drawChart } from './chart';
import { ellipsis } from './layout';
import { Raster } from './raster';
import {
	assetName,
	figure,
	judgingOf,
	periodWords,
	roomsOf,
	seriesOf,
	stateColor,
	stateOf,
	type ReportAsset,
	type ReportInput,
} from './words';

/** Panels of the chart PNG at most: beyond them, the assets most out of range are shown. */
const MAX_PANELS = 12;
const TEXT = 14;
const TITLE = 21;
/** Above the panels: the title and the period. */
const TOP = 56;

/**
 * The chart PNG for chat: one asset's chart (800 × 456), or small multiples in two columns of
 * 600 × 260 (up to 12 panels, the assets with excursions and most minutes out of range first).
 * Each panel names its asset, state, MKT, rooms and the rule of each room; a name is shortened
 * with an ellipsis to fit, a figure never.
 */
export function renderChartPng(input: ReportInput): Buffer {
	const chosen = [...input.assets]
		.sort((a, b) => rank(b) - rank(a) || assetName(a).localeCompare(assetName(b)))
		.slice(0, MAX_PANELS);
	const single = chosen.length <= 1;
	const columns = single ? 1 : 2;
	const panelWidth = single ? 800 : 600;
	const panelHeight = single ? 400 : 260;
	const rows = Math.max(1, Math.ceil(chosen.length / columns));
	const raster = new Raster(columns * panelWidth, TOP + rows * panelHeight);
	const width = raster.width - 24;
	const measure = (size: number) => (text: string) => raster.textWidth(text, size);
	const shown =
		chosen.length < input.assets.length
			? `${chosen.length} of ${input.assets.length} assets, most out of range first`
			: `${input.assets.length} asset${input.assets.length === 1 ? '' : 's'}`;
	const title = single && input.assets.length === 1 ? assetName(input.assets[0]) : input.title;
	const where = input.workspace ? ` · ${input.workspace}` : '';
	raster.text(12, 26, ellipsis(`${title}${where}`, width, measure(TITLE)), TITLE);
	raster.text(
		12,
		48,
		fitted([{ text: periodWords(input) }, { text: shown }], width, measure(TEXT)),
		TEXT,
		'muted',
	);
	chosen.forEach((asset, k) => {
		const x = (k % columns) * panelWidth;
		const y = TOP + Math.floor(k / columns) * panelHeight;
		const lines = panelLines(input, asset, single);
		const inner = panelWidth - 24;
		raster.text(
			x + 12,
			y + 18,
			fitted(lines[0], inner, measure(TEXT)),
			TEXT,
			stateColor(stateOf(asset.summary)),
		);
		// The rooms and their rules: on a second line when one does not hold them.
		const rules = twoLines(lines[1], inner, measure(TEXT));
		rules.forEach((line, n) => raster.text(x + 12, y + 38 + n * 18, line, TEXT, 'muted'));
		const top = 46 + (rules.length - 1) * 18;
		drawChart(
			raster,
			{ x: x + 8, y: y + top, width: panelWidth - 20, height: panelHeight - top - 6 },
			seriesOf(input, asset),
			TEXT,
		);
	});
	return raster.toPng();
}

/** A part of a line: a figure (`text`, kept whole), or a name (`name`, shortened) before it. */
interface Part {
	name?: string;
	text?: string;
}

/**
 * A panel's two lines: the asset (or, for one asset, its state and figures) and its state with
 * MKT; then its rooms and each one's rule ("Cold Room "A" 2 to 8 °C").
 */
function panelLines(input: ReportInput, asset: ReportAsset, single: boolean): [Part[], Part[]] {
	const s = asset.summary;
	const state = stateOf(s);
	const mkt = `MKT ${figure(s.mktCelsius)} °C`;
	const excursions = `${figure(s.excursions)} excursion${s.excursions === 1 ? '' : 's'}`;
	const first: Part[] = single
		? [
				{ text: state },
				{ text: `mean ${figure(s.meanCelsius)} °C` },
				{ text: mkt },
				{ text: excursions },
			]
		: [{ name: assetName(asset), text: `: ${state}` }, { text: mkt }, { text: excursions }];
	const rooms = roomsOf(asset);
	const second: Part[] = judgingOf(input, asset).map((j) => ({
		name: j.room ?? (rooms.length > 0 ? rooms.join(', ') : 'In no room'),
		text: `: ${j.below} to ${j.above} °C`,
	}));
	return [first, second];
}

/**
 * Parts joined by " · " within `width`: names shortened first (to 14 characters, then to 6),
 * then trailing parts left out whole (said by `more`, "+2 more rooms"); a figure is never cut.
 */
function fitted(
	parts: Part[],
	width: number,
	measure: (text: string) => number,
	more?: (left: number) => string,
): string {
	const join = (list: Part[], cut: number) =>
		list
			.map((p) => `${p.name === undefined ? '' : shorten(p.name, cut)}${p.text ?? ''}`)
			.join(' · ');
	for (const shortest of [14, 6]) {
		for (let keep = parts.length; keep >= 1; keep--) {
			const list = parts.slice(0, keep);
			const left = keep < parts.length && more ? ` · ${more(parts.length - keep)}` : '';
			const longest = Math.max(0, ...list.map((p) => p.name?.length ?? 0));
			for (let cut = longest; cut >= Math.min(shortest, longest); cut--) {
				const line = `${join(list, cut)}${left}`;
				if (measure(line) <= width) return line;
			}
		}
	}
	return join(parts.slice(0, 1), 6);
}

/**
 * Parts on one line, or on two when one does not hold them whole (as many as fit on the first, the
 * rest fitted on the second, "+1 more room" for those left out).
 */
function twoLines(parts: Part[], width: number, measure: (text: string) => number): string[] {
	const line = (list: Part[]) => list.map((p) => `${p.name ?? ''}${p.text ?? ''}`).join(' · ');
	let first = parts.length;
	while (first > 1 && measure(line(parts.slice(0, first))) > width) first--;
	const more = (left: number) => `+${left} more room${left === 1 ? '' : 's'}`;
	if (first === parts.length) return [fitted(parts, width, measure, more)];
	return [
		fitted(parts.slice(0, first), width, measure),
		fitted(parts.slice(first), width, measure, more),
	];
}

const shorten = (name: string, most: number) =>
	name.length <= most ? name : `${name.slice(0, Math.max(1, most - 1)).trimEnd()}…`;

const rank = (asset: ReportAsset) =>
	Number(asset.summary.excursions) * 1e6 +
	Number(asset.summary.minutesAbove) +
	Number(asset.summary.minutesBelow);
