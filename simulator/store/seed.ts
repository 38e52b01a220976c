// The deterministic starting data. Every id comes from the seeded PRNG, so the same seed always
// produces the same ids; the counts and relations below are fixed. Names stay in the NAME
// charset but include its awkward characters (quotes, # & / + , parentheses) on purpose.
import { Rng } from '../prng';
import { isFreezerLabel } from '../readings/generator';
import { MINUTE } from '../time';
import type { ResolvedOptions } from '../types';
import type {
	AssetRec,
	ConsignmentRec,
	GatewayRec,
	MembershipRec,
	PieceRec,
	SpaceRec,
} from './model';
import type { Store } from './store';

export interface Seed {
	workspaceId: string;
	otherWorkspaceId: string;
	forbiddenWorkspaceId: string;
	/** Main workspace, list order; the first labelledAssetIds.length of them are labelled. */
	assetIds: string[];
	labelledAssetIds: string[];
	unlabelledAssetIds: string[];
	/** An asset whose name uses quotes, #, &, /, +, comma and parentheses. */
	awkwardNameAssetId: string;
	/** The demo workspace's spaces; the last is the freezer. */
	spaceIds: string[];
	/** A freezer room of the South Depot: the labelled assets whose curve is a freezer's sit in it. */
	freezerSpaceId: string;
	spaceIdsWithGateway: string[];
	spaceGatewayIds: string[];
	facilityIds: string[];
	assetGroupIds: string[];
	printerIds: string[];
	onlinePrinterId: string;
	offlinePrinterId: string;
	printJobIds: string[];
	printTemplateIds: string[];
	consignmentIds: string[];
	consignmentTrackingRefs: string[];
	/** Pieces of consignmentIds[0], [1], [2] in order. */
	pieceIds: string[][];
	/** Gateways of consignmentIds[0]. */
	consignmentGatewayIds: string[];
	other: { assetIds: string[]; spaceIds: string[]; facilityIds: string[]; printerIds: string[] };
	forbidden: {
		assetId: string;
		spaceId: string;
		facilityId: string;
		printerId: string;
		printJobId: string;
		consignmentId: string;
	};
}

const DAY = 24 * 60 * MINUTE;
const KINDS = ['Pallet', 'Roll cage', 'Cold box', 'Tote', 'Trolley', 'Container'];

export function seedStore(store: Store, opts: ResolvedOptions, rng: Rng): Seed {
	const t0 = opts.startTime;
	const historyStart = t0 - opts.historyMinutes * MINUTE;
	const usedNfc = new Set<string>();
	const nfcId = () => {
		let id = rng.hex(8).toUpperCase();
		while (usedNfc.has(id)) id = rng.hex(8).toUpperCase();
		usedNfc.add(id);
		return id;
	};

	// Workspaces
	const ws = { id: rng.uuid(), name: 'Demo Workspace', accessible: true };
	const other = { id: rng.uuid(), name: 'Second Workspace', accessible: true };
	const forbiddenWs = { id: rng.uuid(), name: 'Restricted Workspace', accessible: false };
	for (const w of [ws, other, forbiddenWs]) store.addWorkspace(w);

	// Facilities
	const facility = (workspaceId: string, name: string, userFacilityId?: string) => {
		const f = { id: rng.uuid(), name, workspaceId, createdAt: t0 - 200 * DAY, userFacilityId };
		if (userFacilityId === undefined) delete f.userFacilityId;
		store.facilities.set(f.id, f);
		return f;
	};
	const north = facility(ws.id, 'North Warehouse', 'WH-N-01');
	const south = facility(ws.id, 'South Depot (Cold & Ambient)', 'WH-S-02');
	const otherFacility = facility(other.id, 'Second Site', 'SITE-2');
	const forbiddenFacility = facility(forbiddenWs.id, 'Restricted Site');

	// Spaces, two with a gateway
	const gateway = (manufacturer: string, extra: Partial<GatewayRec>): GatewayRec => {
		const deviceId = rng.hex(24);
		return {
			gatewayId: `${manufacturer}_${deviceId}`,
			manufacturer,
			deviceId,
			shortId: deviceId.slice(0, 4).toUpperCase(),
			hasPendingCommands: false,
			addedOn: t0 - 90 * DAY,
			...extra,
		};
	};
	const space = (
		workspaceId: string,
		facilityId: string,
		name: string,
		gw: GatewayRec | null,
	): SpaceRec => {
		const s = {
			id: rng.alnum(20),
			name,
			workspaceId,
			facilityId,
			createdOn: t0 - 150 * DAY,
			gateway: gw,
		};
		store.spaces.set(s.id, s);
		return s;
	};
	const spaces = [
		space(
			ws.id,
			north.id,
			'Bay 1',
			gateway('particle', {
				productName: 'Tracker One',
				isStatic: true,
				latitude: 51.5072,
				longitude: -0.1276,
				rssiFilter: -75,
			}),
		),
		space(ws.id, north.id, 'Bay 2', null),
		space(
			ws.id,
			south.id,
			'Cold Room "A"',
			gateway('sysLoco', { productName: 'HGD4', isStatic: false, rssiFilter: 'NEAR' }),
		),
		space(ws.id, south.id, 'Dock #3 (In/Out)', null),
	];
	const otherSpace = space(other.id, otherFacility.id, 'Second Bay', null);
	const forbiddenSpace = space(forbiddenWs.id, forbiddenFacility.id, 'Restricted Bay', null);

	// Assets of the main workspace: the first `labelledAssets` carry labels.
	const assetCount = Math.max(30, opts.labelledAssets);
	const assets: AssetRec[] = [];
	let awkwardNameAssetId = '';
	for (let i = 0; i < assetCount; i++) {
		const memberships: MembershipRec[] = [];
		if (i % 7 !== 6) {
			if (i % 3 === 0) {
				const past = spaces[(i + 1) % 4];
				memberships.push({
					spaceId: past.id,
					spaceName: past.name,
					enteredOn: t0 - 10 * DAY,
					exitedOn: t0 - 3 * DAY,
				});
			}
			const now = spaces[i % 4];
			memberships.push({
				spaceId: now.id,
				spaceName: now.name,
				enteredOn: t0 - 3 * DAY + i * MINUTE,
				exitedOn: null,
			});
		}
		const labelled = i < opts.labelledAssets;
		const name =
			i === 5
				? 'Crate "Fragile" #7 (A/B) & more, +1'
				: `${KINDS[i % KINDS.length]} ${String(i + 1).padStart(3, '0')}`;
		const rec: AssetRec = {
			id: rng.alnum(20),
			name,
			workspaceId: ws.id,
			createdOn: t0 - (30 + i) * DAY,
			labels: labelled
				? [
						{
							bleId: store.allocateBleId(),
							nfcId: nfcId(),
							reportingInterval: i % 3 === 2 ? 'hourly' : 'default',
							addedOn: historyStart - (i + 1) * DAY,
							removedOn: null,
						},
					]
				: [],
			memberships,
		};
		if (i === 5) awkwardNameAssetId = rec.id;
		store.addAsset(rec);
		assets.push(rec);
	}
	const simpleAsset = (workspaceId: string, name: string) => {
		const rec: AssetRec = {
			id: rng.alnum(20),
			name,
			workspaceId,
			createdOn: t0 - 20 * DAY,
			labels: [],
			memberships: [],
		};
		store.addAsset(rec);
		return rec;
	};
	const otherAssets = [1, 2, 3].map((n) => simpleAsset(other.id, `Second asset ${n}`));
	const forbiddenAsset = simpleAsset(forbiddenWs.id, 'Restricted asset');

	// Asset groups: one available at the default threshold, one short of its threshold, one cold chain group.
	const presentIn = (facilityId: string) =>
		assets.filter((a) =>
			a.memberships.some(
				(m) => m.exitedOn === null && store.spaces.get(m.spaceId)?.facilityId === facilityId,
			),
		);
	const groups = [
		{
			name: 'Pallets north',
			facilityId: north.id,
			threshold: undefined,
			members: presentIn(north.id).slice(0, 5),
		},
		{
			name: 'Roll cages (spare)',
			facilityId: north.id,
			threshold: 10,
			members: presentIn(north.id).slice(5, 8),
		},
		{
			name: 'Cold chain',
			facilityId: south.id,
			threshold: 2,
			members: presentIn(south.id).slice(0, 4),
		},
	].map((g) => {
		const rec = {
			id: `ag-${g.name.toLowerCase().replace(/[^a-z]+/g, '-')}-${rng.alnum(6)}`,
			name: g.name,
			workspaceId: ws.id,
			facilityId: g.facilityId,
			availabilityThreshold: g.threshold,
			memberAssetIds: g.members.map((a) => a.id),
		};
		if (rec.availabilityThreshold === undefined) delete rec.availabilityThreshold;
		store.assetGroups.set(rec.id, rec);
		return rec;
	});

	// Printers, templates and print jobs
	const printer = (workspaceId: string, name: string, isOnline: boolean) => {
		const p = {
			printerId: `ZT411${rng.int(100000000, 999999999)}`,
			name,
			workspaceId,
			isOnline,
			addedOn: t0 - 60 * DAY,
		};
		store.printers.set(p.printerId, p);
		return p;
	};
	const online = printer(ws.id, 'Dispatch printer', true);
	const offline = printer(ws.id, 'Goods-in printer', false);
	const otherPrinter = printer(other.id, 'Second printer', true);
	const forbiddenPrinter = printer(forbiddenWs.id, 'Restricted printer', true);
	const templates = [['trackingRef'], []].map((requiredParams) => {
		const t = { templateId: rng.uuid(), workspaceId: ws.id, requiredParams };
		store.printTemplates.set(t.templateId, t);
		return t;
	});
	const job = (
		printerId: string,
		workspaceId: string,
		assetId: string,
		createdAt: number,
		outcome: 'success' | 'failure',
		failureReason?: string,
	) => {
		const j = {
			id: rng.uuid(),
			printerId,
			workspaceId,
			assetId,
			origin: 'Remote',
			createdAt,
			includeCutLine: true,
			outcome,
			failureReason,
			cancelledAt: null,
		};
		if (failureReason === undefined) delete j.failureReason;
		store.printJobs.set(j.id, j);
		return j;
	};
	const jobs = [
		job(online.printerId, ws.id, assets[0].id, t0 - DAY, 'success'),
		job(online.printerId, ws.id, assets[1].id, t0 - 2 * 60 * MINUTE, 'failure', 'Label jam'),
		job(online.printerId, ws.id, assets[2].id, t0, 'success'),
		job(offline.printerId, ws.id, assets[3].id, t0 - 30 * MINUTE, 'success'),
	];
	const forbiddenJob = job(
		forbiddenPrinter.printerId,
		forbiddenWs.id,
		forbiddenAsset.id,
		t0 - DAY,
		'success',
	);

	// Consignments with pieces and gateways
	const consignment = (
		workspaceId: string,
		trackingRef: string,
		fields: Partial<ConsignmentRec>,
		pieceCount: number,
		gateways: GatewayRec[],
	) => {
		const c: ConsignmentRec = {
			id: rng.uuid(),
			trackingRef,
			workspaceId,
			isActive: true,
			pieceIds: [],
			gateways,
			...fields,
		};
		for (let n = 1; n <= pieceCount; n++) {
			const p: PieceRec = {
				id: rng.alnum(20),
				trackingRef: `${trackingRef}-P${n}`,
				consignmentId: c.id,
				workspaceId,
				label: {
					bleId: store.allocateBleId(),
					nfcId: nfcId(),
					reportingInterval: 'default',
					addedOn: t0 - 4 * DAY,
				},
				createdOn: t0 - 4 * DAY,
				inFacilities:
					workspaceId === ws.id
						? [
								{ facilityId: north.id, enteredOn: t0 - 3 * DAY, exitedOn: t0 - 2 * DAY },
								{ facilityId: south.id, enteredOn: t0 - 2 * DAY + n * MINUTE, exitedOn: null },
							]
						: [],
			};
			store.pieces.set(p.id, p);
			store.nfcOwners.set((p.label as { nfcId: string }).nfcId, `piece:${p.id}`);
			c.pieceIds.push(p.id);
		}
		store.consignments.set(c.id, c);
		return c;
	};
	const consignments = [
		consignment(
			ws.id,
			'CONS-1001',
			{
				activated: { when: t0 - 2 * DAY, facilityId: north.id },
				destination: { name: 'LHR', facilityId: south.id },
			},
			3,
			[
				gateway('particle', {
					productName: 'Tracker One',
					isStatic: true,
					latitude: 51.47,
					longitude: -0.4543,
					rssiFilter: -70,
				}),
				gateway('sysLoco', { productName: 'HGD4', isStatic: false, rssiFilter: 'NEAR' }),
			],
		),
		consignment(
			ws.id,
			'CONS-1002',
			{
				isActive: false,
				activated: { when: t0 - 10 * DAY, facilityId: north.id },
				deactivated: { when: t0 - 5 * DAY, facilityId: south.id },
				destination: { name: 'Depot "South"' },
			},
			2,
			[],
		),
		consignment(ws.id, 'CONS-1003 / bulk, #12', { activated: { when: t0 - DAY } }, 12, [
			gateway('versa', { productName: 'Versa Hub', rssiFilter: 'FAR' }),
		]),
	];
	const forbiddenConsignment = consignment(forbiddenWs.id, 'RESTRICTED-1', {}, 1, []);

	const labelled = assets.slice(0, opts.labelledAssets);
	// Last, so that every id drawn before it stays what it was: the freezer room, and the labelled
	// assets that report a freezer's temperatures (readings/generator.ts) moved into it, where they
	// have been since their stay began. Chilled and frozen goods so sit side by side in the depot.
	const freezer = space(ws.id, south.id, 'Freezer 1', null);
	for (const rec of labelled) {
		if (!isFreezerLabel(rec.id)) continue;
		const current = rec.memberships.find((m) => m.exitedOn === null);
		if (current) Object.assign(current, { spaceId: freezer.id, spaceName: freezer.name });
		else
			rec.memberships.push({
				spaceId: freezer.id,
				spaceName: freezer.name,
				enteredOn: t0 - 3 * DAY,
				exitedOn: null,
			});
	}
	return {
		workspaceId: ws.id,
		otherWorkspaceId: other.id,
		forbiddenWorkspaceId: forbiddenWs.id,
		assetIds: assets.map((a) => a.id),
		labelledAssetIds: labelled.map((a) => a.id),
		unlabelledAssetIds: assets.slice(opts.labelledAssets).map((a) => a.id),
		awkwardNameAssetId,
		spaceIds: [...spaces, freezer].map((s) => s.id),
		freezerSpaceId: freezer.id,
		spaceIdsWithGateway: spaces.filter((s) => s.gateway).map((s) => s.id),
		spaceGatewayIds: spaces
			.filter((s) => s.gateway)
			.map((s) => (s.gateway as GatewayRec).gatewayId),
		facilityIds: [north.id, south.id],
		assetGroupIds: groups.map((g) => g.id),
		printerIds: [online.printerId, offline.printerId],
		onlinePrinterId: online.printerId,
		offlinePrinterId: offline.printerId,
		printJobIds: jobs.map((j) => j.id),
		printTemplateIds: templates.map((t) => t.templateId),
		consignmentIds: consignments.map((c) => c.id),
		consignmentTrackingRefs: consignments.map((c) => c.trackingRef),
		pieceIds: consignments.map((c) => [...c.pieceIds]),
		consignmentGatewayIds: consignments[0].gateways.map((g) => g.gatewayId),
		other: {
			assetIds: otherAssets.map((a) => a.id),
			spaceIds: [otherSpace.id],
			facilityIds: [otherFacility.id],
			printerIds: [otherPrinter.printerId],
		},
		forbidden: {
			assetId: forbiddenAsset.id,
			spaceId: forbiddenSpace.id,
			facilityId: forbiddenFacility.id,
			printerId: forbiddenPrinter.printerId,
			printJobId: forbiddenJob.id,
			consignmentId: forbiddenConsignment.id,
		},
	};
}
