import { getGlobalState } from 'n8n-workflow';
import type { IDataObject } from 'n8n-workflow';

import { useSimulator } from '../harness/fixtures';
import { operationTests } from './table';
import { byId, expectOneRequest, expectPairedWithFirst, expectRejected, ok } from './helpers';

const MINUTE = 60_000;

/** Simplify's columns at node version 1, in that order: what saved workflows were built on. */
const ASSET_COLUMNS_V1 = [
	'id',
	'name',
	'workspaceId',
	'createdOn',
	'bleId',
	'nfcId',
	'spaceId',
	'spaceName',
	'spaceEnteredOn',
	'degreesCelsius',
	'temperatureTimestamp',
	'latitude',
	'longitude',
	'accuracy',
	'locationTimestamp',
];

/** From version 2: as a person reads an asset (name, temperature, space, location), identifiers last. */
const ASSET_COLUMNS_V2 = [
	'name',
	'degreesCelsius',
	'temperatureTimestamp',
	'spaceName',
	'spaceEnteredOn',
	'latitude',
	'longitude',
	'accuracy',
	'locationTimestamp',
	'createdOn',
	'id',
	'spaceId',
	'bleId',
	'nfcId',
];

describe('Asset', () => {
	const t = useSimulator();
	const asset = (operation: string, params: IDataObject = {}) => ({
		resource: 'asset',
		operation,
		...params,
	});

	let linkedBleId: number;
	operationTests('asset', {
		get: {
			'GET /assets/{assetId} with summaryLocations=true': async () => {
				const id = t.sim.seed.labelledAssetIds[0];
				const r = await ok(t, asset('get', { assetId: byId(id), summaryLocations: true }));
				const exchange = expectOneRequest(r, {
					operation: 'GET /assets/{assetId}',
					rawPath: `/assets/${id}`,
					query: { summaryLocations: 'true' },
				});
				expect(r.json).toEqual([exchange.responseBody]);
				expect(r.json[0]).toMatchObject({
					id,
					workspaceId: t.sim.seed.workspaceId,
					label: { bleId: expect.any(Number) },
				});
				expectPairedWithFirst(r);
				return r;
			},
			'summaryLocations is sent as false by default': async () => {
				const id = t.sim.seed.unlabelledAssetIds[0];
				const r = await ok(t, asset('get', { assetId: byId(id) }));
				expectOneRequest(r, {
					operation: 'GET /assets/{assetId}',
					rawPath: `/assets/${id}`,
					query: { summaryLocations: 'false' },
				});
				expect(r.json[0].label).toBeUndefined();
			},
			'Simplify gives the flat fields a spreadsheet row wants, from the same response':
				async () => {
					const id = t.sim.seed.labelledAssetIds[0];
					const r = await ok(t, asset('get', { assetId: byId(id), simplify: true }));
					const raw = expectOneRequest(r, {
						operation: 'GET /assets/{assetId}',
						rawPath: `/assets/${id}`,
						query: { summaryLocations: 'false' },
					}).responseBody as IDataObject;
					const label = raw.label as IDataObject;
					const temperature = (raw.temperatures as { items: IDataObject[] }).items[0];
					const location = (raw.locations as { items: IDataObject[] }).items[0];
					const inside = (raw.inSpaces as IDataObject[]).filter((m) => m.hasExited !== true);
					expect(r.json).toEqual([
						{
							id,
							name: raw.name,
							workspaceId: raw.workspaceId,
							createdOn: raw.createdOn,
							bleId: label.bleId,
							nfcId: label.nfcId,
							spaceId: inside.at(-1)?.spaceId ?? null,
							spaceName: inside.at(-1)?.spaceName ?? null,
							spaceEnteredOn: inside.at(-1)?.enteredOn ?? null,
							degreesCelsius: temperature.degreesCelsius,
							temperatureTimestamp: temperature.timestamp,
							latitude: (location.coordinate as IDataObject).latitude,
							longitude: (location.coordinate as IDataObject).longitude,
							accuracy: (location.coordinate as IDataObject).accuracy ?? null,
							locationTimestamp: location.timestamp,
						},
					]);
					expect(typeof r.json[0].degreesCelsius).toBe('number');
				},
			'version 2: Simplify is on by default, its columns in reading order and without workspaceId; version 1 keeps its columns':
				async () => {
					const id = t.sim.seed.labelledAssetIds[0];
					const v1 = await ok(t, asset('get', { assetId: byId(id), simplify: true }));
					const v2 = await ok(t, asset('get', { assetId: byId(id) }), { typeVersion: 2 });
					expectOneRequest(v2, {
						operation: 'GET /assets/{assetId}',
						rawPath: `/assets/${id}`,
						query: { summaryLocations: 'false' },
					});
					expect(Object.keys(v1.json[0])).toEqual(ASSET_COLUMNS_V1);
					expect(Object.keys(v2.json[0])).toEqual(ASSET_COLUMNS_V2);
					// The same values, from the same asset: only the order and workspaceId differ.
					const { workspaceId, ...rest } = v1.json[0];
					expect(workspaceId).toBe(t.sim.seed.workspaceId);
					expect(v2.json[0]).toEqual(rest);
					expect(typeof v2.json[0].degreesCelsius).toBe('number');
					expectPairedWithFirst(v2);
				},
			'version 2 with Simplify off outputs the asset as the service sent it': async () => {
				const id = t.sim.seed.labelledAssetIds[0];
				const r = await ok(t, asset('get', { assetId: byId(id), simplify: false }), {
					typeVersion: 2,
				});
				const exchange = expectOneRequest(r, {
					operation: 'GET /assets/{assetId}',
					rawPath: `/assets/${id}`,
					query: { summaryLocations: 'false' },
				});
				expect(r.json).toEqual([exchange.responseBody]);
			},
		},
		getMany: {
			'version 2: every asset simplified by default, each row in the same reading order':
				async () => {
					const r = await ok(
						t,
						asset('getMany', { workspaceId: byId(t.sim.seed.workspaceId), limit: 50 }),
						{ typeVersion: 2 },
					);
					const raw = (r.exchanges[0].responseBody as { items: IDataObject[] }).items;
					expect(r.json.map((a) => a.id)).toEqual(raw.map((a) => a.id));
					expect(r.json.length).toBeGreaterThan(1);
					for (const row of r.json) expect(Object.keys(row)).toEqual(ASSET_COLUMNS_V2);
				},
			'Simplify flattens every asset; fields an asset lacks are null': async () => {
				const r = await ok(
					t,
					asset('getMany', {
						workspaceId: byId(t.sim.seed.workspaceId),
						limit: 50,
						simplify: true,
					}),
				);
				const raw = (r.exchanges[0].responseBody as { items: IDataObject[] }).items;
				expect(r.json.map((a) => a.id)).toEqual(raw.map((a) => a.id));
				const columns = Object.keys(r.json[0]).sort();
				for (const row of r.json) {
					expect(Object.keys(row).sort()).toEqual(columns);
					for (const value of Object.values(row))
						expect(typeof value === 'object' && value !== null).toBe(false);
				}
				const unlabelled = r.json.find((a) =>
					t.sim.seed.unlabelledAssetIds.includes(a.id as string),
				);
				expect(unlabelled).toMatchObject({ bleId: null, nfcId: null, degreesCelsius: null });
			},
			'Limit 7 is one request for 7': async () => {
				const r = await ok(
					t,
					asset('getMany', { workspaceId: byId(t.sim.seed.workspaceId), limit: 7 }),
				);
				const exchange = expectOneRequest(r, {
					operation: 'GET /workspaces/{workspaceId}/assets',
					rawPath: `/workspaces/${t.sim.seed.workspaceId}/assets`,
					query: { limit: '7' },
				});
				expect(r.json).toEqual((exchange.responseBody as { items: IDataObject[] }).items);
				expect(r.json.map((a) => a.id)).toEqual(t.sim.seed.assetIds.slice(0, 7));
				expectPairedWithFirst(r);
				return r;
			},
			'the filters go into the query': async () => {
				const spaceId = t.sim.seed.spaceIds[0];
				const r = await ok(
					t,
					asset('getMany', {
						workspaceId: byId(t.sim.seed.workspaceId),
						returnAll: true,
						filters: { searchTerm: 'Pallet', inSpaceIds: spaceId },
					}),
				);
				expectOneRequest(r, {
					operation: 'GET /workspaces/{workspaceId}/assets',
					rawPath: `/workspaces/${t.sim.seed.workspaceId}/assets`,
					query: { limit: '10000', searchTerm: 'Pallet', inSpaceIds: spaceId },
				});
				expect(r.json.length).toBeGreaterThan(0);
				for (const a of r.json) {
					expect(a.name).toContain('Pallet');
					expect(a.inSpaces).toContainEqual(expect.objectContaining({ spaceId, hasExited: false }));
				}
			},
		},
		create: {
			'input items go in one request; each output item pairs with its input': async () => {
				const r = await ok(
					t,
					asset('create', {
						workspaceId: byId(t.sim.seed.workspaceId),
						name: '={{ $json.name }}',
						nfcId: '={{ $json.nfc }}',
					}),
					{ input: [{ name: 'New pallet "A" #1', nfc: '0A0B0C0D' }, { name: 'New pallet B' }] },
				);
				expectOneRequest(r, {
					operation: 'POST /workspaces/{workspaceId}/assets',
					rawPath: `/workspaces/${t.sim.seed.workspaceId}/assets`,
					body: {
						assets: [{ name: 'New pallet "A" #1', nfcId: '0A0B0C0D' }, { name: 'New pallet B' }],
					},
					status: 201,
				});
				expect(r.json).toEqual([
					expect.objectContaining({
						name: 'New pallet "A" #1',
						label: expect.objectContaining({ nfcId: '0A0B0C0D' }),
					}),
					expect.objectContaining({ name: 'New pallet B' }),
				]);
				expect(r.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
				return r;
			},
		},
		update: {
			'PUT /assets/{assetId} with the new name': async () => {
				const id = t.sim.seed.unlabelledAssetIds[0];
				const r = await ok(t, asset('update', { assetId: byId(id), name: 'Renamed tote (blue)' }));
				const exchange = expectOneRequest(r, {
					operation: 'PUT /assets/{assetId}',
					rawPath: `/assets/${id}`,
					body: { name: 'Renamed tote (blue)' },
				});
				expect(r.json).toEqual([exchange.responseBody]);
				expect(r.json[0]).toMatchObject({ id, name: 'Renamed tote (blue)' });
				return r;
			},
		},
		linkLabel: {
			'POST /assets/{assetId}/labels with the NFC ID': async () => {
				const id = t.sim.seed.unlabelledAssetIds[1];
				const r = await ok(t, asset('linkLabel', { assetId: byId(id), nfcId: 'AB12CD34' }));
				expectOneRequest(r, {
					operation: 'POST /assets/{assetId}/labels',
					rawPath: `/assets/${id}/labels`,
					body: { nfcId: 'AB12CD34' },
				});
				expect(r.json[0]).toMatchObject({
					id,
					label: { nfcId: 'AB12CD34', bleId: expect.any(Number) },
				});
				linkedBleId = (r.json[0].label as IDataObject).bleId as number;
				return r;
			},
			'Replace Existing Label is sent when on': async () => {
				const id = t.sim.seed.labelledAssetIds[11];
				const r = await ok(
					t,
					asset('linkLabel', { assetId: byId(id), nfcId: 'FEED0001', replaceExistingLabel: true }),
				);
				expectOneRequest(r, {
					operation: 'POST /assets/{assetId}/labels',
					rawPath: `/assets/${id}/labels`,
					body: { nfcId: 'FEED0001', replaceExistingLabel: true },
				});
				expect(r.json[0]).toMatchObject({ label: { nfcId: 'FEED0001' } });
			},
		},
		unlinkLabel: {
			'DELETE /assets/{assetId}/labels/{bleId} outputs the asset without its label': async () => {
				const id = t.sim.seed.unlabelledAssetIds[1];
				const r = await ok(t, asset('unlinkLabel', { assetId: byId(id), bleId: linkedBleId }));
				const exchange = expectOneRequest(r, {
					operation: 'DELETE /assets/{assetId}/labels/{bleId}',
					rawPath: `/assets/${id}/labels/${linkedBleId}`,
				});
				expect(r.json).toEqual([exchange.responseBody]);
				expect(r.json[0].id).toBe(id);
				expect(r.json[0].label).toBeUndefined();
				return r;
			},
		},
		delete: {
			'DELETE /assets/{assetId} (204) outputs deleted and the ID': async () => {
				const id = t.sim.seed.unlabelledAssetIds[2];
				const r = await ok(t, asset('delete', { assetId: byId(id) }));
				expectOneRequest(r, {
					operation: 'DELETE /assets/{assetId}',
					rawPath: `/assets/${id}`,
					status: 204,
				});
				expect(r.json).toEqual([{ deleted: true, assetId: id }]);
				expectPairedWithFirst(r);
				return r;
			},
		},
		getLocations: {
			'one item per location, deprecated fields passed through unchanged': async () => {
				const id = t.sim.seed.labelledAssetIds[0];
				const r = await ok(t, asset('getLocations', { assetId: byId(id), limit: 30 }));
				const exchange = expectOneRequest(r, {
					operation: 'GET /assets/{assetId}/locations',
					rawPath: `/assets/${id}/locations`,
					query: { limit: '30', summaryLocations: 'false' },
				});
				const sent = (exchange.responseBody as { items: IDataObject[] }).items;
				expect(sent).toHaveLength(30);
				expect(r.json).toEqual(sent);
				expectPairedWithFirst(r);
				return r;
			},
			'Add Accuracy From Error fills coordinate.accuracy from the deprecated error': async () => {
				const id = t.sim.seed.labelledAssetIds[0];
				const r = await ok(
					t,
					asset('getLocations', {
						assetId: byId(id),
						returnAll: true,
						summaryLocations: true,
						outputOptions: { accuracyFromError: true },
					}),
				);
				const exchange = expectOneRequest(r, {
					operation: 'GET /assets/{assetId}/locations',
					rawPath: `/assets/${id}/locations`,
					query: { limit: '10000', summaryLocations: 'true' },
				});
				const sent = (exchange.responseBody as { items: IDataObject[] }).items;
				expect(r.json).toHaveLength(sent.length);
				let filled = 0;
				sent.forEach((location, k) => {
					const coordinate = location.coordinate as IDataObject;
					if (typeof location.error === 'number' && coordinate.accuracy === undefined) {
						filled++;
						expect(r.json[k]).toEqual({
							...location,
							coordinate: { ...coordinate, accuracy: location.error },
						});
					} else {
						expect(r.json[k]).toEqual(location);
					}
				});
				// The simulator sends some locations with only the deprecated error: the option did something.
				expect(filled).toBeGreaterThan(0);
			},
		},
		getTemperatures: {
			'GET /assets/{assetId}/temperatures, one item per reading': async () => {
				const id = t.sim.seed.labelledAssetIds[1];
				const r = await ok(t, asset('getTemperatures', { assetId: byId(id), limit: 3 }));
				const exchange = expectOneRequest(r, {
					operation: 'GET /assets/{assetId}/temperatures',
					rawPath: `/assets/${id}/temperatures`,
					query: { limit: '3' },
				});
				expect(r.json).toEqual((exchange.responseBody as { items: IDataObject[] }).items);
				expect(r.json).toHaveLength(3);
				for (const reading of r.json)
					expect(reading).toEqual({
						timestamp: expect.any(String),
						degreesCelsius: expect.any(Number),
					});
				return r;
			},
		},
		getTemperatureSummary: {
			'GET /assets/{assetId}/temperatures newest first: one page reaches From, and the reading stops there':
				async () => {
					const id = t.sim.seed.labelledAssetIds[1];
					const to = t.sim.clock.now();
					const from = to - 60 * MINUTE;
					const r = await ok(
						t,
						asset('getTemperatureSummary', {
							assetId: byId(id),
							from: new Date(from).toISOString(),
							to: new Date(to).toISOString(),
						}),
					);
					// 61 readings in the period (both ends) and one before From: a page of 62.
					const exchange = expectOneRequest(r, {
						operation: 'GET /assets/{assetId}/temperatures',
						rawPath: `/assets/${id}/temperatures`,
						query: { limit: '62' },
					});
					const page = exchange.responseBody as { items: IDataObject[]; nextToken?: string };
					expect(page.nextToken).toBeDefined();
					const inPeriod = page.items.filter((i) => Date.parse(i.timestamp as string) >= from);
					const values = inPeriod.map((i) => i.degreesCelsius as number);
					expect(r.json).toEqual([
						{
							assetId: id,
							from: new Date(from).toISOString().replace('.000Z', 'Z'),
							to: new Date(to).toISOString().replace('.000Z', 'Z'),
							readings: 61,
							firstAt: inPeriod.at(-1)!.timestamp,
							lastAt: inPeriod[0].timestamp,
							minCelsius: Math.min(...values),
							maxCelsius: Math.max(...values),
							meanCelsius: expect.any(Number),
							mktCelsius: expect.any(Number),
							minutesAbove: values.filter((v) => v > 8).length,
							minutesBelow: values.filter((v) => v < 2).length,
							minutesInRange: values.filter((v) => v >= 2 && v <= 8).length,
							missingMinutes: 0,
							excursions: expect.any(Number),
							longestExcursionMinutes: expect.any(Number),
						},
					]);
					expectPairedWithFirst(r);
					return r;
				},
			'one output item per input item, each its own asset and paired with its item': async () => {
				const [first, second] = t.sim.seed.labelledAssetIds;
				const to = t.sim.clock.now();
				const r = await ok(
					t,
					asset('getTemperatureSummary', {
						assetId: byId('={{ $json.id }}'),
						from: new Date(to - 30 * MINUTE).toISOString(),
						to: new Date(to).toISOString(),
						summaryOptions: { maxTemperature: 30, minTemperature: -30 },
					}),
					{ input: [{ id: first }, { id: second }] },
				);
				expect(r.exchanges.map((e) => e.rawPath)).toEqual([
					`/v1/assets/${first}/temperatures`,
					`/v1/assets/${second}/temperatures`,
				]);
				expect(r.json.map((j) => [j.assetId, j.readings, j.minutesInRange])).toEqual([
					[first, 31, 31],
					[second, 31, 31],
				]);
				expect(r.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
			},
			'To empty is now, From empty 24 hours before it': async () => {
				const id = t.sim.seed.labelledAssetIds[0];
				const before = Date.now();
				const r = await ok(t, asset('getTemperatureSummary', { assetId: byId(id) }));
				const [{ from, to }] = r.json as Array<{ from: string; to: string }>;
				expect(Date.parse(to)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
				expect(Date.parse(to)).toBeLessThanOrEqual(Date.now());
				expect(Date.parse(to) - Date.parse(from)).toBe(24 * 60 * MINUTE);
			},
			"a time without a zone is the workflow's (America/New_York, UTC−5 in January)": async () => {
				expect(getGlobalState().defaultTimezone).toBe('America/New_York');
				const id = t.sim.seed.labelledAssetIds[0];
				const r = await ok(
					t,
					asset('getTemperatureSummary', {
						assetId: byId(id),
						from: '2025-12-31T18:00:00',
						to: '2025-12-31T19:00',
					}),
				);
				expect(r.json[0]).toMatchObject({
					from: '2025-12-31T23:00:00Z',
					to: '2026-01-01T00:00:00Z',
					readings: 61,
				});
			},
			'a period with no reading gives readings 0 and nulls, not an error': async () => {
				const id = t.sim.seed.labelledAssetIds[0];
				const to = t.sim.clock.now() - 3 * 24 * 60 * MINUTE;
				const r = await ok(
					t,
					asset('getTemperatureSummary', {
						assetId: byId(id),
						from: new Date(to - 60 * MINUTE).toISOString(),
						to: new Date(to).toISOString(),
					}),
				);
				expect(r.json[0]).toMatchObject({
					readings: 0,
					firstAt: null,
					lastAt: null,
					meanCelsius: null,
					mktCelsius: null,
					minutesAbove: 0,
					minutesInRange: 0,
					missingMinutes: 0,
					excursions: 0,
				});
			},
			'From after To, a period over 31 days, or Alert Below not under Alert Above: refused before any request':
				async () => {
					const assetId = byId(t.sim.seed.labelledAssetIds[0]);
					const after = await expectRejected(
						t,
						asset('getTemperatureSummary', {
							assetId,
							from: '2026-01-02T00:00:00Z',
							to: '2026-01-01T00:00:00Z',
						}),
						'From',
					);
					expect(after.message).toBe(
						'Invalid "From": must be at or before "To" (2026-01-01T00:00:00Z) (got "2026-01-02T00:00:00Z")',
					);
					const long = await expectRejected(
						t,
						asset('getTemperatureSummary', {
							assetId,
							from: '2025-11-29T23:59:59Z',
							to: '2025-12-31T00:00:00Z',
						}),
						'From',
					);
					expect(long.message).toContain('must be at most 31 days before "To"');
					await expectRejected(
						t,
						asset('getTemperatureSummary', { assetId, from: 'yesterday' }),
						'From',
					);
					await expectRejected(
						t,
						asset('getTemperatureSummary', {
							assetId,
							summaryOptions: { maxTemperature: 2, minTemperature: 2 },
						}),
						'Alert Below (°C)',
					);
					// Exactly 31 days is allowed.
					await ok(
						t,
						asset('getTemperatureSummary', {
							assetId,
							from: '2025-12-01T00:00:00Z',
							to: '2026-01-01T00:00:00Z',
						}),
					);
				},
		},
		getFacilityHistory: {
			'GET /assets/{assetId}/facilities': async () => {
				const id = t.sim.seed.labelledAssetIds[0];
				const r = await ok(t, asset('getFacilityHistory', { assetId: byId(id), returnAll: true }));
				const exchange = expectOneRequest(r, {
					operation: 'GET /assets/{assetId}/facilities',
					rawPath: `/assets/${id}/facilities`,
					query: { limit: '10000' },
				});
				expect(r.json).toEqual((exchange.responseBody as { items: IDataObject[] }).items);
				expect(r.json.length).toBeGreaterThan(0);
				for (const stay of r.json) expect(t.sim.seed.facilityIds).toContain(stay.facilityId);
				return r;
			},
		},
		getSpaceHistory: {
			'one list per input item, each paired with its item': async () => {
				const [first, second] = t.sim.seed.labelledAssetIds;
				const r = await ok(
					t,
					asset('getSpaceHistory', { assetId: byId('={{ $json.id }}'), returnAll: true }),
					{
						input: [{ id: first }, { id: second }],
					},
				);
				expect(r.exchanges.map((e) => [e.operation, e.rawPath, e.query])).toEqual([
					['GET /assets/{assetId}/spaces', `/v1/assets/${first}/spaces`, { limit: '10000' }],
					['GET /assets/{assetId}/spaces', `/v1/assets/${second}/spaces`, { limit: '10000' }],
				]);
				const [a, b] = r.exchanges.map((e) => (e.responseBody as { items: IDataObject[] }).items);
				expect(r.json).toEqual([...a, ...b]);
				expect(r.items.map((i) => i.pairedItem)).toEqual([
					...a.map(() => ({ item: 0 })),
					...b.map(() => ({ item: 1 })),
				]);
				for (const stay of r.json) expect(t.sim.seed.spaceIds).toContain(stay.spaceId);
				return r;
			},
		},
	});
});
