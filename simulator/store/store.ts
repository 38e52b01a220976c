// The in-memory state of every resource, plus the indexes the handlers need.
// Assets keep their creation order per workspace (the list order); bulk assets sit in that
// order as whole blocks (see bulk.ts).
import { BulkBlock } from './bulk';
import type {
	AssetGroupRec,
	AssetRec,
	ConsignmentRec,
	FacilityRec,
	PieceRec,
	PrintJobRec,
	PrinterRec,
	PrintTemplateRec,
	SpaceRec,
	WorkspaceRec,
} from './model';

/** An asset as found in the store: a full record, or a not-yet-materialised bulk asset. */
export type AssetRef =
	| { kind: 'rec'; rec: AssetRec }
	| { kind: 'bulk'; block: BulkBlock; index: number };

type SequenceEntry = string | BulkBlock;

export class Store {
	readonly workspaces = new Map<string, WorkspaceRec>();
	readonly workspaceOrder: string[] = [];
	/** Regular (non-bulk) assets. Materialised bulk assets live in their block instead. */
	readonly assets = new Map<string, AssetRec>();
	private readonly assetSequence = new Map<string, SequenceEntry[]>();
	readonly blocks: BulkBlock[] = [];
	readonly facilities = new Map<string, FacilityRec>();
	readonly spaces = new Map<string, SpaceRec>();
	readonly assetGroups = new Map<string, AssetGroupRec>();
	readonly printers = new Map<string, PrinterRec>();
	readonly printTemplates = new Map<string, PrintTemplateRec>();
	readonly printJobs = new Map<string, PrintJobRec>();
	readonly consignments = new Map<string, ConsignmentRec>();
	readonly pieces = new Map<string, PieceRec>();
	/** nfcId -> who it is linked to now ('asset:<id>' or 'piece:<id>'). A label links to one item at a time. */
	readonly nfcOwners = new Map<string, string>();
	private nextBle: number;

	constructor(firstBleId: number) {
		this.nextBle = firstBleId;
	}

	allocateBleId(): number {
		return this.nextBle++;
	}

	addWorkspace(ws: WorkspaceRec): void {
		this.workspaces.set(ws.id, ws);
		this.workspaceOrder.push(ws.id);
		this.assetSequence.set(ws.id, []);
	}

	private sequence(workspaceId: string): SequenceEntry[] {
		const seq = this.assetSequence.get(workspaceId);
		if (!seq) throw new Error(`unknown workspace ${workspaceId}`);
		return seq;
	}

	addAsset(rec: AssetRec): void {
		this.sequence(rec.workspaceId).push(rec.id);
		this.assets.set(rec.id, rec);
		for (const p of rec.labels)
			if (p.removedOn === null) this.nfcOwners.set(p.nfcId, `asset:${rec.id}`);
	}

	addBulk(workspaceId: string, count: number, createdOn: number): BulkBlock {
		const block = new BulkBlock(this.blocks.length + 1, workspaceId, count, createdOn);
		this.sequence(workspaceId).push(block);
		this.blocks.push(block);
		return block;
	}

	findAsset(id: string): AssetRef | null {
		const rec = this.assets.get(id);
		if (rec) return { kind: 'rec', rec };
		const parsed = BulkBlock.parseId(id);
		if (!parsed) return null;
		const block = this.blocks[parsed.blockNo - 1];
		if (!block || !block.isLive(parsed.index) || block.idOf(parsed.index) !== id) return null;
		const mat = block.materialised.get(parsed.index);
		return mat ? { kind: 'rec', rec: mat } : { kind: 'bulk', block, index: parsed.index };
	}

	/** The full record of an asset, turning a bulk asset into one first (before changing it). */
	materialise(ref: AssetRef): AssetRec {
		if (ref.kind === 'rec') return ref.rec;
		const { block, index } = ref;
		const rec: AssetRec = {
			id: block.idOf(index),
			name: block.nameOf(index),
			workspaceId: block.workspaceId,
			createdOn: block.createdOn,
			labels: [],
			memberships: [],
		};
		block.materialised.set(index, rec);
		return rec;
	}

	deleteAsset(ref: AssetRef): void {
		const id = ref.kind === 'rec' ? ref.rec.id : ref.block.idOf(ref.index);
		if (ref.kind === 'rec') {
			for (const p of ref.rec.labels) if (p.removedOn === null) this.nfcOwners.delete(p.nfcId);
		}
		const parsed = BulkBlock.parseId(id);
		const block = parsed && !this.assets.has(id) ? this.blocks[parsed.blockNo - 1] : undefined;
		if (block && parsed) {
			block.markDeleted(parsed.index);
		} else {
			const seq = this.sequence(ref.kind === 'rec' ? ref.rec.workspaceId : ref.block.workspaceId);
			const at = seq.indexOf(id);
			if (at >= 0) seq.splice(at, 1);
			this.assets.delete(id);
		}
		for (const g of this.assetGroups.values())
			g.memberAssetIds = g.memberAssetIds.filter((m) => m !== id);
	}

	assetCount(workspaceId: string): number {
		let n = 0;
		for (const e of this.sequence(workspaceId)) n += typeof e === 'string' ? 1 : e.liveCount;
		return n;
	}

	/** Assets [offset, offset+limit) of a workspace in list order, without filters. */
	assetSlice(workspaceId: string, offset: number, limit: number): AssetRef[] {
		const out: AssetRef[] = [];
		let skip = offset;
		for (const e of this.sequence(workspaceId)) {
			if (out.length >= limit) break;
			if (typeof e === 'string') {
				if (skip > 0) skip--;
				else out.push({ kind: 'rec', rec: this.assets.get(e) as AssetRec });
				continue;
			}
			const live = e.liveCount;
			if (skip >= live) {
				skip -= live;
				continue;
			}
			for (let k = skip; k < live && out.length < limit; k++) {
				const index = e.liveIndexAt(k);
				const mat = e.materialised.get(index);
				out.push(mat ? { kind: 'rec', rec: mat } : { kind: 'bulk', block: e, index });
			}
			skip = 0;
		}
		return out;
	}

	/** Every asset of a workspace in list order; stop early by returning false. */
	forEachAsset(workspaceId: string, visit: (ref: AssetRef) => boolean | void): void {
		for (const e of this.sequence(workspaceId)) {
			if (typeof e === 'string') {
				if (visit({ kind: 'rec', rec: this.assets.get(e) as AssetRec }) === false) return;
				continue;
			}
			for (let index = 0; index < e.count; index++) {
				if (e.deleted.has(index)) continue;
				const mat = e.materialised.get(index);
				if (visit(mat ? { kind: 'rec', rec: mat } : { kind: 'bulk', block: e, index }) === false)
					return;
			}
		}
	}

	/** Full records of a workspace (regular and materialised bulk): the only ones with labels or spaces. */
	*records(workspaceId: string): Generator<AssetRec> {
		for (const e of this.sequence(workspaceId)) {
			if (typeof e === 'string') yield this.assets.get(e) as AssetRec;
			else yield* e.materialised.values();
		}
	}

	*allRecords(): Generator<AssetRec> {
		for (const ws of this.workspaceOrder) yield* this.records(ws);
	}
}
