import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useSimulator } from '../harness/fixtures';
import { byId, expectRejected } from './helpers';

/**
 * Bad values are refused before anything is sent: a NodeOperationError naming the field as the
 * user sees it, and not one request reaches the simulator. Values come from the input item
 * through expressions, as data from an earlier node would; a literal value is refused the same
 * way (the last test).
 */
describe('validation before any request', () => {
	const t = useSimulator();
	const seed = () => t.sim.seed;
	const fromInput = (value: unknown) => [{ value }] as IDataObject[];

	describe('ids', () => {
		it('an asset ID with a slash', async () => {
			await expectRejected(
				t,
				{ resource: 'asset', operation: 'get', assetId: byId('={{ $json.value }}') },
				'Asset',
				fromInput('a/b'),
			);
		});

		it('an asset ID longer than 20', async () => {
			await expectRejected(
				t,
				{ resource: 'asset', operation: 'delete', assetId: byId('={{ $json.value }}') },
				'Asset',
				fromInput('A'.repeat(21)),
			);
		});

		/** Asset > Get Many with the workspace ID from the input item. */
		const workspaceRejected = (value: string) =>
			expectRejected(
				t,
				{
					resource: 'asset',
					operation: 'getMany',
					workspaceId: byId('={{ $json.value }}'),
					returnAll: true,
				},
				'Workspace',
				fromInput(value),
			);

		it('a workspace ID that is not a UUID', async () => {
			const error = await workspaceRejected('not-a-uuid');
			expect(error.message).toContain('must be a UUID');
		});

		it('a workspace ID holding markup: quoted whole, its markup characters named after it', async () => {
			const error = await workspaceRejected('<b>x</b>');
			expect(error.message).toContain(
				'(got "<b>x</b>", with "<" (less-than) at position 1, ">" (greater-than) at position 3, "<" (less-than) at position 5 and ">" (greater-than) at position 8)',
			);
		});

		it('a printer ID longer than 50', async () => {
			await expectRejected(
				t,
				{
					resource: 'printer',
					operation: 'get',
					workspaceId: byId(seed().workspaceId),
					printerId: byId('={{ $json.value }}'),
				},
				'Printer',
				fromInput('P'.repeat(51)),
			);
		});

		it('a print job ID that is not a UUID', async () => {
			await expectRejected(
				t,
				{ resource: 'printer', operation: 'getPrintJob', printJobId: '={{ $json.value }}' },
				'Print Job ID',
				fromInput('job-1'),
			);
		});

		it('a BLE ID out of range', async () => {
			await expectRejected(
				t,
				{
					resource: 'asset',
					operation: 'unlinkLabel',
					assetId: byId(seed().assetIds[0]),
					bleId: '={{ $json.value }}',
				},
				'BLE ID',
				fromInput(-1),
			);
		});

		it('a piece ID with a dot', async () => {
			await expectRejected(
				t,
				{
					resource: 'piece',
					operation: 'delete',
					consignmentId: byId(seed().consignmentIds[0]),
					pieceId: 'piece.1',
				},
				'Piece ID',
			);
		});
	});

	describe('lengths and charsets', () => {
		it('an asset name of 501 characters', async () => {
			const error = await expectRejected(
				t,
				{
					resource: 'asset',
					operation: 'update',
					assetId: byId(seed().assetIds[0]),
					name: 'x'.repeat(501),
				},
				'Name',
			);
			expect(error.message).toContain('1 to 500 characters');
		});

		it('a space name with a semicolon, in a batch: nothing of the batch is sent', async () => {
			await expectRejected(
				t,
				{
					resource: 'space',
					operation: 'create',
					workspaceId: byId(seed().workspaceId),
					name: '={{ $json.value }}',
				},
				'Name',
				[{ value: 'Fine' }, { value: 'Not; fine' }, { value: 'Fine too' }],
			);
		});

		it('a name with "<" and ">": the message names them in words, which n8n\'s HTML toast cannot drop', async () => {
			const error = await expectRejected(
				t,
				{
					resource: 'asset',
					operation: 'update',
					assetId: byId(seed().assetIds[0]),
					name: '={{ $json.value }}',
				},
				'Name',
				fromInput('Vaccines <2-8 C> & co'),
			);
			expect(error.message).toBe(
				'Invalid "Name": "<" (less-than) at position 10 and ">" (greater-than) at position 16 are not allowed',
			);
		});

		it('an NFC ID with a hyphen', async () => {
			await expectRejected(
				t,
				{
					resource: 'asset',
					operation: 'linkLabel',
					assetId: byId(seed().assetIds[0]),
					nfcId: 'AB-12',
				},
				'NFC ID',
			);
		});

		it('a tracking reference longer than 500', async () => {
			await expectRejected(
				t,
				{
					resource: 'consignment',
					operation: 'update',
					workspaceId: byId(seed().workspaceId),
					trackingRef: 'R'.repeat(501),
					isActive: true,
				},
				'Tracking Reference',
			);
		});

		it('more than 100 pieces in a new consignment', async () => {
			const piece = Array.from({ length: 101 }, (_, i) => ({
				nfcId: `AA${String(i).padStart(6, '0')}`,
			}));
			await expectRejected(
				t,
				{
					resource: 'consignment',
					operation: 'create',
					workspaceId: byId(seed().workspaceId),
					trackingRef: 'CONS-9',
					pieces: { piece },
				},
				'Pieces',
			);
		});

		it('template parameters that are not a JSON object', async () => {
			await expectRejected(
				t,
				{
					resource: 'printer',
					operation: 'createPrintJobs',
					printerId: byId(seed().onlinePrinterId),
					assetId: byId(seed().assetIds[0]),
					additionalFields: { templateParams: '[1, 2]' },
				},
				'Template Parameters',
			);
		});
	});

	describe('gateways', () => {
		const link = (gatewayOptions: INodeParameters, extra: INodeParameters = {}) => ({
			resource: 'space',
			operation: 'linkGateway',
			spaceId: byId(seed().spaceIds[1]),
			identifyGatewayBy: 'device',
			manufacturer: 'particle',
			deviceId: 'dev-42',
			gatewayOptions,
			...extra,
		});
		const update = (updateFields: INodeParameters) => ({
			resource: 'space',
			operation: 'updateGateway',
			spaceId: byId(seed().spaceIds[0]),
			gatewayId: seed().spaceGatewayIds[0],
			updateFields,
		});

		it.each([['CLOSE'], ['near'], ['-128'], ['5'], ['-70.5']])(
			'RSSI filter %s',
			async (rssiFilter) => {
				const error = await expectRejected(t, update({ rssiFilter }), 'RSSI Filter');
				expect(error.message).toContain('FAR, NEAR, VERY_NEAR or a whole number from -127 to 0');
			},
		);

		it('an RSSI filter on Link Gateway too', async () => {
			await expectRejected(t, link({ rssiFilter: 'FAR-ISH' }), 'RSSI Filter');
		});

		it('a static gateway without latitude and longitude (Link Gateway)', async () => {
			const error = await expectRejected(t, link({ isStatic: true }), 'Latitude');
			expect(error.message).toContain('must be given when "Is Static" is on');
		});

		it('a static gateway without longitude (Update Gateway)', async () => {
			await expectRejected(t, update({ isStatic: true, latitude: 51.5 }), 'Longitude');
		});

		it('a static gateway without coordinates on a new space', async () => {
			await expectRejected(
				t,
				{
					resource: 'space',
					operation: 'create',
					workspaceId: byId(seed().workspaceId),
					name: 'Gated bay',
					linkGateway: true,
					identifyGatewayBy: 'gatewayId',
					gatewayId: 'particle_x1',
					gatewayOptions: { isStatic: true, longitude: 0.5 },
				},
				'Latitude',
			);
		});

		it('a latitude out of range', async () => {
			await expectRejected(t, update({ latitude: 91 }), 'Latitude');
		});

		it('a device ID missing when identifying by device', async () => {
			await expectRejected(t, link({}, { deviceId: '' }), 'Device ID');
		});

		it('registering a consignment gateway without a product name', async () => {
			await expectRejected(
				t,
				{
					resource: 'consignmentGateway',
					operation: 'add',
					consignmentId: byId(seed().consignmentIds[0]),
					manufacturer: 'versa',
					deviceId: 'v-1',
					registerGateway: true,
				},
				'Product Name',
			);
		});

		it('a short ID longer than 10', async () => {
			await expectRejected(t, link({ shortId: 'ABCDEFGHIJK' }), 'Short ID');
		});
	});

	it('a literal ID breaking the charset: refused by the same check, nothing sent', async () => {
		const error = await expectRejected(
			t,
			{ resource: 'asset', operation: 'get', assetId: byId('a/b') },
			'Asset',
		);
		expect(error.message).toBe('Invalid "Asset": "/" at position 2 is not allowed');
	});
});
