/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
// One API layer: every endpoint of the service is declared once, in nodes/AssetTracking/api/,
// as the OpenAPI has it (the spec's deviations listed in api/deviations.ts), its types generated
// from the OpenAPI; everything else refers to these objects, and no path is spelled elsewhere.
import { execFileSync } from 'child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'fs';
import { load } from 'js-yaml';
import { tmpdir } from 'os';
import { join, relative, sep } from 'path';

import * as api from '../../nodes/AssetTracking/api';
import { defineEndpoint, type Endpoint } from '../../nodes/AssetTracking/api/endpoint';
import { allOperations } from '../../nodes/AssetTracking/actions/operations';
import { OVERLAY } from '../harness/contract/overlay';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const root = join(__dirname, '..', '..');
const nodesDir = join(root, 'nodes');
const apiDir = join(nodesDir, 'AssetTracking', 'api');
const openapiFile = join(root, 'spec', 'openapi-1.3.11.yml');
const openapi = load(readFileSync(openapiFile, 'utf8')) as Json;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** Every operation of the OpenAPI: "GET /assets/{assetId}" -> its OpenAPI object. */
const serviceOperations = new Map<string, Json>(
	Object.entries(openapi.paths as Json).flatMap(([path, item]) =>
		METHODS.filter((m) => item[m]).map((m) => [`${m.toUpperCase()} ${path}`, item[m]] as const),
	),
);

/** The endpoints api/ exports, by their exported name. */
const isEndpoint = (value: unknown): value is Endpoint =>
	!!value && typeof value === 'object' && 'method' in value && 'path' in value;
const endpoints = Object.entries(api as Record<string, unknown>).filter(
	(entry): entry is [string, Endpoint] => isEndpoint(entry[1]),
);
const keyOf = (e: Endpoint) => `${e.method} ${e.path}`;

function filesUnder(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const file = join(dir, name);
		return statSync(file).isDirectory() ? filesUnder(file) : [file];
	});
}
const sources = filesUnder(nodesDir).filter((f) => /\.(ts|json)$/.test(f));
const outsideApi = sources.filter((f) => !f.startsWith(apiDir + sep));
const apiSources = sources.filter((f) => f.startsWith(apiDir + sep) && !f.endsWith('.d.ts'));

/**
 * A path of the service: a slash, then a literal segment of one of its paths (`/workspaces`,
 * `/print-jobs`, `/labels` ...). Not a relative import (`./spaces`) nor a segment of a URL or of
 * another path (`v1/assets`).
 */
const segments = [
	...new Set(
		[...serviceOperations.keys()].flatMap((key) =>
			key
				.split(' ')[1]
				.split('/')
				.filter((s) => s && !s.startsWith('{')),
		),
	),
];
const servicePath = new RegExp(`(?<![.\\w])/(${segments.join('|')})(?![\\w-])`, 'g');

describe('the API layer (nodes/AssetTracking/api/)', () => {
	it('declares every endpoint of the OpenAPI exactly once', () => {
		const keys = endpoints.map(([, e]) => keyOf(e));
		expect(new Set(keys).size).toBe(keys.length);
		expect([...keys].sort()).toEqual([...serviceOperations.keys()].sort());
		expect(endpoints).toHaveLength(45);
	});

	it.each(endpoints)(
		'%s: its parameters and response shape are the OpenAPI ones',
		(_name, endpoint) => {
			const operation = serviceOperations.get(keyOf(endpoint))!;
			const parameters = (operation.parameters ?? []) as Json[];
			const named = (where: string) => parameters.filter((p) => p.in === where).map((p) => p.name);
			expect([...endpoint.pathParams].sort()).toEqual(named('path').sort());
			expect([...endpoint.query].sort()).toEqual(named('query').sort());
			const status = Object.keys(operation.responses).find((s) => s.startsWith('2'))!;
			const schemaRef = operation.responses[status].content?.['application/json']?.schema;
			const schema = schemaRef?.$ref
				? openapi.components.schemas[schemaRef.$ref.split('/').pop()]
				: schemaRef;
			const shape = status === '204' ? 'none' : schema?.properties?.items ? 'page' : 'object';
			expect(endpoint.response).toBe(shape);
		},
	);

	it('spells no path of the service outside api/ (comments included)', () => {
		// The pattern finds every endpoint's path where it is declared: it would find one elsewhere.
		const declared = apiSources.flatMap((f) => readFileSync(f, 'utf8').match(servicePath) ?? []);
		for (const [, endpoint] of endpoints) {
			expect(declared).toContain(endpoint.path.match(new RegExp(servicePath.source))![0]);
		}
		const found = outsideApi.flatMap((file) =>
			readFileSync(file, 'utf8')
				.split('\n')
				.flatMap((line, i) =>
					line.match(servicePath) ? [`${relative(root, file)}:${i + 1}: ${line.trim()}`] : [],
				),
		);
		expect(found).toEqual([]);
	});

	it('has no dead endpoint: each is used outside api/', () => {
		const used = new Set(
			outsideApi.flatMap((file) =>
				[...readFileSync(file, 'utf8').matchAll(/\bapi\.(\w+)\b/g)].map((m) => m[1]),
			),
		);
		const unused = endpoints.map(([name]) => name).filter((name) => !used.has(name));
		expect(unused).toEqual([]);
	});

	it("gives each operation its endpoint's method and path", () => {
		const declared = new Set(endpoints.map(([, e]) => e));
		for (const operation of allOperations()) {
			expect(declared.has(operation.endpoint)).toBe(true);
			expect(`${operation.method} ${operation.path}`).toBe(keyOf(operation.endpoint));
		}
	});

	it('lists every point where the spec and the OpenAPI disagree in api/deviations.ts', () => {
		const deviations = readFileSync(join(apiDir, 'deviations.ts'), 'utf8');
		expect(OVERLAY.length).toBeGreaterThan(0);
		for (const patch of OVERLAY) expect(deviations).toContain(`- ${patch.id}:`);
	});

	it('has openapi.d.ts as `npm run api:types` generates it from the OpenAPI', () => {
		const dir = mkdtempSync(join(tmpdir(), 'api-types-'));
		try {
			const out = join(dir, 'openapi.d.ts');
			const cli = join(root, 'node_modules', 'openapi-typescript', 'bin', 'cli.js');
			execFileSync(process.execPath, [cli, openapiFile, '-o', out], { stdio: 'pipe' });
			expect(readFileSync(join(apiDir, 'openapi.d.ts'), 'utf8')).toBe(readFileSync(out, 'utf8'));
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});

	it('checks a declaration against the OpenAPI at compile time (npm run typecheck)', () => {
		// Each marked line must not compile: `npm run typecheck` fails if one does.
		const wrong = [
			() =>
				defineEndpoint({
					method: 'GET',
					// @ts-expect-error: no such path
					path: '/asset/{assetId}',
					query: [],
					response: 'object',
				}),
			() =>
				defineEndpoint({
					// @ts-expect-error: no PATCH on this path
					method: 'PATCH',
					path: '/assets/{assetId}',
					query: [],
					response: 'object' as never,
				}),
			() =>
				defineEndpoint({
					method: 'GET',
					path: '/assets/{assetId}',
					// @ts-expect-error: no such query parameter
					query: ['x'],
					response: 'object',
				}),
			() =>
				defineEndpoint({
					method: 'GET',
					path: '/assets/{assetId}',
					query: [],
					// @ts-expect-error: the OpenAPI answers an object, not a page
					response: 'page',
				}),
		];
		expect(wrong).toHaveLength(4);
		// The spec's Space (deviations.ts): getSpace's body has spaceId and spaceName.
		const space: api.BodyOf<typeof api.getSpace> = {
			id: 'S',
			name: 'n',
			workspaceId: 'w',
			spaceId: 'S',
			spaceName: 'n',
			facilityId: 'f',
		};
		// @ts-expect-error: the OpenAPI's Space, without the spec's spaceId, is not getSpace's body
		const openapiSpace: api.BodyOf<typeof api.getSpace> = {
			id: 'S',
			name: 'n',
			workspaceId: 'w',
			facilityId: 'f',
		};
		expect(space.spaceId).toBe('S');
		expect(openapiSpace.id).toBe('S');
	});
});
