// Public types of the simulator: its options, fault rules and recorded exchanges.
import type { LateUploads } from './readings/late';

export interface SimulatorOptions {
	/** Default 0 = a random free port. The server always binds 127.0.0.1. */
	port?: number;
	/** 'manual': time only moves via sim.clock.advance/set. Default 'real'. */
	clock?: 'real' | 'manual';
	/** Epoch ms the manual clock starts at. Default 2026-01-01T00:00:00Z. */
	startTime?: number;
	/** Seed of the deterministic PRNG behind seeded data and random faults. Default 1. */
	seed?: number;
	clientId?: string;
	clientSecret?: string;
	/** Access token lifetime on the simulator clock. Default 3600. */
	tokenLifetimeSeconds?: number;
	/** Order of temperature/location lists. Default 'newestFirst'. */
	readingsOrder?: 'newestFirst' | 'oldestFirst';
	/** How many seeded assets carry labels and produce readings. Default 12. */
	labelledAssets?: number;
	/** Minutes of readings history that exist before startTime. Default 120. */
	historyMinutes?: number;
	/** Record every exchange in sim.log. Default true; benchmarks switch it off. */
	recordExchanges?: boolean;
	/** Late uploads: a share of reading batches appears after newer readings (readings/late.ts). Default none. */
	lateUploads?: LateUploads | null;
	/** Locations at the spec's reporting intervals (20 minutes by default) instead of compressed ones. Default false. */
	specCadence?: boolean;
	/**
	 * How the asset list shows an asset with no reading of a kind: 'omit' leaves out its
	 * temperatures/locations field, 'empty' sends `{ items: [] }` (as an independent server does).
	 * Default 'omit'.
	 */
	emptyEmbeds?: 'omit' | 'empty';
	/**
	 * A server whose asset list lies: every asset shows empty reading lists, whatever its lists
	 * hold. Default false.
	 */
	embedsLie?: boolean;
	/**
	 * Whether the asset list embeds each asset's newest readings at all; false leaves out its
	 * temperatures and locations fields (the spec does not promise them). Default true.
	 */
	embedReadings?: boolean;
	/**
	 * The most readings one page of a reading list holds, whatever `limit` asks (a server with a
	 * smaller maximum still pages correctly: fewer items, and a nextToken). Default 10000.
	 */
	maxReadingsPerPage?: number;
	/**
	 * The service's own clock, as its Date header shows it, this many minutes ahead of the clock
	 * the labels stamp readings by (negative: behind). Default 0.
	 */
	dateOffsetMinutes?: number;
}

export type ResolvedOptions = Required<SimulatorOptions>;

export const DEFAULT_START_TIME = Date.parse('2026-01-01T00:00:00Z');

export function resolveOptions(o: SimulatorOptions = {}): ResolvedOptions {
	return {
		port: o.port ?? 0,
		clock: o.clock ?? 'real',
		startTime: o.startTime ?? (o.clock === 'manual' ? DEFAULT_START_TIME : Date.now()),
		seed: o.seed ?? 1,
		clientId: o.clientId ?? 'demo-client',
		clientSecret: o.clientSecret ?? 'demo-secret',
		tokenLifetimeSeconds: o.tokenLifetimeSeconds ?? 3600,
		readingsOrder: o.readingsOrder ?? 'newestFirst',
		labelledAssets: o.labelledAssets ?? 12,
		historyMinutes: o.historyMinutes ?? 120,
		recordExchanges: o.recordExchanges ?? true,
		lateUploads: o.lateUploads ?? null,
		specCadence: o.specCadence ?? false,
		emptyEmbeds: o.emptyEmbeds ?? 'omit',
		embedsLie: o.embedsLie ?? false,
		embedReadings: o.embedReadings ?? true,
		maxReadingsPerPage: o.maxReadingsPerPage ?? 10_000,
		dateOffsetMinutes: o.dateOffsetMinutes ?? 0,
	};
}

export type FaultStatus = 429 | 500 | 502 | 503 | 504;

export interface FaultRule {
	status?: FaultStatus;
	/** Retry-After header value, as given: seconds ('2') or an HTTP date. */
	retryAfter?: string;
	/** Destroy the socket without any response. */
	drop?: boolean;
	/**
	 * method: exact HTTP method. path: a string equal to the operation template
	 * ('/assets/{assetId}'), to the raw path under the base ('/assets/abc') or to the full raw path
	 * ('/v1/assets/abc'); a RegExp is tested against the raw path under the base and the full raw path.
	 * token: true = the rule targets the token endpoint only (default: API requests only).
	 */
	match?: { method?: string; path?: RegExp | string; token?: boolean };
	/** How many matching requests get this fault. Default 1. */
	times?: number;
}

export type RandomFaultKind = '429' | '429-retry-after' | '500' | '503' | 'drop';

export interface RandomFaultConfig {
	/** Probability in [0, 1] that an API request gets a fault. */
	rate: number;
	kinds: RandomFaultKind[];
	/** Retry-After seconds for '429-retry-after'. Default 1. */
	retryAfterSeconds?: number;
}

export interface Exchange {
	/** e.g. 'GET /assets/{assetId}' as in the OpenAPI; 'POST /oauth2/token' for the token endpoint; null if no route. */
	operation: string | null;
	method: string;
	/** Exactly as received, still percent-encoded. */
	rawPath: string;
	rawQuery: string;
	/** Decoded. */
	pathParams: Record<string, string>;
	/** Decoded. */
	query: Record<string, string>;
	headers: Record<string, string>;
	requestBody: unknown;
	/** 0 when the fault injector dropped the connection. */
	status: number;
	responseHeaders: Record<string, string>;
	responseBody: unknown;
	/** The response came from the fault injector. */
	injected: boolean;
}

export interface SimulatorStats {
	/** API requests (token endpoint excluded), fault-injected ones included. */
	requests: number;
	tokenRequests: number;
	/** Per OpenAPI operation ('GET /assets/{assetId}'); unrouted requests count under 'unrouted'. */
	byOperation: Record<string, number>;
}
