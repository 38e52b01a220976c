import type { IDataObject } from 'n8n-workflow';

import { useSimulator } from '../harness/fixtures';
import { operationTests } from './table';
import { byId, expectOneRequest, expectPairedWithFirst, items, ok } from './helpers';

describe('Printer', () => {
	const t = useSimulator();
	const printer = (operation: string, params: IDataObject = {}) => ({
		resource: 'printer',
		operation,
		...params,
	});

	operationTests('printer', {
		get: {
			'GET /workspaces/{workspaceId}/printers/{printerId}': async () => {
				const { workspaceId, onlinePrinterId } = t.sim.seed;
				const r = await ok(
					t,
					printer('get', { workspaceId: byId(workspaceId), printerId: byId(onlinePrinterId) }),
				);
				const exchange = expectOneRequest(r, {
					operation: 'GET /workspaces/{workspaceId}/printers/{printerId}',
					rawPath: `/workspaces/${workspaceId}/printers/${onlinePrinterId}`,
				});
				expect(r.json).toEqual([exchange.responseBody]);
				expect(r.json[0]).toMatchObject({ printerId: onlinePrinterId, isOnline: true });
				expectPairedWithFirst(r);
				return r;
			},
		},
		getMany: {
			'GET /workspaces/{workspaceId}/printers': async () => {
				const { workspaceId } = t.sim.seed;
				const r = await ok(
					t,
					printer('getMany', { workspaceId: byId(workspaceId), returnAll: true }),
				);
				const exchange = expectOneRequest(r, {
					operation: 'GET /workspaces/{workspaceId}/printers',
					rawPath: `/workspaces/${workspaceId}/printers`,
					query: { limit: '10000' },
				});
				expect(r.json).toEqual(items(exchange.responseBody));
				expect(r.json.map((p) => p.printerId)).toEqual(t.sim.seed.printerIds);
				return r;
			},
		},
		update: {
			'PUT the new name': async () => {
				const { workspaceId, offlinePrinterId } = t.sim.seed;
				const r = await ok(
					t,
					printer('update', {
						workspaceId: byId(workspaceId),
						printerId: byId(offlinePrinterId),
						name: 'Goods-in printer (dock 2)',
					}),
				);
				const exchange = expectOneRequest(r, {
					operation: 'PUT /workspaces/{workspaceId}/printers/{printerId}',
					rawPath: `/workspaces/${workspaceId}/printers/${offlinePrinterId}`,
					body: { name: 'Goods-in printer (dock 2)' },
				});
				expect(r.json).toEqual([exchange.responseBody]);
				expect(r.json[0]).toMatchObject({
					printerId: offlinePrinterId,
					name: 'Goods-in printer (dock 2)',
				});
				return r;
			},
		},
		getTemplates: {
			'not paged; one item per template': async () => {
				const { workspaceId } = t.sim.seed;
				const r = await ok(t, printer('getTemplates', { workspaceId: byId(workspaceId) }));
				const exchange = expectOneRequest(r, {
					operation: 'GET /workspaces/{workspaceId}/print-templates',
					rawPath: `/workspaces/${workspaceId}/print-templates`,
				});
				expect(r.json).toEqual(items(exchange.responseBody));
				expect(r.json.map((tpl) => tpl.templateId)).toEqual(t.sim.seed.printTemplateIds);
				expectPairedWithFirst(r);
				return r;
			},
		},
		createPrintJobs: {
			'print jobs of several items go in one request': async () => {
				const { onlinePrinterId, assetIds, printTemplateIds } = t.sim.seed;
				const r = await ok(
					t,
					printer('createPrintJobs', {
						printerId: byId(onlinePrinterId),
						assetId: byId('={{ $json.assetId }}'),
						additionalFields: {
							templateId: '={{ $json.templateId }}',
							templateParams: '={{ $json.params }}',
							replaceExistingLabel: true,
						},
					}),
					{
						input: [
							{
								assetId: assetIds[4],
								templateId: printTemplateIds[0],
								params: { trackingRef: 'CONS-1001' },
							},
							{ assetId: assetIds[5] },
						],
					},
				);
				expectOneRequest(r, {
					operation: 'POST /printers/{printerId}/print-jobs',
					rawPath: `/printers/${onlinePrinterId}/print-jobs`,
					status: 201,
					body: {
						printJobs: [
							{
								assetId: assetIds[4],
								templateId: printTemplateIds[0],
								templateParams: { trackingRef: 'CONS-1001' },
								replaceExistingLabel: true,
							},
							{ assetId: assetIds[5], replaceExistingLabel: true },
						],
					},
				});
				expect(r.json).toEqual([
					expect.objectContaining({
						assetId: assetIds[4],
						printerId: onlinePrinterId,
						templateId: printTemplateIds[0],
					}),
					expect.objectContaining({
						assetId: assetIds[5],
						printerId: onlinePrinterId,
						status: 'Queued',
					}),
				]);
				expect(r.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
				return r;
			},
		},
		getPrintJobs: {
			'GET /printers/{printerId}/print-jobs': async () => {
				const { onlinePrinterId } = t.sim.seed;
				const r = await ok(
					t,
					printer('getPrintJobs', { printerId: byId(onlinePrinterId), returnAll: true }),
				);
				const exchange = expectOneRequest(r, {
					operation: 'GET /printers/{printerId}/print-jobs',
					rawPath: `/printers/${onlinePrinterId}/print-jobs`,
					query: { limit: '10000' },
				});
				expect(r.json).toEqual(items(exchange.responseBody));
				// Three seeded jobs and the two just sent.
				expect(r.json).toHaveLength(5);
				for (const job of r.json) expect(job.printerId).toBe(onlinePrinterId);
				return r;
			},
		},
		getPrintJob: {
			'GET /print-jobs/{printJobId}': async () => {
				const id = t.sim.seed.printJobIds[0];
				const r = await ok(t, printer('getPrintJob', { printJobId: id }));
				const exchange = expectOneRequest(r, {
					operation: 'GET /print-jobs/{printJobId}',
					rawPath: `/print-jobs/${id}`,
				});
				expect(r.json).toEqual([exchange.responseBody]);
				expect(r.json[0]).toMatchObject({
					id,
					isComplete: true,
					isSuccessful: true,
					status: 'Completed',
				});
				return r;
			},
		},
		getPrintJobStatuses: {
			'one item per status': async () => {
				const id = t.sim.seed.printJobIds[0];
				const r = await ok(t, printer('getPrintJobStatuses', { printJobId: id, returnAll: true }));
				const exchange = expectOneRequest(r, {
					operation: 'GET /print-jobs/{printJobId}/statuses',
					rawPath: `/print-jobs/${id}/statuses`,
					query: { limit: '10000' },
				});
				expect(r.json).toEqual(items(exchange.responseBody));
				expect(r.json.map((s) => s.status)).toEqual(['Queued', 'Printing', 'Completed']);
				return r;
			},
		},
		cancelPrintJob: {
			'DELETE /print-jobs/{printJobId} (204) outputs cancelled and the ID': async () => {
				const id = t.sim.seed.printJobIds[3];
				const r = await ok(t, printer('cancelPrintJob', { printJobId: id }));
				expectOneRequest(r, {
					operation: 'DELETE /print-jobs/{printJobId}',
					rawPath: `/print-jobs/${id}`,
					status: 204,
				});
				expect(r.json).toEqual([{ cancelled: true, printJobId: id }]);
				return r;
			},
		},
		remove: {
			'DELETE /workspaces/{workspaceId}/printers/{printerId} (204) outputs deleted and the IDs':
				async () => {
					const workspaceId = t.sim.seed.otherWorkspaceId;
					const printerId = t.sim.seed.other.printerIds[0];
					const r = await ok(
						t,
						printer('remove', { workspaceId: byId(workspaceId), printerId: byId(printerId) }),
					);
					expectOneRequest(r, {
						operation: 'DELETE /workspaces/{workspaceId}/printers/{printerId}',
						rawPath: `/workspaces/${workspaceId}/printers/${printerId}`,
						status: 204,
					});
					expect(r.json).toEqual([{ deleted: true, workspaceId, printerId }]);
					return r;
				},
		},
	});
});
