// The Asset Tracking Service simulator: a local HTTP server that plays the service for tests,
// benchmarks and demos. See README-level notes in the doc comments of each module:
//   http/server.ts (pipeline), http/router.ts (raw-path routing), auth.ts (tokens),
//   paging.ts (hostile nextTokens), readings/ (how labels produce readings), faults.ts,
//   store/seed.ts (seeded data), handlers/ (the 45 operations).
import { TokenService } from './auth';
import { Clock } from './clock';
import { FaultInjector } from './faults';
import { SimServer, TOKEN_PATH, type TokenRequestInfo } from './http/server';
import { BASE_PATH } from './http/router';
import { Paging } from './paging';
import { Rng } from './prng';
import type { ReadingKind } from './readings/generator';
import { deliveredAt, longestWaitMs, type LateUploads } from './readings/late';
import { readingsBetween } from './readings/query';
import { Recorder } from './recorder';
import { buildRouter } from './routes';
import { planSwings, scheduleGroup, type GroupPlan, type SwingOptions } from './schedule/groups';
import {
	planOutages,
	schedulePrinter,
	type OutageOptions,
	type PrinterPlan,
} from './schedule/outages';
import {
	planShipments,
	scheduleShipment,
	type PiecePlan,
	type ShipmentOptions,
	type ShipmentPlan,
} from './schedule/shipments';
import { Timeline } from './schedule/timeline';
import type { SimState } from './state';
import { seedStore, type Seed } from './store/seed';
import { Store } from './store/store';
import type { AssetRec } from './store/model';
import type { HoverProfile, TemperatureStep } from './readings/profiles';
import { facilityHistory } from './views';
import { iso, MINUTE } from './time';
import {
	resolveOptions,
	type Exchange,
	type FaultRule,
	type RandomFaultConfig,
	type ResolvedOptions,
	type SimulatorOptions,
	type SimulatorStats,
} from './types';

export type {
	Exchange,
	FaultRule,
	RandomFaultConfig,
	SimulatorOptions,
	SimulatorStats,
} from './types';
export type { Seed } from './store/seed';
export type { LateUploads } from './readings/late';
export type { HoverProfile, TemperatureStep } from './readings/profiles';
export type { GroupPlan, SwingOptions } from './schedule/groups';
export type { OutageOptions, PrinterPlan } from './schedule/outages';
export type { PiecePlan, ShipmentOptions, ShipmentPlan, StayPlan } from './schedule/shipments';
export type { TokenRequestInfo } from './http/server';

export interface GeneratedReading {
	assetId: string;
	kind: ReadingKind;
	timestamp: string;
	/** When the reading appeared in the lists (epoch ms): its time, or later for a late upload. */
	deliveredAt: number;
	/** Unique per reading: assetId|kind|timestamp|seq (seq tells apart fixes sharing a second). */
	key: string;
	/** Exactly the item the reading lists serve (raw, not summarised). */
	reading: object;
}

/** A consignment to schedule: a plan whose ids may be left to the simulator. */
export type ShipmentDraft = Omit<ShipmentPlan, 'id' | 'pieces'> & {
	id?: string;
	pieces: Array<Omit<PiecePlan, 'id'> & { id?: string }>;
};

export interface FaultControls {
	queue(...rules: FaultRule[]): void;
	random(cfg: RandomFaultConfig | null): void;
	clear(): void;
}

export interface TokenControls {
	readonly issued: number;
	expireAll(): void;
	maxRequestsPerToken: number | null;
}

export class Simulator {
	readonly clientId: string;
	readonly clientSecret: string;
	readonly clock: Clock;
	readonly seed: Seed;
	readonly faults: FaultControls;
	readonly tokens: TokenControls;
	/** Added before every API response (benchmarks). */
	latencyMs = 0;
	/** Added before every token endpoint response (a slow identity provider). */
	tokenLatencyMs = 0;
	/** Called with every request to the token endpoint, before it is answered. */
	onTokenRequest: ((request: TokenRequestInfo) => void) | null = null;
	private readonly opts: ResolvedOptions;
	private readonly state: SimState;
	private readonly recorder: Recorder;
	private readonly server: SimServer;
	private port: number | null = null;
	/** Assets deleted through deleteAsset, kept for the ground truth and restoreAsset. */
	private readonly removed = new Map<string, AssetRec>();
	/** Scheduled consignments, printers and asset groups (schedule/): the ground truth of their changes. */
	private readonly plans = {
		shipments: [] as ShipmentPlan[],
		printers: [] as PrinterPlan[],
		groups: [] as GroupPlan[],
	};
	/** Seeds the random plans, so the same calls give the same plans. */
	private plansMade = 0;

	constructor(options: SimulatorOptions = {}) {
		this.opts = resolveOptions(options);
		const o = this.opts;
		this.clientId = o.clientId;
		this.clientSecret = o.clientSecret;
		this.clock = new Clock(o.clock, o.startTime);
		const seedRng = new Rng(o.seed);
		const store = new Store(100_000 + seedRng.int(0, 899_999));
		this.seed = seedStore(store, o, seedRng);
		this.state = {
			opts: o,
			clock: this.clock,
			store,
			paging: new Paging(`paging-${o.seed}`),
			ids: new Rng((o.seed * 7919) ^ 0x1d5),
			historyStart: o.startTime - o.historyMinutes * MINUTE,
			late: o.lateUploads,
			timeline: new Timeline(),
		};
		const tokens = new TokenService(this.clock, o.tokenLifetimeSeconds, o.clientId, o.clientSecret);
		const faults = new FaultInjector(o.seed);
		this.tokens = tokens;
		this.faults = faults;
		this.recorder = new Recorder(o.recordExchanges);
		this.server = new SimServer({
			router: buildRouter(),
			state: this.state,
			tokens,
			faults,
			recorder: this.recorder,
			latencyMs: () => this.latencyMs,
			tokenLatencyMs: () => this.tokenLatencyMs,
			onTokenRequest: () => this.onTokenRequest,
		});
	}

	async start(): Promise<void> {
		if (this.port !== null) throw new Error('simulator already started');
		this.port = await this.server.listen(this.opts.port);
	}

	async stop(): Promise<void> {
		if (this.port === null) return;
		await this.server.close();
		this.port = null;
	}

	private get origin(): string {
		if (this.port === null) throw new Error('simulator not started: call start() first');
		return `http://127.0.0.1:${this.port}`;
	}

	/** http://127.0.0.1:PORT/v1 */
	get baseUrl(): string {
		return this.origin + BASE_PATH;
	}

	/** http://127.0.0.1:PORT (token endpoint: POST {authUrl}/oauth2/token) */
	get authUrl(): string {
		return this.origin;
	}

	get tokenUrl(): string {
		return this.origin + TOKEN_PATH;
	}

	get log(): Exchange[] {
		return this.recorder.log;
	}

	get stats(): SimulatorStats {
		return this.recorder.stats;
	}

	resetStats(): void {
		this.recorder.reset();
	}

	/**
	 * Adds an empty, accessible workspace and returns its id: a fleet of exactly the assets a
	 * caller adds (the seeded Demo Workspace also holds the seed's assets).
	 */
	addWorkspace(name: string): string {
		const id = this.state.ids.uuid();
		this.state.store.addWorkspace({ id, name, accessible: true });
		return id;
	}

	/**
	 * Adds `count` unlabelled assets to a workspace in one compact block (cheap even for
	 * 1,000,000). Returns their ids when count <= 100,000, else [] (ids are bk<block>x<index>).
	 */
	addAssets(workspaceId: string, count: number): string[] {
		this.requireWorkspace(workspaceId);
		if (!Number.isInteger(count) || count < 0)
			throw new Error('count must be a non-negative integer');
		const block = this.state.store.addBulk(workspaceId, count, this.clock.now());
		if (count > 100_000) return [];
		const ids = new Array<string>(count);
		for (let i = 0; i < count; i++) ids[i] = block.idOf(i);
		return ids;
	}

	/**
	 * Adds assets whose labels produce readings like the seeded ones (history from
	 * startTime - historyMinutes on), optionally currently in the given spaces; with `silentFrom`
	 * (epoch ms), labels that stop reporting then (quiet assets); with `temperatureScript`, fixed
	 * temperatures over given periods (readings/profiles.ts); with `name`, that name for each.
	 */
	addLabelledAssets(
		workspaceId: string,
		count: number,
		opts: {
			inSpaceIds?: string[];
			silentFrom?: number;
			temperatureProfile?: HoverProfile;
			temperatureScript?: TemperatureStep[];
			name?: string;
		} = {},
	): string[] {
		this.requireWorkspace(workspaceId);
		const { store, ids } = this.state;
		const now = this.clock.now();
		const spaces = (opts.inSpaceIds ?? []).map((id) => {
			const s = store.spaces.get(id);
			if (!s || s.workspaceId !== workspaceId)
				throw new Error(`space ${id} is not in workspace ${workspaceId}`);
			return s;
		});
		const out: string[] = [];
		for (let i = 0; i < count; i++) {
			let nfcId = ids.hex(12).toUpperCase();
			while (store.nfcOwners.has(nfcId)) nfcId = ids.hex(12).toUpperCase();
			const rec: AssetRec = {
				id: ids.alnum(20),
				name: opts.name ?? `Labelled asset ${store.assets.size + 1}`,
				workspaceId,
				createdOn: Math.min(now, this.state.historyStart),
				labels: [
					{
						bleId: store.allocateBleId(),
						nfcId,
						reportingInterval: 'default',
						addedOn: this.state.historyStart,
						removedOn: null,
						silentFrom: opts.silentFrom,
					},
				],
				memberships: spaces.map((s) => ({
					spaceId: s.id,
					spaceName: s.name,
					enteredOn: now,
					exitedOn: null,
				})),
			};
			if (opts.temperatureProfile) rec.temperatureProfile = opts.temperatureProfile;
			if (opts.temperatureScript)
				rec.temperatureScript = opts.temperatureScript.map((s) => ({ ...s }));
			store.addAsset(rec);
			out.push(rec.id);
		}
		return out;
	}

	/**
	 * Moves a labelled asset, at the simulator's clock, so that it is in exactly `spaceIds`: open
	 * memberships in other spaces get exitedOn = now (hasExited), new ones start with enteredOn = now.
	 * Facility history (GET /assets/{assetId}/facilities) follows, as it derives from memberships.
	 */
	moveAsset(assetId: string, spaceIds: string[]): void {
		const rec = this.labelledRec(assetId);
		const now = this.clock.now();
		for (const m of rec.memberships)
			if (m.exitedOn === null && !spaceIds.includes(m.spaceId)) m.exitedOn = now;
		for (const id of spaceIds) {
			if (rec.memberships.some((m) => m.spaceId === id && m.exitedOn === null)) continue;
			const space = this.state.store.spaces.get(id);
			if (!space || space.workspaceId !== rec.workspaceId)
				throw new Error(`space ${id} is not in workspace ${rec.workspaceId}`);
			rec.memberships.push({ spaceId: id, spaceName: space.name, enteredOn: now, exitedOn: null });
		}
	}

	/**
	 * Scripts a labelled asset's temperature for the future (readings/profiles.ts): the steps go
	 * ahead of its earlier ones, so they win where they cover a time. A test on the real clock can
	 * so time an excursion from a moment it waited for (a trigger's activation) rather than guess
	 * it in advance. Every step must start after clock.now(): readings already served never change.
	 */
	scriptTemperature(assetId: string, steps: TemperatureStep[]): void {
		const now = this.clock.now();
		for (const s of steps) {
			if (!(s.from > now && s.from < s.until))
				throw new Error(
					`scriptTemperature needs now < from < until: step from ${s.from} until ${s.until}, now ${now}`,
				);
		}
		const rec = this.labelledRec(assetId);
		rec.temperatureScript = [...steps.map((s) => ({ ...s })), ...(rec.temperatureScript ?? [])];
	}

	/**
	 * The label of an asset says nothing in [from, until) and then reports again. Give a period
	 * that starts after clock.now(): readings already served must not vanish.
	 */
	quietLabel(assetId: string, from: number, until: number): void {
		if (!(from < until)) throw new Error('quietLabel needs from < until');
		const label = this.labelledRec(assetId).labels.at(-1);
		if (!label) throw new Error(`asset ${assetId} has no label`);
		(label.quiet ??= []).push({ from, until });
	}

	/** Ground truth: an asset's space memberships (epoch ms; exitedOn null while inside). */
	membershipsOf(
		assetId: string,
	): Array<{ spaceId: string; spaceName: string; enteredOn: number; exitedOn: number | null }> {
		this.settle();
		return this.labelledRec(assetId).memberships.map((m) => ({ ...m }));
	}

	/** Ground truth: an asset's facility stays as GET /assets/{assetId}/facilities serves them (epoch ms). */
	facilityStaysOf(assetId: string): Array<{
		facilityId: string;
		facilityName: string;
		userFacilityId?: string;
		enteredOn: number;
		exitedOn: number | null;
	}> {
		this.settle();
		const { store } = this.state;
		return facilityHistory(this.labelledRec(assetId), store).map((s) => {
			const f = store.facilities.get(s.facilityId);
			const out: {
				facilityId: string;
				facilityName: string;
				userFacilityId?: string;
				enteredOn: number;
				exitedOn: number | null;
			} = {
				facilityId: s.facilityId,
				facilityName: f?.name ?? 'Removed facility',
				enteredOn: s.enteredOn,
				exitedOn: s.exitedOn,
			};
			if (f?.userFacilityId !== undefined) out.userFacilityId = f.userFacilityId;
			return out;
		});
	}

	/** Spaces of a workspace (ground truth for tests that move assets). */
	spacesOf(workspaceId: string): Array<{ id: string; name: string; facilityId: string }> {
		this.settle();
		return [...this.state.store.spaces.values()]
			.filter((s) => s.workspaceId === workspaceId)
			.map((s) => ({ id: s.id, name: s.name, facilityId: s.facilityId }));
	}

	/**
	 * Adds a facility to a workspace, with one space in it (assets enter facilities through their
	 * spaces). Returns both ids.
	 */
	addFacility(
		workspaceId: string,
		name: string,
		userFacilityId?: string,
	): { facilityId: string; spaceId: string } {
		this.requireWorkspace(workspaceId);
		const { store, ids } = this.state;
		const now = this.clock.now();
		const facilityId = ids.uuid();
		store.facilities.set(facilityId, {
			id: facilityId,
			name,
			workspaceId,
			createdAt: now - 30 * 24 * 60 * MINUTE,
			...(userFacilityId === undefined ? {} : { userFacilityId }),
		});
		const spaceId = ids.alnum(20);
		store.spaces.set(spaceId, {
			id: spaceId,
			name: `${name} floor`,
			workspaceId,
			facilityId,
			createdOn: now - 30 * 24 * 60 * MINUTE,
			gateway: null,
		});
		return { facilityId, spaceId };
	}

	/** Facilities of a workspace, as their list names them (ground truth for the trigger's events). */
	facilitiesOf(workspaceId: string): Array<{ id: string; name: string; userFacilityId?: string }> {
		return [...this.state.store.facilities.values()]
			.filter((f) => f.workspaceId === workspaceId)
			.map((f) => ({
				id: f.id,
				name: f.name,
				...(f.userFacilityId === undefined ? {} : { userFacilityId: f.userFacilityId }),
			}));
	}

	/**
	 * Consignments that come and go over time (schedule/shipments.ts): random plans, moving through
	 * `facilityIds` (origin, hubs, destination). Returns the plans: the ground truth.
	 */
	addShipments(workspaceId: string, options: ShipmentOptions): ShipmentPlan[] {
		this.requireWorkspace(workspaceId);
		return this.scheduleShipments(
			planShipments(this.planRng(), this.state.ids, workspaceId, options),
		);
	}

	/**
	 * Consignments as given (a scripted one for a demo or an end-to-end test); ids left out are
	 * filled in. Returns the plans with their ids.
	 */
	scheduleShipments(drafts: ShipmentDraft[]): ShipmentPlan[] {
		const { ids } = this.state;
		return drafts.map((draft) => {
			this.requireWorkspace(draft.workspaceId);
			const plan: ShipmentPlan = {
				...structuredClone(draft),
				id: draft.id ?? ids.uuid(),
				pieces: draft.pieces.map((piece) => ({
					...structuredClone(piece),
					id: piece.id ?? ids.alnum(20),
				})),
			};
			scheduleShipment(this.state, plan);
			this.plans.shipments.push(plan);
			return structuredClone(plan);
		});
	}

	/** Printers going offline and back over time (schedule/outages.ts). Returns the plans. */
	addPrinterOutages(workspaceId: string, options: OutageOptions): PrinterPlan[] {
		this.requireWorkspace(workspaceId);
		const plans = planOutages(this.planRng(), workspaceId, options);
		for (const plan of plans) {
			schedulePrinter(this.state, plan);
			this.plans.printers.push(plan);
		}
		return plans.map((plan) => structuredClone(plan));
	}

	/** Asset groups whose counts cross their thresholds over time (schedule/groups.ts). Returns the plans. */
	addGroupSwings(workspaceId: string, options: SwingOptions): GroupPlan[] {
		this.requireWorkspace(workspaceId);
		const plans = planSwings(this.planRng(), this.state.ids, workspaceId, options);
		for (const plan of plans) {
			scheduleGroup(this.state, plan);
			this.plans.groups.push(plan);
		}
		return plans.map((plan) => structuredClone(plan));
	}

	/**
	 * Something for the trigger's consignment, asset-group and printer events to show in a demo
	 * (`npm start`, `npm run dev`, `npm run simulator`): over the next `hours`, in the Demo
	 * Workspace, shipments from North Warehouse through a hub to South Depot, printers going
	 * offline and back, asset groups crossing their thresholds in a ward.
	 */
	scheduleDemo(hours = 8): void {
		const ws = this.seed.workspaceId;
		const [north, south] = this.seed.facilityIds;
		const hub = this.addFacility(ws, 'Cross-dock Hub', 'HUB-1');
		const ward = this.addFacility(ws, 'Ward 5', 'WARD-5');
		const from = this.clock.now();
		const until = from + hours * 60 * MINUTE;
		this.addShipments(ws, {
			count: 4 * hours,
			pieces: [1, 6],
			from,
			until,
			facilityIds: [north, hub.facilityId, south],
		});
		this.addPrinterOutages(ws, { count: 3, from, until });
		this.addGroupSwings(ws, { count: 4, places: [ward, hub], from, until });
	}

	/** Ground truth: every scheduled consignment, printer and asset group, with all their changes. */
	scheduled(): { shipments: ShipmentPlan[]; printers: PrinterPlan[]; groups: GroupPlan[] } {
		return structuredClone(this.plans);
	}

	private planRng(): Rng {
		return new Rng((this.opts.seed * 104_729 + ++this.plansMade * 7_919) >>> 0);
	}

	/** What the schedule says has happened by now, in the store (requests do this themselves). */
	private settle(): void {
		this.state.timeline.applyDue(this.clock.now());
	}

	private labelledRec(assetId: string): AssetRec {
		const ref = this.state.store.findAsset(assetId);
		if (ref?.kind === 'rec') return ref.rec;
		const removed = this.removed.get(assetId);
		if (removed) return removed;
		throw new Error(`no labelled asset ${assetId}`);
	}

	/** Late uploads from now on (readings/late.ts); null: every reading appears at its timestamp. */
	setLateUploads(late: LateUploads | null): void {
		this.state.late = late;
	}

	/**
	 * Deletes an asset as DELETE /assets/{assetId} does; its readings stay in the ground truth
	 * (readingsGenerated) and restoreAsset brings it back, as a service that forgot an asset for a
	 * while (a replica behind, a restore from backup) would.
	 */
	deleteAsset(assetId: string): void {
		const ref = this.state.store.findAsset(assetId);
		if (ref?.kind !== 'rec') throw new Error(`no labelled asset ${assetId}`);
		this.removed.set(assetId, ref.rec);
		this.state.store.deleteAsset(ref);
	}

	restoreAsset(assetId: string): void {
		const rec = this.removed.get(assetId);
		if (!rec) throw new Error(`asset ${assetId} was not deleted`);
		this.removed.delete(assetId);
		this.state.store.addAsset(rec);
	}

	/**
	 * Ground truth: every reading with after < time <= upTo (capped at clock.now()), by time,
	 * asset, seq. With `byDelivery`, the readings that appeared in the lists in that span instead
	 * (late uploads appear after their time; see readings/late.ts).
	 */
	readingsGenerated(q: {
		kind: ReadingKind;
		assetIds?: string[];
		after: number;
		upTo: number;
		byDelivery?: boolean;
	}): GeneratedReading[] {
		const { store } = this.state;
		const upTo = Math.min(q.upTo, this.clock.now());
		const recs: AssetRec[] = [];
		if (q.assetIds) {
			for (const id of q.assetIds) {
				const ref = store.findAsset(id);
				if (ref?.kind === 'rec') recs.push(ref.rec);
				else if (this.removed.has(id)) recs.push(this.removed.get(id)!);
			}
		} else {
			for (const rec of store.allRecords()) if (rec.labels.length > 0) recs.push(rec);
		}
		const rows: Array<GeneratedReading & { t: number; seq: number }> = [];
		const late = this.state.late;
		const from = q.byDelivery ? q.after - longestWaitMs(late) : q.after;
		for (const rec of recs) {
			for (const r of readingsBetween(
				rec,
				q.kind,
				from,
				upTo,
				this.state.historyStart,
				this.opts.specCadence,
			)) {
				const delivered = deliveredAt(late, rec.id, q.kind, r.t);
				if (q.byDelivery && (delivered <= q.after || delivered > upTo)) continue;
				const timestamp = iso(r.t);
				rows.push({
					assetId: rec.id,
					kind: q.kind,
					timestamp,
					deliveredAt: delivered,
					key: `${rec.id}|${q.kind}|${timestamp}|${r.seq}`,
					reading: r.item,
					t: r.t,
					seq: r.seq,
				});
			}
		}
		rows.sort(
			(a, b) =>
				a.t - b.t || (a.assetId < b.assetId ? -1 : a.assetId > b.assetId ? 1 : 0) || a.seq - b.seq,
		);
		// The sort keys are not part of a row.
		return rows.map((row) => {
			const { t, seq, ...rest } = row;
			void t;
			void seq;
			return rest;
		});
	}

	private requireWorkspace(workspaceId: string): void {
		if (!this.state.store.workspaces.has(workspaceId))
			throw new Error(`unknown workspace ${workspaceId}`);
	}
}
