// Compact storage for bulk, unlabelled assets (benchmarks add 1,000,000). A block stores only
// its size and the few assets that were later deleted or changed; every other asset is derived
// from (block number, index), so a million assets cost a few hundred bytes.
import { iso } from '../time';
import type { AssetRec } from './model';

const BULK_ID_RE = /^bk(\d{1,6})x(\d{1,9})$/;

export class BulkBlock {
	readonly deleted = new Set<number>();
	/** Assets that were changed (renamed, labelled, put in a space) live as full records. */
	readonly materialised = new Map<number, AssetRec>();
	private sortedDeleted: number[] | null = [];
	/** Formatted once: every asset of the block shares it, and lists of 10,000 must be fast. */
	readonly createdOnIso: string;

	constructor(
		readonly blockNo: number,
		readonly workspaceId: string,
		readonly count: number,
		readonly createdOn: number,
	) {
		this.createdOnIso = iso(createdOn);
	}

	idOf(index: number): string {
		return `bk${this.blockNo}x${index}`;
	}

	nameOf(index: number): string {
		return `Bulk asset ${this.blockNo}-${index}`;
	}

	get liveCount(): number {
		return this.count - this.deleted.size;
	}

	isLive(index: number): boolean {
		return index >= 0 && index < this.count && !this.deleted.has(index);
	}

	markDeleted(index: number): void {
		this.deleted.add(index);
		this.materialised.delete(index);
		this.sortedDeleted = null;
	}

	/** Index of the k-th live asset (0-based), skipping deleted ones. */
	liveIndexAt(k: number): number {
		if (this.deleted.size === 0) return k;
		if (!this.sortedDeleted) this.sortedDeleted = [...this.deleted].sort((a, b) => a - b);
		let index = k;
		for (const d of this.sortedDeleted) {
			if (d <= index) index++;
			else break;
		}
		return index;
	}

	static parseId(id: string): { blockNo: number; index: number } | null {
		const m = BULK_ID_RE.exec(id);
		return m ? { blockNo: Number(m[1]), index: Number(m[2]) } : null;
	}
}
