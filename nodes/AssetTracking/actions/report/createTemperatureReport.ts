import { createHash } from 'node:crypto';
import type { IBinaryKeyData, IDataObject, INodeProperties } from 'n8n-workflow';

import * as api from '../../api';
import { excursionSpans } from '../../coldChain/summary';
import { rules } from '../../helpers/validation';
import { renderChartPng } from '../../render/chartPng';
import { renderReportPdf, type ReportInput, type Stay } from '../../render/report';
import type { ParamReader } from '../params';
import { nodeVersion } from '../simplify';
import { isoTime, periodFields, readPeriod, type Period } from '../summaryPeriod';
import { readRule, summaryRuleFields } from '../summaryRule';
import { temperatureSummary } from '../temperatureSummary';
import { defineOperation, type ListPages, type ObjectReader } from '../types';
import { coveredAssets, coverWords, readScope, readSpaceNames, scopeFields } from './scope';
import { spaceStays, stayInPeriod } from './stays';

const outputFields: INodeProperties[] = [
	{
		displayName: 'Put Report in Field',
		name: 'reportBinaryProperty',
		type: 'string',
		default: 'report',
		required: true,
		description: 'The name of the output binary field to put the PDF report in',
	},
	{
		displayName: 'Put Chart in Field',
		name: 'chartBinaryProperty',
		type: 'string',
		default: 'chart',
		required: true,
		description:
			'The name of the output binary field to put the chart PNG in (one asset, or small multiples of up to 12)',
	},
];

const binaryField = rules.text(100);

/**
 * Report → Create Temperature Report: a PDF to file and a PNG for chat, made inside n8n from the
 * figures Get Temperature Summary computes (temperatureSummary, the same function), so every figure of
 * the document equals the summary's. Nothing leaves the workflow but the service's own reads.
 * Run as an AI agent's tool, it outputs the JSON alone (binary data does not reach an agent).
 */
export const createTemperatureReport = defineOperation({
	operation: 'createTemperatureReport',
	name: 'Create Temperature Report',
	action: 'Create a temperature report',
	description: 'Report temperatures of assets as a PDF and a PNG chart',
	endpoint: api.getAssetTemperatureHistory,
	fields: [...scopeFields, ...periodFields, ...summaryRuleFields, ...outputFields],
	computeItem: async (p, pages, service) => {
		const scope = readScope(p);
		const period = readPeriod(p, nodeVersion(p));
		const rule = readRule(p);
		const reportField = p.required('reportBinaryProperty', binaryField);
		const chartField = p.required('chartBinaryProperty', binaryField);
		p.check(p.label('chartBinaryProperty'), chartField, {
			describe: `a field other than ${p.label('reportBinaryProperty')} (${reportField})`,
			test: () => chartField !== reportField,
		});

		const covered = await coveredAssets(p, pages, scope, period);
		const assets: ReportInput['assets'][number][] = [];
		// Each asset's JSON entry: Get Temperature Summary's record, and the rooms it was in during
		// the period (`stays`).
		const records: IDataObject[] = [];
		const workspaceIds = new Set<string>(scope.workspaceId ? [scope.workspaceId] : []);
		// Space names as the service gives them: the workspace's list (read for the cover when the
		// report covers spaces), and each asset's space history.
		const spaceNames = new Map<string, string>();
		const words = await coverWords(pages, scope, spaceNames);
		for (const asset of covered) {
			const {
				summary,
				readings,
				spaceHistory,
				stays,
				asset: read,
			} = await temperatureSummary(
				{ pages, get: service.get },
				{ assetId: asset.id, period, rule },
			);
			for (const m of spaceHistory) {
				if (typeof m?.spaceId === 'string' && typeof m.spaceName === 'string')
					spaceNames.set(m.spaceId, m.spaceName);
			}
			const name = typeof summary.assetName === 'string' ? summary.assetName : undefined;
			if (typeof read.workspaceId === 'string') workspaceIds.add(read.workspaceId);
			records.push({ ...summary, stays: spaceStays(spaceHistory, period) });
			assets.push({
				assetId: asset.id,
				name,
				summary,
				readings,
				excursions: excursionSpans(readings, rule.excursion, stays),
				profileStays: stays,
				stays: await staysOf(pages, asset.id, period, spaceHistory),
			});
		}

		// A profile's room no asset's history named: the workspaces' space lists name it.
		if (
			[...(rule.profiles?.keys() ?? [])].some((id) => !spaceNames.has(id)) &&
			scope.scope !== 'spaces'
		)
			for (const workspaceId of workspaceIds) await readSpaceNames(pages, workspaceId, spaceNames);
		const generatedAt = service.time() ?? Date.now();
		const input: ReportInput = {
			title: 'Temperature report',
			// The chosen assets by name (an ID only where an asset has none).
			covers:
				scope.scope === 'asset' || scope.scope === 'assets'
					? `${assets.length === 1 ? 'asset' : 'assets'} ${assets.map((a) => a.name ?? a.assetId).join(', ')}`
					: words,
			workspace: await workspaceNames(service.get, workspaceIds),
			timeZone: p.ctx.getTimezone(),
			from: period.from,
			to: period.to,
			rule: {
				above: rule.excursion.above,
				below: rule.excursion.below,
				hysteresis: rule.excursion.hysteresis,
				excursionMinutes: rule.excursion.minimumMs / 60_000,
				activationEnergyKj: rule.activationEnergyKj,
				...(rule.budgetMinutes === undefined ? {} : { budgetMinutes: rule.budgetMinutes }),
				...(rule.profiles
					? {
							profiles: [...rule.profiles.values()].map((profile) => ({
								...profile,
								spaceName: spaceNames.get(profile.spaceId),
							})),
						}
					: {}),
			},
			source: await sourceOf(p),
			generatedAt,
			assets,
		};
		const pdf = renderReportPdf(input);
		const json: IDataObject = {
			scope: scope.scope,
			...(scope.workspaceId ? { workspaceId: scope.workspaceId } : {}),
			from: isoTime(period.from),
			to: isoTime(period.to),
			assets: records,
			readings: total(assets, 'readings'),
			missingMinutes: total(assets, 'missingMinutes'),
			pages: pageCount(pdf),
			sha256: createHash('sha256').update(pdf).digest('hex'),
		};
		if (runAsTool(p)) return { json };

		const stamp = new Date(period.to).toISOString().slice(0, 16).replace(/[-:]/g, '');
		const name = `temperature-report-${stamp}Z`;
		const binary: IBinaryKeyData = {
			[reportField]: await p.ctx.helpers.prepareBinaryData(pdf, `${name}.pdf`, 'application/pdf'),
			[chartField]: await p.ctx.helpers.prepareBinaryData(
				renderChartPng(input),
				`${name}.png`,
				'image/png',
			),
		};
		return { json, binary };
	},
});

/**
 * Whether an AI agent runs the node as its tool: n8n says so through isToolExecution() when the
 * tool is the node wrapped (an ai_tool connection), and marks the run's data with
 * preserveSourceOverwrite when the agent asks the engine to run the node (n8n-core reads that
 * mark as "a tool execution" too).
 */
function runAsTool(p: ParamReader): boolean {
	if (p.ctx.isToolExecution?.()) return true;
	return p.ctx.getExecuteData?.()?.metadata?.preserveSourceOverwrite === true;
}

const total = (assets: ReadonlyArray<{ summary: Record<string, unknown> }>, field: string) =>
	assets.reduce(
		(sum, a) => sum + (typeof a.summary[field] === 'number' ? (a.summary[field] as number) : 0),
		0,
	);

/** How many pages the PDF has: its page tree's count, written once. */
const pageCount = (pdf: Buffer) =>
	Number(/\/Type \/Pages [^>]*\/Count (\d+)/.exec(pdf.toString('latin1'))?.[1]);

/**
 * The workspaces' names (an ID where the service gives no name), for the cover. The service
 * answers a workspace as a list of one ({ items: [workspace] }).
 */
async function workspaceNames(get: ObjectReader, ids: ReadonlySet<string>) {
	const names: string[] = [];
	for (const workspaceId of ids) {
		const body = await get(api.getWorkspace, { pathParams: { workspaceId } });
		const items = Array.isArray(body.items) ? (body.items as IDataObject[]) : [];
		const name = (items.find((w) => w?.id === workspaceId) ?? items[0])?.name;
		names.push(typeof name === 'string' && name !== '' ? name : workspaceId);
	}
	return names.length > 0 ? names.join(', ') : undefined;
}

/** The service the figures came from: the credential's base URL, for the footer. */
async function sourceOf(p: ParamReader): Promise<string> {
	const credentials = await p.ctx.getCredentials('assetTrackingOAuth2Api');
	return typeof credentials.baseUrl === 'string'
		? credentials.baseUrl
		: 'the Asset Tracking Service';
}

/**
 * The spaces (from the space history the summary read) and facilities the asset was in during the
 * period, in the order it entered them.
 */
async function staysOf(
	pages: ListPages,
	assetId: string,
	period: Period,
	spaceHistory: readonly IDataObject[],
): Promise<Stay[]> {
	const facilities: IDataObject[] = [];
	for await (const items of pages(api.getAssetFacilityHistory, { pathParams: { assetId } }))
		facilities.push(...items);
	const lists = [
		{ kind: 'Space', items: spaceHistory, id: 'spaceId', name: 'spaceName' },
		{ kind: 'Facility', items: facilities, id: 'facilityId', name: 'facilityName' },
	] as const;
	const stays: Stay[] = [];
	for (const list of lists) {
		for (const item of list.items) {
			if (!stayInPeriod(item, period)) continue;
			stays.push({
				kind: list.kind,
				id: String(item[list.id] ?? ''),
				name: String(item[list.name] ?? ''),
				enteredOn: String(item.enteredOn),
				...(typeof item.exitedOn === 'string' ? { exitedOn: item.exitedOn } : {}),
				...(item.hasExited === true ? { exited: true } : {}),
			});
		}
	}
	return stays.sort((a, b) => Date.parse(a.enteredOn) - Date.parse(b.enteredOn));
}
