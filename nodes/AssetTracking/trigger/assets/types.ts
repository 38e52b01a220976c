import type { IDataObject } from 'n8n-workflow';

import * as api from '../../api';

/** The two kinds of reading the trigger watches, as they appear in the output's `event` field. */
export type ReadingKind = 'temperature' | 'location';

/** The two kinds of reading list, in the order the saved state lists them. */
export const KINDS: ReadingKind[] = ['temperature', 'location'];

/** The list each kind of reading is read from. */
export const READING_ENDPOINTS: Record<ReadingKind, api.Endpoint> = {
	temperature: api.getAssetTemperatureHistory,
	location: api.getAssetLocationHistory,
};

/** One asset of the scope, with what the output items need to name it. */
export interface ScopedAsset {
	id: string;
	name?: string;
	bleId?: number;
	nfcId?: string;
	/**
	 * Whether the service listed the asset with a label. Assets listed without one produce no
	 * readings and are only queried once more if the trigger was following them.
	 * Undefined when the asset was not listed (Specific Assets scope): always queried.
	 */
	labelled?: boolean;
	/** Readings the asset list embedded in the asset, per kind (see hint.ts). */
	embedded?: Partial<Record<ReadingKind, Reading[]>>;
	/** The asset's space memberships as the asset list embedded them; undefined when not listed. */
	inSpaces?: IDataObject[];
	/**
	 * The asset as the service listed it (or its own record), every field: a family that needs a
	 * field the decoding does not name (when the asset was created, say) reads it here, with a check
	 * of its own, and no decoding changes. Undefined when the asset was not listed.
	 */
	record?: IDataObject;
	/** It left the watched spaces since the last poll: read once more, then let go. */
	departed?: boolean;
}

/** A reading as the service sent it, with its timestamp parsed to epoch milliseconds. */
export interface Reading {
	ts: number;
	item: IDataObject;
}

/** What earlier polls learnt about one kind's lists. */
export interface PageHint {
	/** 'n' newest first, 'o' oldest first, 'u' unordered; undefined when not known. */
	order?: string;
	/** Most new readings one asset had in the last poll. */
	newest?: number;
	/** How far the asset list's embedded readings are trusted (see hint.ts). */
	trust?: number;
}

/** The assets a poll watches (the Watch parameter): a workspace's, its spaces', or the ones given. */
export type Scope =
	| { kind: 'workspace'; workspaceId: string }
	| { kind: 'spaces'; workspaceId: string; spaceIds: string[] }
	| { kind: 'assets'; assetIds: string[] };
