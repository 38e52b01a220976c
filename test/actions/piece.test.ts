import type { IDataObject } from 'n8n-workflow';

import { useSimulator } from '../harness/fixtures';
import { operationTests } from './table';
import { byId, expectOneRequest, items, ok } from './helpers';

describe('Piece', () => {
	const t = useSimulator();
	const piece = (operation: string, params: IDataObject = {}) => ({
		resource: 'piece',
		operation,
		...params,
	});

	operationTests('piece', {
		getMany: {
			'GET /consignments/{consignmentId}/pieces': async () => {
				const id = t.sim.seed.consignmentIds[2];
				const r = await ok(t, piece('getMany', { consignmentId: byId(id), limit: 5 }));
				const exchange = expectOneRequest(r, {
					operation: 'GET /consignments/{consignmentId}/pieces',
					rawPath: `/consignments/${id}/pieces`,
					query: { limit: '5' },
				});
				expect(r.json).toEqual(items(exchange.responseBody));
				expect(r.json.map((p) => p.id)).toEqual(t.sim.seed.pieceIds[2].slice(0, 5));
				return r;
			},
			'Return All of 12 pieces': async () => {
				const id = t.sim.seed.consignmentIds[2];
				const r = await ok(t, piece('getMany', { consignmentId: byId(id), returnAll: true }));
				expect(r.exchanges.map((e) => e.query)).toEqual([{ limit: '10000' }]);
				expect(r.json.map((p) => p.id)).toEqual(t.sim.seed.pieceIds[2]);
			},
		},
		create: {
			'the body is the array of pieces; one output item per input item': async () => {
				const id = t.sim.seed.consignmentIds[1];
				const r = await ok(
					t,
					piece('create', {
						consignmentId: byId(id),
						nfcId: '={{ $json.nfc }}',
						trackingRef: '={{ $json.ref ?? "" }}',
					}),
					{ input: [{ nfc: 'BEEF0001' }, { nfc: 'BEEF0002', ref: 'CONS-1002-X' }] },
				);
				expectOneRequest(r, {
					operation: 'POST /consignments/{consignmentId}/pieces',
					rawPath: `/consignments/${id}/pieces`,
					status: 201,
					body: [
						{ label: { nfcId: 'BEEF0001' } },
						{ trackingRef: 'CONS-1002-X', label: { nfcId: 'BEEF0002' } },
					],
				});
				expect(r.json).toEqual([
					expect.objectContaining({
						consignmentId: id,
						label: expect.objectContaining({ nfcId: 'BEEF0001' }),
					}),
					expect.objectContaining({
						consignmentId: id,
						trackingRef: 'CONS-1002-X',
						label: expect.objectContaining({ nfcId: 'BEEF0002' }),
					}),
				]);
				expect(r.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
				return r;
			},
		},
		delete: {
			'DELETE /consignments/{consignmentId}/pieces/{pieceId} (204)': async () => {
				const consignmentId = t.sim.seed.consignmentIds[0];
				const pieceId = t.sim.seed.pieceIds[0][0];
				const r = await ok(t, piece('delete', { consignmentId: byId(consignmentId), pieceId }));
				expectOneRequest(r, {
					operation: 'DELETE /consignments/{consignmentId}/pieces/{pieceId}',
					rawPath: `/consignments/${consignmentId}/pieces/${pieceId}`,
					status: 204,
				});
				expect(r.json).toEqual([{ deleted: true, consignmentId, pieceId }]);
				return r;
			},
		},
	});
});
