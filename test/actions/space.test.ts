import type { IDataObject } from 'n8n-workflow';

import { useSimulator } from '../harness/fixtures';
import { operationTests } from './table';
import { byId, expectOneRequest, expectPairedWithFirst, items, ok } from './helpers';

describe('Space', () => {
	const t = useSimulator();
	const space = (operation: string, params: IDataObject = {}) => ({
		resource: 'space',
		operation,
		...params,
	});

	let createdIds: string[] = [];
	operationTests('space', {
		get: {
			'GET /spaces/{spaceId} outputs the space with its gateway': async () => {
				const id = t.sim.seed.spaceIds[0];
				const r = await ok(t, space('get', { spaceId: byId(id) }));
				const exchange = expectOneRequest(r, {
					operation: 'GET /spaces/{spaceId}',
					rawPath: `/spaces/${id}`,
				});
				expect(r.json).toEqual([exchange.responseBody]);
				expect(r.json[0]).toMatchObject({
					id,
					name: 'Bay 1',
					gateway: { gatewayId: t.sim.seed.spaceGatewayIds[0] },
				});
				expectPairedWithFirst(r);
				return r;
			},
		},
		getMany: {
			'the search term filters by name': async () => {
				const r = await ok(
					t,
					space('getMany', {
						workspaceId: byId(t.sim.seed.workspaceId),
						returnAll: true,
						filters: { searchTerm: 'Bay' },
					}),
				);
				const exchange = expectOneRequest(r, {
					operation: 'GET /workspaces/{workspaceId}/spaces',
					rawPath: `/workspaces/${t.sim.seed.workspaceId}/spaces`,
					query: { limit: '10000', searchTerm: 'Bay' },
				});
				expect(r.json).toEqual(items(exchange.responseBody));
				expect(r.json.map((s) => s.name)).toEqual(['Bay 1', 'Bay 2']);
				return r;
			},
			'Limit 3': async () => {
				const r = await ok(
					t,
					space('getMany', { workspaceId: byId(t.sim.seed.workspaceId), limit: 3 }),
				);
				expectOneRequest(r, {
					operation: 'GET /workspaces/{workspaceId}/spaces',
					rawPath: `/workspaces/${t.sim.seed.workspaceId}/spaces`,
					query: { limit: '3' },
				});
				expect(r.json.map((s) => s.id)).toEqual(t.sim.seed.spaceIds.slice(0, 3));
			},
		},
		create: {
			'spaces, with and without a gateway, go in one request': async () => {
				const r = await ok(
					t,
					space('create', {
						workspaceId: byId(t.sim.seed.workspaceId),
						name: '={{ $json.name }}',
						linkGateway: '={{ $json.gateway }}',
						identifyGatewayBy: 'device',
						manufacturer: 'particle',
						deviceId: 'dev0001',
						gatewayOptions: {
							isStatic: true,
							latitude: 51.5,
							longitude: -0.12,
							rssiFilter: '-70',
							shortId: 'D001',
							productName: 'Tracker One',
							registerGateway: true,
						},
					}),
					{
						input: [
							{ name: 'Dock 4', gateway: false },
							{ name: 'Dock 5 (gated)', gateway: true },
						],
					},
				);
				expectOneRequest(r, {
					operation: 'POST /workspaces/{workspaceId}/spaces',
					rawPath: `/workspaces/${t.sim.seed.workspaceId}/spaces`,
					status: 201,
					body: {
						spaces: [
							{ name: 'Dock 4' },
							{
								name: 'Dock 5 (gated)',
								gateway: {
									manufacturer: 'particle',
									deviceId: 'dev0001',
									shortId: 'D001',
									productName: 'Tracker One',
									registerGateway: true,
									isStatic: true,
									latitude: 51.5,
									longitude: -0.12,
									rssiFilter: -70,
								},
							},
						],
					},
				});
				expect(r.json).toEqual([
					expect.objectContaining({ name: 'Dock 4', workspaceId: t.sim.seed.workspaceId }),
					expect.objectContaining({
						name: 'Dock 5 (gated)',
						gateway: expect.objectContaining({
							gatewayId: 'particle_dev0001',
							isStatic: true,
							rssiFilter: -70,
						}),
					}),
				]);
				expect(r.json[0].gateway).toBeUndefined();
				expect(r.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
				createdIds = r.json.map((s) => s.id as string);
				return r;
			},
		},
		update: {
			'PUT /spaces/{spaceId} with the new name': async () => {
				const id = t.sim.seed.spaceIds[3];
				const r = await ok(t, space('update', { spaceId: byId(id), name: 'Dock #3 (renamed)' }));
				const exchange = expectOneRequest(r, {
					operation: 'PUT /spaces/{spaceId}',
					rawPath: `/spaces/${id}`,
					body: { name: 'Dock #3 (renamed)' },
				});
				expect(r.json).toEqual([exchange.responseBody]);
				expect(r.json[0]).toMatchObject({ id, name: 'Dock #3 (renamed)' });
				return r;
			},
		},
		getAssetHistory: {
			'GET /spaces/{spaceId}/assets, one item per stay': async () => {
				const id = t.sim.seed.spaceIds[0];
				const r = await ok(t, space('getAssetHistory', { spaceId: byId(id), returnAll: true }));
				const exchange = expectOneRequest(r, {
					operation: 'GET /spaces/{spaceId}/assets',
					rawPath: `/spaces/${id}/assets`,
					query: { limit: '10000' },
				});
				expect(r.json).toEqual(items(exchange.responseBody));
				expect(r.json.length).toBeGreaterThan(0);
				for (const stay of r.json) expect(stay.spaceId).toBe(id);
				return r;
			},
		},
		linkGateway: {
			'by manufacturer and device ID': async () => {
				const id = t.sim.seed.spaceIds[1];
				const r = await ok(
					t,
					space('linkGateway', {
						spaceId: byId(id),
						identifyGatewayBy: 'device',
						manufacturer: 'sysLoco',
						deviceId: 'abc123',
					}),
				);
				const exchange = expectOneRequest(r, {
					operation: 'POST /spaces/{spaceId}/gateways',
					rawPath: `/spaces/${id}/gateways`,
					body: { manufacturer: 'sysLoco', deviceId: 'abc123' },
				});
				expect(r.json).toEqual([exchange.responseBody]);
				expect(r.json[0]).toMatchObject({
					id,
					gateway: { gatewayId: 'sysLoco_abc123', manufacturer: 'sysLoco' },
				});
				return r;
			},
			'by gateway ID, replacing the existing gateway': async () => {
				const id = t.sim.seed.spaceIds[2];
				const r = await ok(
					t,
					space('linkGateway', {
						spaceId: byId(id),
						identifyGatewayBy: 'gatewayId',
						gatewayId: 'hpeAruba_ff01',
						gatewayOptions: { replaceExistingGateway: true, isStatic: false },
					}),
				);
				expectOneRequest(r, {
					operation: 'POST /spaces/{spaceId}/gateways',
					rawPath: `/spaces/${id}/gateways`,
					body: { gatewayId: 'hpeAruba_ff01', replaceExistingGateway: true, isStatic: false },
				});
				expect(r.json[0]).toMatchObject({ gateway: { gatewayId: 'hpeAruba_ff01' } });
			},
		},
		updateGateway: {
			'PUT /spaces/{spaceId}/gateways/{gatewayId} outputs the gateway': async () => {
				const id = t.sim.seed.spaceIds[0];
				const gatewayId = t.sim.seed.spaceGatewayIds[0];
				const r = await ok(
					t,
					space('updateGateway', {
						spaceId: byId(id),
						gatewayId,
						updateFields: {
							isStatic: true,
							latitude: 51.51,
							longitude: -0.13,
							rssiFilter: 'VERY_NEAR',
						},
					}),
				);
				const exchange = expectOneRequest(r, {
					operation: 'PUT /spaces/{spaceId}/gateways/{gatewayId}',
					rawPath: `/spaces/${id}/gateways/${gatewayId}`,
					body: { isStatic: true, latitude: 51.51, longitude: -0.13, rssiFilter: 'VERY_NEAR' },
				});
				expect(r.json).toEqual([exchange.responseBody]);
				expect(r.json[0]).toMatchObject({
					gatewayId,
					latitude: 51.51,
					longitude: -0.13,
					rssiFilter: 'VERY_NEAR',
				});
				return r;
			},
		},
		unlinkGateway: {
			'DELETE /spaces/{spaceId}/gateways/{gatewayId} outputs the space without it': async () => {
				const id = t.sim.seed.spaceIds[1];
				const r = await ok(
					t,
					space('unlinkGateway', { spaceId: byId(id), gatewayId: 'sysLoco_abc123' }),
				);
				const exchange = expectOneRequest(r, {
					operation: 'DELETE /spaces/{spaceId}/gateways/{gatewayId}',
					rawPath: `/spaces/${id}/gateways/sysLoco_abc123`,
				});
				expect(r.json).toEqual([exchange.responseBody]);
				expect(r.json[0].id).toBe(id);
				expect(r.json[0].gateway).toBeUndefined();
				return r;
			},
		},
		delete: {
			'DELETE /spaces/{spaceId} (204) outputs deleted and the ID': async () => {
				const id = createdIds[0];
				const r = await ok(t, space('delete', { spaceId: byId(id) }));
				expectOneRequest(r, {
					operation: 'DELETE /spaces/{spaceId}',
					rawPath: `/spaces/${id}`,
					status: 204,
				});
				expect(r.json).toEqual([{ deleted: true, spaceId: id }]);
				return r;
			},
		},
	});
});
