// Print jobs: send to a printer, list, get, cancel, and the status history.
import { badRequest } from '../errors';
import { array, bool, object, onlyKeys, requireBody, str } from '../input';
import { printJobParam, printerParam } from '../lookup';
import { listKey } from '../paging';
import type { Handler } from '../state';
import type { PrintJobRec } from '../store/model';
import { isPrintJobComplete, printJobStatuses, printJobView } from '../views';
import { iso } from '../time';

export const listPrintJobs: Handler = ({ state, operation, params, query }) => {
	const printer = printerParam(state, params.printerId);
	const jobs = [...state.store.printJobs.values()].filter((j) => j.printerId === printer.printerId);
	const page = state.paging.page(jobs, listKey(operation, { printerId: printer.printerId }), query);
	const now = state.clock.now();
	return {
		status: 200,
		body: { ...page, items: page.items.map((j) => printJobView(j, printer, now)) },
	};
};

export const createPrintJobs: Handler = ({ state, params, body }) => {
	const printer = printerParam(state, params.printerId);
	const input = object(requireBody(body), 'body');
	onlyKeys(input, ['printJobs'], 'body');
	if (input.printJobs === undefined) throw badRequest('printJobs is required');
	const drafts = array(input.printJobs, 'printJobs', 1000).map((raw, i) => {
		const field = `printJobs.${i}`;
		const e = object(raw, field);
		onlyKeys(e, ['assetId', 'replaceExistingLabel', 'templateParams', 'templateId'], field);
		const assetId = str(e, 'assetId', `${field}.assetId`, {
			required: true,
			max: 20,
			charset: 'ID',
		});
		const asset = state.store.findAsset(assetId);
		const assetWs = asset
			? asset.kind === 'rec'
				? asset.rec.workspaceId
				: asset.block.workspaceId
			: undefined;
		if (assetWs !== printer.workspaceId)
			throw badRequest(`${field}.assetId ${assetId} is not an Asset of the Printer's workspace`);
		const templateId = str(e, 'templateId', `${field}.templateId`, { max: 36 });
		const params =
			e.templateParams === undefined ? {} : object(e.templateParams, `${field}.templateParams`);
		if (templateId !== undefined) {
			const template = state.store.printTemplates.get(templateId);
			if (!template || template.workspaceId !== printer.workspaceId)
				throw badRequest(
					`${field}.templateId ${templateId} is not a Print Template of the workspace`,
				);
			for (const p of template.requiredParams) {
				if (params[p] === undefined)
					throw badRequest(`${field}.templateParams.${p} is required by the Print Template`);
			}
		}
		return {
			assetId,
			templateId,
			replaceExistingLabel: bool(e, 'replaceExistingLabel', `${field}.replaceExistingLabel`),
		};
	});
	const now = state.clock.now();
	const created = drafts.map((d) => {
		const job: PrintJobRec = {
			id: state.ids.uuid(),
			printerId: printer.printerId,
			workspaceId: printer.workspaceId,
			assetId: d.assetId,
			origin: 'Remote',
			createdAt: now,
			includeCutLine: true,
			outcome: 'success',
			cancelledAt: null,
		};
		if (d.templateId !== undefined) job.templateId = d.templateId;
		if (d.replaceExistingLabel !== undefined) job.replaceExistingLabel = d.replaceExistingLabel;
		state.store.printJobs.set(job.id, job);
		return job;
	});
	return { status: 201, body: { items: created.map((j) => printJobView(j, printer, now)) } };
};

export const getPrintJob: Handler = ({ state, params }) => {
	const job = printJobParam(state, params.printJobId);
	return {
		status: 200,
		body: printJobView(job, state.store.printers.get(job.printerId), state.clock.now()),
	};
};

export const cancelPrintJob: Handler = ({ state, params }) => {
	const job = printJobParam(state, params.printJobId);
	const now = state.clock.now();
	if (isPrintJobComplete(job, state.store.printers.get(job.printerId), now))
		throw badRequest('The Print Job is already complete and cannot be cancelled');
	job.cancelledAt = now;
	return { status: 204 };
};

export const printJobStatusList: Handler = ({ state, operation, params, query }) => {
	const job = printJobParam(state, params.printJobId);
	const statuses = printJobStatuses(
		job,
		state.store.printers.get(job.printerId),
		state.clock.now(),
	);
	const page = state.paging.page(statuses, listKey(operation, { printJobId: job.id }), query);
	return {
		status: 200,
		body: { ...page, items: page.items.map((s) => ({ createdAt: iso(s.at), status: s.status })) },
	};
};
