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

/**
 * An operation on one object named by the item's `id` (`parameters` read it): an id of the right
 * form the service does not know fails at the service, an empty one at the node.
 */
const byItemId = (
	parameters: INodeParameters,
	id: string,
	unknown: string = UNKNOWN_ID,
): GoldenOperation => ({ parameters, good: { id }, bad: { id: unknown }, invalid: { id: '' } });

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
			delete: byItemId({ assetId: rl('id') }, seed.unlabelledAssetIds[0]),
			get: byItemId({ assetId: rl('id') }, seed.labelledAssetIds[0]),
			getMany: {
				parameters: { workspaceId: rl('ws'), limit: 3 },
				good: { ws },
				bad: { ws: forbidden },
				invalid: { ws: 'not-a-uuid' },
			},
			update: byItemId(
				{ assetId: rl('id'), name: 'Renamed golden pallet' },
				seed.unlabelledAssetIds[1],
			),
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
			getLocations: byItemId({ assetId: rl('id'), limit: 3 }, seed.labelledAssetIds[0]),
			getTemperatures: byItemId({ assetId: rl('id'), limit: 3 }, seed.labelledAssetIds[0]),
			getFacilityHistory: byItemId(
				{ assetId: rl('id'), returnAll: true },
				seed.labelledAssetIds[0],
			),
			getSpaceHistory: byItemId({ assetId: rl('id'), limit: 3 }, seed.labelledAssetIds[0]),
		},
		space: {
			create: {
				parameters: { workspaceId: rl('ws'), name: expr('name') },
				good: { ws, name: 'Golden dock' },
				bad: { ws: forbidden, name: 'Golden dock' },
				invalid: { ws, name: 'Golden <dock>' },
				batch: true,
			},
			delete: byItemId({ spaceId: rl('id') }, seed.spaceIds[seed.spaceIds.length - 1]),
			get: byItemId({ spaceId: rl('id') }, seed.spaceIdsWithGateway[0]),
			getMany: {
				parameters: { workspaceId: rl('ws'), limit: 3 },
				good: { ws },
				bad: { ws: forbidden },
				invalid: { ws: 'not-a-uuid' },
			},
			update: byItemId({ spaceId: rl('id'), name: 'Golden dock (renamed)' }, seed.spaceIds[0]),
			getAssetHistory: byItemId({ spaceId: rl('id'), limit: 3 }, seed.spaceIds[0]),
			linkGateway: byItemId(
				{
					spaceId: rl('id'),
					identifyGatewayBy: 'device',
					manufacturer: 'sysLoco',
					deviceId: 'abc123',
				},
				seed.spaceIds.find((id) => !seed.spaceIdsWithGateway.includes(id))!,
			),
			updateGateway: byItemId(
				{
					spaceId: rl('id'),
					gatewayId: seed.spaceGatewayIds[0],
					updateFields: { rssiFilter: -70 },
				},
				seed.spaceIdsWithGateway[0],
			),
			unlinkGateway: byItemId(
				{ spaceId: rl('id'), gatewayId: seed.spaceGatewayIds[0] },
				seed.spaceIdsWithGateway[0],
			),
		},
		facility: {
			get: byItemId({ facilityId: rl('id') }, seed.facilityIds[0], UNKNOWN_UUID),
			getMany: {
				parameters: { workspaceId: rl('ws'), returnAll: true },
				good: { ws },
				bad: { ws: forbidden },
				invalid: { ws: 'not-a-uuid' },
			},
		},
		assetGroup: {
			getMany: byItemId({ facilityId: rl('id'), limit: 3 }, seed.facilityIds[0], UNKNOWN_UUID),
		},
		printer: {
			get: byItemId({ workspaceId: byId(ws), printerId: rl('id') }, seed.printerIds[0]),
			getMany: {
				parameters: { workspaceId: rl('ws'), returnAll: true },
				good: { ws },
				bad: { ws: forbidden },
				invalid: { ws: 'not-a-uuid' },
			},
			update: byItemId(
				{ workspaceId: byId(ws), printerId: rl('id'), name: 'Golden printer' },
				seed.printerIds[0],
			),
			remove: byItemId(
				{ workspaceId: byId(ws), printerId: rl('id') },
				seed.printerIds[seed.printerIds.length - 1],
			),
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
			getPrintJobs: byItemId({ printerId: rl('id'), limit: 3 }, seed.onlinePrinterId),
			getPrintJob: byItemId({ printJobId: expr('id') }, seed.printJobIds[0], UNKNOWN_UUID),
			cancelPrintJob: {
				parameters: { printJobId: expr('id') },
				// A job still queued (the first ones have printed, and cannot be cancelled).
				good: { id: seed.printJobIds[3] },
				bad: { id: UNKNOWN_UUID },
				invalid: { id: '' },
			},
			getPrintJobStatuses: byItemId(
				{ printJobId: expr('id'), returnAll: true },
				seed.printJobIds[0],
				UNKNOWN_UUID,
			),
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
			delete: byItemId({ consignmentId: byId(c0), pieceId: expr('id') }, seed.pieceIds[0][0]),
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
