// Parsing of the gateway request shapes shared by spaces and consignments.
import { badRequest } from '../errors';
import { bool, num, object, onlyKeys, str, type Obj } from '../input';
import type { GatewayRec } from '../store/model';

export const MANUFACTURERS = [
	'hpeAruba',
	'cassiaNetworks',
	'particle',
	'sysLoco',
	'versa',
] as const;
const RSSI_WORDS = ['FAR', 'NEAR', 'VERY_NEAR'];
/** The spec: setting rssiFilter through the interface works for one gateway make only. */
const RSSI_SETTABLE_MAKE = 'particle';

export function parseRssi(obj: Obj, field: string): string | number | undefined {
	const v = obj.rssiFilter;
	if (v === undefined) return undefined;
	if (typeof v === 'string' && RSSI_WORDS.includes(v)) return v;
	if (typeof v === 'number' && Number.isInteger(v) && v >= -127 && v <= 0) return v;
	throw badRequest(`${field} must be FAR, NEAR, VERY_NEAR or a whole number from -127 to 0`);
}

function parsePosition(obj: Obj, field: string) {
	return {
		isStatic: bool(obj, 'isStatic', `${field}.isStatic`),
		latitude: num(obj, 'latitude', `${field}.latitude`, { min: -90, max: 90 }),
		longitude: num(obj, 'longitude', `${field}.longitude`, { min: -180, max: 180 }),
		rssiFilter: parseRssi(obj, `${field}.rssiFilter`),
	};
}

/** Rules that hold for any gateway, checked after a create or an update. */
export function checkGateway(g: GatewayRec, field: string, rssiChanged: boolean): void {
	if (g.isStatic && (g.latitude === undefined || g.longitude === undefined)) {
		throw badRequest(`${field}.latitude and ${field}.longitude are required when isStatic is true`);
	}
	if (rssiChanged && g.manufacturer !== RSSI_SETTABLE_MAKE) {
		throw badRequest(`${field}.rssiFilter can only be set on ${RSSI_SETTABLE_MAKE} gateways`);
	}
}

function manufacturerOf(obj: Obj, field: string): string | undefined {
	return str(obj, 'manufacturer', field, { max: 100, enum: MANUFACTURERS });
}

/** SpaceGatewayInput (POST /spaces/{id}/gateways and the gateway of a new Space). */
export function parseSpaceGatewayInput(
	raw: unknown,
	field: string,
	now: number,
): { gateway: GatewayRec; replaceExisting: boolean } {
	const obj = object(raw, field);
	onlyKeys(
		obj,
		[
			'shortId',
			'isStatic',
			'registerGateway',
			'replaceExistingGateway',
			'latitude',
			'rssiFilter',
			'deviceId',
			'gatewayId',
			'productName',
			'manufacturer',
			'longitude',
		],
		field,
	);
	let gatewayId = str(obj, 'gatewayId', `${field}.gatewayId`, { max: 100, charset: 'ID' });
	let manufacturer = manufacturerOf(obj, `${field}.manufacturer`);
	let deviceId = str(obj, 'deviceId', `${field}.deviceId`, { max: 100, charset: 'ID' });
	const shortId = str(obj, 'shortId', `${field}.shortId`, { max: 10, charset: 'ID' });
	const productName = str(obj, 'productName', `${field}.productName`, {
		max: 100,
		charset: 'NAME',
	});
	const register = bool(obj, 'registerGateway', `${field}.registerGateway`) ?? false;
	const replaceExisting =
		bool(obj, 'replaceExistingGateway', `${field}.replaceExistingGateway`) ?? false;
	const position = parsePosition(obj, field);
	if (register && productName === undefined)
		throw badRequest(`${field}.productName is required when registerGateway is true`);
	if (gatewayId === undefined) {
		if (manufacturer === undefined || deviceId === undefined) {
			throw badRequest(`${field}.gatewayId is required unless manufacturer and deviceId are given`);
		}
		gatewayId = `${manufacturer}_${deviceId}`;
		if (gatewayId.length > 100)
			throw badRequest(
				`${field}.gatewayId made of manufacturer and deviceId would exceed 100 characters`,
			);
	}
	// A gatewayId is manufacturer_deviceId: recover the parts the response must carry.
	const cut = gatewayId.indexOf('_');
	manufacturer ??= cut > 0 ? gatewayId.slice(0, cut) : 'unknown';
	deviceId ??= cut > 0 ? gatewayId.slice(cut + 1) || gatewayId : gatewayId;
	const gateway: GatewayRec = {
		gatewayId,
		manufacturer,
		deviceId,
		shortId: shortId ?? deviceId.slice(0, 4).toUpperCase(),
		productName: productName ?? 'Gateway',
		hasPendingCommands: false,
		addedOn: now,
	};
	for (const [k, v] of Object.entries(position))
		if (v !== undefined) (gateway as unknown as Obj)[k] = v;
	checkGateway(gateway, field, position.rssiFilter !== undefined);
	return { gateway, replaceExisting };
}

/** GatewayInput (PUT /spaces/{id}/gateways/{gatewayId}): changes in place, then re-checks. */
export function applyGatewayUpdate(g: GatewayRec, raw: unknown): void {
	const obj = object(raw, 'body');
	onlyKeys(obj, ['isStatic', 'latitude', 'longitude', 'rssiFilter'], 'body');
	const position = parsePosition(obj, 'body');
	const next: GatewayRec = { ...g };
	for (const [k, v] of Object.entries(position))
		if (v !== undefined) (next as unknown as Obj)[k] = v;
	checkGateway(next, 'body', position.rssiFilter !== undefined);
	if (position.rssiFilter !== undefined) next.hasPendingCommands = true; // the new filter still has to reach the device
	Object.assign(g, next);
}

/** One item of ConsignmentGatewaysInput. */
export function parseConsignmentGatewayInput(raw: unknown, field: string, now: number): GatewayRec {
	const obj = object(raw, field);
	onlyKeys(obj, ['registerGateway', 'deviceId', 'productName', 'manufacturer'], field);
	const deviceId = str(obj, 'deviceId', `${field}.deviceId`, {
		required: true,
		max: 100,
		charset: 'ID',
	});
	const manufacturer = manufacturerOf(obj, `${field}.manufacturer`);
	if (manufacturer === undefined) throw badRequest(`${field}.manufacturer is required`);
	const productName = str(obj, 'productName', `${field}.productName`, {
		max: 100,
		charset: 'NAME',
	});
	const register = bool(obj, 'registerGateway', `${field}.registerGateway`) ?? false;
	if (register && productName === undefined)
		throw badRequest(`${field}.productName is required when registerGateway is true`);
	const gatewayId = `${manufacturer}_${deviceId}`;
	if (gatewayId.length > 100)
		throw badRequest(`${field}.deviceId makes the gatewayId longer than 100 characters`);
	return {
		gatewayId,
		manufacturer,
		deviceId,
		shortId: deviceId.slice(0, 4).toUpperCase(),
		productName: productName ?? 'Gateway',
		isStatic: false,
		hasPendingCommands: false,
		addedOn: now,
	};
}
