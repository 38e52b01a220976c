import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { FaultRule, Seed } from '../../../simulator';

/**
 * The golden cases of every operation: the parameters (reading what varies from the input item,
 * `$json`), an input that succeeds (`good`), one the service refuses (`bad`: an unknown id, a
 * workspace the client may not see) and one the node refuses before sending (`invalid`). The
 * recorder (../golden.test.ts) runs each operation on a fresh simulator of the same seed, so what
 * the service answers depends only on the requests the node sent.
 */
export interface GoldenOperation {
	parameters: INodeParameters;
	good: IDataObject;
	/** The service refuses it; absent when no input can make it fail (then `faults` do). */
	bad?: IDataObject;
	/** Faults the simulator answers the error case with, for operations no input can fail. */
	faults?: FaultRule[];
	/** The node refuses it before sending (a validation error naming the field). */
	invalid: IDataObject;
	/** The operation combines items into one request (Batch Requests): also run with batching off. */
	batch?: boolean;
}

const rl = (field: string) => ({ __rl: true, mode: 'id', value: `={{ $json.${field} }}` });
const expr = (field: string) => `={{ $json.${field} }}`;

/** An id of the right form that the service does not know. */
const UNKNOWN_ID = 'NOPE0000';
const UNKNOWN_UUID = '00000000-0000-4000-8000-000000000000';

/** An operation on one object named by the item's `id`: unknown to the service, or empty (refused). */
const byItemId = (
	parameter: string,
	id: string,
	parameters: INodeParameters = {},
): GoldenOperation => ({
	parameters: { [parameter]: rl('id'), ...parameters },
	good: { id },
	bad: { id: UNKNOWN_ID },
	invalid: { id: '' },
});

export function goldenCases(seed: Seed): Record<string, Record<string, GoldenOperation>> {
	const ws = seed.workspaceId;
	const forbidden = seed.forbiddenWorkspaceId;
	const [c0] = seed.consignmentIds;
	const byId = (value: string) => ({ __rl: true, mode: 'id', value });
	return {
		workspace: {
			get: {
				parameters: { workspaceId: rl('id') },
				good: { id: ws },
				bad: { id: forbidden },
				invalid: { id: 'not-a-uuid' },
			},
			getMany: {
				parameters: { limit: expr('limit') },
				good: { limit: 2 },
				faults: [{ status: 503 }],
				invalid: { limit: 0 },
			},
		},
		asset: {
			create: {
				parameters: { workspaceId: rl('ws'), name: expr('name') },
				good: { ws, name: 'Golden pallet' },
				bad: { ws: forbidden, name: 'Golden pallet' },
				invalid: { ws, name: 'Golden <pallet>' },
				batch: true,
			},
			delete: byItemId('assetId', seed.unlabelledAssetIds[0]),
			get: byItemId('assetId', seed.labelledAssetIds[0]),
			getMany: {
				parameters: { workspaceId: rl('ws'), limit: 3 },
				good: { ws },
				bad: { ws: forbidden },
				invalid: { ws: 'not-a-uuid' },
			},
			update: byItemId('assetId', seed.unlabelledAssetIds[1], { name: 'Renamed golden pallet' }),
			linkLabel: {
				parameters: { assetId: rl('id'), nfcId: expr('nfc') },
				good: { id: seed.unlabelledAssetIds[2], nfc: 'AB12CD34' },
				bad: { id: UNKNOWN_ID, nfc: 'AB12CD35' },
				invalid: { id: seed.unlabelledAssetIds[2], nfc: 'not valid!' },
			},
			unlinkLabel: {
				parameters: { assetId: rl('id'), bleId: expr('ble') },
				// The bleId of the first labelled asset (the recorder reads it before the cases).
				good: { id: seed.labelledAssetIds[0], ble: '$bleId' },
				bad: { id: UNKNOWN_ID, ble: 1 },
				invalid: { id: seed.labelledAssetIds[0], ble: 'one' },
			},
			getLocations: byItemId('assetId', seed.labelledAssetIds[0], { limit: 3 }),
			getTemperatures: byItemId('assetId', seed.labelledAssetIds[0], { limit: 3 }),
			getFacilityHistory: byItemId('assetId', seed.labelledAssetIds[0], { returnAll: true }),
			getSpaceHistory: byItemId('assetId', seed.labelledAssetIds[0], { limit: 3 }),
		},
		space: {
			create: {
				parameters: { workspaceId: rl('ws'), name: expr('name') },
				good: { ws, name: 'Golden dock' },
				bad: { ws: forbidden, name: 'Golden dock' },
				invalid: { ws, name: 'Golden <dock>' },
				batch: true,
			},
			delete: byItemId('spaceId', seed.spaceIds[seed.spaceIds.length - 1]),
			get: byItemId('spaceId', seed.spaceIdsWithGateway[0]),
			getMany: {
				parameters: { workspaceId: rl('ws'), limit: 3 },
				good: { ws },
				bad: { ws: forbidden },
				invalid: { ws: 'not-a-uuid' },
			},
			update: byItemId('spaceId', seed.spaceIds[0], { name: 'Golden dock (renamed)' }),
			getAssetHistory: byItemId('spaceId', seed.spaceIds[0], { limit: 3 }),
			linkGateway: {
				parameters: {
					spaceId: rl('id'),
					identifyGatewayBy: 'device',
					manufacturer: 'sysLoco',
					deviceId: 'abc123',
				},
				good: { id: seed.spaceIds.find((id) => !seed.spaceIdsWithGateway.includes(id))! },
				bad: { id: UNKNOWN_ID },
				invalid: { id: '' },
			},
			updateGateway: {
				parameters: {
					spaceId: rl('id'),
					gatewayId: seed.spaceGatewayIds[0],
					updateFields: { rssiFilter: -70 },
				},
				good: { id: seed.spaceIdsWithGateway[0] },
				bad: { id: UNKNOWN_ID },
				invalid: { id: '' },
			},
			unlinkGateway: byItemId('spaceId', seed.spaceIdsWithGateway[0], {
				gatewayId: seed.spaceGatewayIds[0],
			}),
		},
		facility: {
			get: {
				parameters: { facilityId: rl('id') },
				good: { id: seed.facilityIds[0] },
				bad: { id: UNKNOWN_UUID },
				invalid: { id: '' },
			},
			getMany: {
				parameters: { workspaceId: rl('ws'), returnAll: true },
				good: { ws },
				bad: { ws: forbidden },
				invalid: { ws: 'not-a-uuid' },
			},
		},
		assetGroup: {
			getMany: {
				parameters: { facilityId: rl('id'), limit: 3 },
				good: { id: seed.facilityIds[0] },
				bad: { id: UNKNOWN_UUID },
				invalid: { id: '' },
			},
		},
		printer: {
			get: {
				parameters: { workspaceId: byId(ws), printerId: rl('id') },
				good: { id: seed.printerIds[0] },
				bad: { id: UNKNOWN_ID },
				invalid: { id: '' },
			},
			getMany: {
				parameters: { workspaceId: rl('ws'), returnAll: true },
				good: { ws },
				bad: { ws: forbidden },
				invalid: { ws: 'not-a-uuid' },
			},
			update: {
				parameters: { workspaceId: byId(ws), printerId: rl('id'), name: 'Golden printer' },
				good: { id: seed.printerIds[0] },
				bad: { id: UNKNOWN_ID },
				invalid: { id: '' },
			},
			remove: {
				parameters: { workspaceId: byId(ws), printerId: rl('id') },
				good: { id: seed.printerIds[seed.printerIds.length - 1] },
				bad: { id: UNKNOWN_ID },
				invalid: { id: '' },
			},
			getTemplates: {
				parameters: { workspaceId: rl('ws') },
				good: { ws },
				bad: { ws: forbidden },
				invalid: { ws: 'not-a-uuid' },
			},
			createPrintJobs: {
				parameters: { printerId: rl('printer'), assetId: rl('asset') },
				good: { printer: seed.onlinePrinterId, asset: seed.labelledAssetIds[0] },
				bad: { printer: UNKNOWN_ID, asset: seed.labelledAssetIds[0] },
				invalid: { printer: seed.onlinePrinterId, asset: '' },
				batch: true,
			},
			getPrintJobs: byItemId('printerId', seed.onlinePrinterId, { limit: 3 }),
			getPrintJob: {
				parameters: { printJobId: expr('id') },
				good: { id: seed.printJobIds[0] },
				bad: { id: UNKNOWN_UUID },
				invalid: { id: '' },
			},
			cancelPrintJob: {
				parameters: { printJobId: expr('id') },
				// A job still queued (the first ones have printed, and cannot be cancelled).
				good: { id: seed.printJobIds[3] },
				bad: { id: UNKNOWN_UUID },
				invalid: { id: '' },
			},
			getPrintJobStatuses: {
				parameters: { printJobId: expr('id'), returnAll: true },
				good: { id: seed.printJobIds[0] },
				bad: { id: UNKNOWN_UUID },
				invalid: { id: '' },
			},
		},
		consignment: {
			create: {
				parameters: { workspaceId: rl('ws'), trackingRef: expr('ref') },
				good: { ws, ref: 'GOLD-1' },
				bad: { ws: forbidden, ref: 'GOLD-2' },
				invalid: { ws, ref: '' },
			},
			get: {
				parameters: { consignmentId: rl('id') },
				good: { id: c0 },
				bad: { id: UNKNOWN_UUID },
				invalid: { id: 'not-a-uuid' },
			},
			getMany: {
				parameters: { workspaceId: rl('ws'), limit: 2 },
				good: { ws },
				bad: { ws: forbidden },
				invalid: { ws: 'not-a-uuid' },
			},
			update: {
				parameters: { workspaceId: byId(ws), trackingRef: expr('ref'), isActive: false },
				good: { ref: seed.consignmentTrackingRefs[0] },
				bad: { ref: 'NOPE-REF' },
				invalid: { ref: '' },
			},
		},
		piece: {
			create: {
				parameters: { consignmentId: rl('id'), nfcId: expr('nfc') },
				good: { id: c0, nfc: 'C0FFEE11' },
				bad: { id: UNKNOWN_UUID, nfc: 'C0FFEE12' },
				invalid: { id: c0, nfc: 'bad nfc!' },
				batch: true,
			},
			delete: {
				parameters: { consignmentId: byId(c0), pieceId: expr('id') },
				good: { id: seed.pieceIds[0][0] },
				bad: { id: UNKNOWN_ID },
				invalid: { id: '' },
			},
			getMany: {
				parameters: { consignmentId: rl('id'), limit: 3 },
				good: { id: c0 },
				bad: { id: UNKNOWN_UUID },
				invalid: { id: 'not-a-uuid' },
			},
		},
		consignmentGateway: {
			add: {
				parameters: { consignmentId: rl('id'), manufacturer: 'particle', deviceId: 'p0001' },
				good: { id: c0 },
				bad: { id: UNKNOWN_UUID },
				invalid: { id: 'not-a-uuid' },
			},
			getMany: {
				parameters: { consignmentId: rl('id'), returnAll: true },
				good: { id: c0 },
				bad: { id: UNKNOWN_UUID },
				invalid: { id: 'not-a-uuid' },
			},
			remove: {
				parameters: { consignmentId: byId(c0), gatewayId: expr('id') },
				good: { id: seed.consignmentGatewayIds[1] },
				bad: { id: 'versa_nope' },
				invalid: { id: '' },
			},
		},
	};
}
