import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { parseRssiFilter, rules } from '../helpers/validation';
import type { ParamReader } from './params';

/**
 * Gateway shapes shared by several operations, defined once:
 * - the position and RSSI settings (GatewayInput): Space > Update Gateway, and part of the next;
 * - linking a gateway to a space (SpaceGatewayInput): Space > Link Gateway and Space > Create;
 * - adding a gateway to a consignment (ConsignmentGatewaysInput): Consignment Gateway > Add and
 *   Consignment > Create.
 */

type Show = NonNullable<INodeProperties['displayOptions']>['show'];

/** The makes the service knows (the OpenAPI's manufacturer enum). */
export const MANUFACTURERS = [
	'hpeAruba',
	'cassiaNetworks',
	'particle',
	'sysLoco',
	'versa',
] as const;

const manufacturerField = (show?: Show, required = false): INodeProperties => ({
	displayName: 'Manufacturer',
	name: 'manufacturer',
	type: 'options',
	options: [
		{ name: 'Cassia Networks', value: 'cassiaNetworks' },
		{ name: 'HPE Aruba', value: 'hpeAruba' },
		{ name: 'Particle', value: 'particle' },
		{ name: 'SysLoco', value: 'sysLoco' },
		{ name: 'Versa', value: 'versa' },
	],
	default: 'particle',
	required,
	description: 'Make of the gateway device',
	...(show ? { displayOptions: { show } } : {}),
});

/**
 * Fields shown only under a condition are not marked required: n8n shows a field whose condition
 * is an expression, and would then refuse to run with it empty. The readers check them instead.
 */
const deviceIdField = (show?: Show): INodeProperties => ({
	displayName: 'Device ID',
	name: 'deviceId',
	type: 'string',
	default: '',
	required: !show,
	placeholder: 'e.g. e10fce301222e588e1d7482b',
	description:
		"The manufacturer's identifier of the gateway device: up to 100 letters, digits, hyphens or underscores",
	...(show ? { displayOptions: { show } } : {}),
});

const productNameOption: INodeProperties = {
	displayName: 'Product Name',
	name: 'productName',
	type: 'string',
	default: '',
	placeholder: 'e.g. HGD4',
	description:
		'Name of the gateway product: up to 100 letters, digits, spaces and ! @ # $ & ( ) - . + , / ". Required when registering the gateway.',
};

const registerGatewayOption: INodeProperties = {
	displayName: 'Register Gateway',
	name: 'registerGateway',
	type: 'boolean',
	default: false,
	description:
		'Whether to register the gateway as a new device (Product Name is then required). Off means the gateway is already registered.',
};

/** Position and RSSI filter: the whole of GatewayInput. Sorted by name, as n8n lists them. */
export const gatewaySettingsOptions: INodeProperties[] = [
	{
		displayName: 'Is Static',
		name: 'isStatic',
		type: 'boolean',
		default: false,
		description:
			'Whether the gateway stays in one place. A static gateway needs Latitude and Longitude.',
	},
	{
		displayName: 'Latitude',
		name: 'latitude',
		type: 'number',
		typeOptions: { minValue: -90, maxValue: 90, numberPrecision: 6 },
		default: 0,
		placeholder: 'e.g. 51.123',
		description: 'Latitude of a static gateway, from -90 to 90',
	},
	{
		displayName: 'Longitude',
		name: 'longitude',
		type: 'number',
		typeOptions: { minValue: -180, maxValue: 180, numberPrecision: 6 },
		default: 0,
		placeholder: 'e.g. -0.123',
		description: 'Longitude of a static gateway, from -180 to 180',
	},
	{
		displayName: 'RSSI Filter',
		name: 'rssiFilter',
		type: 'string',
		default: '',
		placeholder: 'e.g. NEAR or -70',
		description:
			"Signal strength filter of the gateway's BLE receiver: FAR, NEAR, VERY_NEAR, or a whole number from -127 to 0. The service sets it for Particle gateways only.",
	},
];

/** Reads Is Static, Latitude, Longitude and RSSI Filter from a collection, with the static-position rule. */
export function readGatewaySettings(p: ParamReader, collection: string): IDataObject {
	const out: IDataObject = {};
	const isStatic = p.fromCollection<boolean>(collection, 'isStatic');
	const latitude = p.fromCollection<number>(collection, 'latitude', rules.number(-90, 90));
	const longitude = p.fromCollection<number>(collection, 'longitude', rules.number(-180, 180));
	const rssiFilter = p.fromCollection(collection, 'rssiFilter', rules.rssiFilter());
	if (isStatic === true) {
		const why = `when ${p.collectionLabel(collection, 'isStatic')} is on`;
		p.check(p.collectionLabel(collection, 'latitude'), latitude, rules.given(why));
		p.check(p.collectionLabel(collection, 'longitude'), longitude, rules.given(why));
	}
	if (isStatic !== undefined) out.isStatic = isStatic;
	if (latitude !== undefined) out.latitude = latitude;
	if (longitude !== undefined) out.longitude = longitude;
	if (rssiFilter !== undefined) out.rssiFilter = parseRssiFilter(rssiFilter);
	return out;
}

/**
 * Linking a gateway to a space: identify it by its gateway ID, or by manufacturer and device ID
 * (the service joins them into the gateway ID); everything else is under Gateway Options.
 * `show` adds a condition to every field (Space > Create shows them only when linking one).
 */
export function spaceGatewayFields(options: {
	replaceExisting: boolean;
	show?: Show;
}): INodeProperties[] {
	const show = (extra: Show = {}): Show => ({ ...options.show, ...extra });
	const gatewayOptions: INodeProperties[] = [
		...gatewaySettingsOptions,
		productNameOption,
		registerGatewayOption,
		...(options.replaceExisting
			? [
					{
						displayName: 'Replace Existing Gateway',
						name: 'replaceExistingGateway',
						type: 'boolean',
						default: false,
						description: 'Whether to replace the gateway the space is already linked to, if any',
					} as INodeProperties,
				]
			: []),
		{
			displayName: 'Short ID',
			name: 'shortId',
			type: 'string',
			default: '',
			placeholder: 'e.g. AB1D',
			description:
				'Short human-readable identifier of the gateway: up to 10 letters, digits, hyphens or underscores',
		},
	];
	return [
		{
			displayName: 'Identify Gateway By',
			name: 'identifyGatewayBy',
			type: 'options',
			options: [
				{
					name: 'Manufacturer and Device ID',
					value: 'device',
					description: 'The service makes the gateway ID from them',
				},
				{
					name: 'Gateway ID',
					value: 'gatewayId',
					description: 'The ID of a gateway the service knows',
				},
			],
			default: 'device',
			description: 'How to name the gateway to link',
			...(options.show ? { displayOptions: { show: show() } } : {}),
		},
		manufacturerField(show({ identifyGatewayBy: ['device'] })),
		deviceIdField(show({ identifyGatewayBy: ['device'] })),
		{
			displayName: 'Gateway ID',
			name: 'gatewayId',
			type: 'string',
			default: '',
			placeholder: 'e.g. sysLoco_e10fce301222e588e1d7482b',
			description:
				'Manufacturer and device ID joined by an underscore: up to 100 letters, digits, hyphens or underscores',
			displayOptions: { show: show({ identifyGatewayBy: ['gatewayId'] }) },
		},
		{
			displayName: 'Gateway Options',
			name: 'gatewayOptions',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			options: gatewayOptions.sort((a, b) => a.displayName.localeCompare(b.displayName)),
			...(options.show ? { displayOptions: { show: show() } } : {}),
		},
	];
}

/** The SpaceGatewayInput of one item, checked. */
export function readSpaceGateway(p: ParamReader): IDataObject {
	const gateway: IDataObject = {};
	if (p.required('identifyGatewayBy') === 'gatewayId') {
		gateway.gatewayId = p.required('gatewayId', rules.id(100));
	} else {
		gateway.manufacturer = p.required('manufacturer', rules.oneOf(MANUFACTURERS));
		gateway.deviceId = p.required('deviceId', rules.id(100));
	}
	const shortId = p.fromCollection('gatewayOptions', 'shortId', rules.id(10));
	const productName = p.fromCollection('gatewayOptions', 'productName', rules.name(100));
	const registerGateway = p.fromCollection<boolean>('gatewayOptions', 'registerGateway');
	const replaceExistingGateway = p.fromCollection<boolean>(
		'gatewayOptions',
		'replaceExistingGateway',
	);
	if (registerGateway === true) {
		p.check(
			p.collectionLabel('gatewayOptions', 'productName'),
			productName,
			rules.given(`when ${p.collectionLabel('gatewayOptions', 'registerGateway')} is on`),
		);
	}
	if (shortId !== undefined) gateway.shortId = shortId;
	if (productName !== undefined) gateway.productName = productName;
	if (registerGateway !== undefined) gateway.registerGateway = registerGateway;
	if (replaceExistingGateway !== undefined) gateway.replaceExistingGateway = replaceExistingGateway;
	return { ...gateway, ...readGatewaySettings(p, 'gatewayOptions') };
}

/** Adding a gateway to a consignment: device, make, and optionally product name and registration. */
export function consignmentGatewayFields(show?: Show): INodeProperties[] {
	const extra = (field: INodeProperties): INodeProperties =>
		show ? { ...field, displayOptions: { show } } : field;
	return [
		manufacturerField(show, !show),
		deviceIdField(show),
		extra({ ...productNameOption }),
		extra({ ...registerGatewayOption }),
	];
}

/** One element of ConsignmentGatewaysInput, checked. */
export function readConsignmentGateway(p: ParamReader): IDataObject {
	const gateway: IDataObject = {
		deviceId: p.required('deviceId', rules.id(100)),
		manufacturer: p.required('manufacturer', rules.oneOf(MANUFACTURERS)),
	};
	const productName = p.optional('productName', rules.name(100));
	const registerGateway = p.optional<boolean>('registerGateway');
	if (registerGateway === true) {
		p.check(
			p.label('productName'),
			productName,
			rules.given(`when ${p.label('registerGateway')} is on`),
		);
		gateway.registerGateway = true;
	}
	if (productName !== undefined) gateway.productName = productName;
	return gateway;
}
