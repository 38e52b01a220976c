import type { IDataObject, INodeProperties } from 'n8n-workflow';

import * as api from '../../api';
import { rules } from '../../helpers/validation';
import { assetPicker, pickerWorkspaceLocator, spacePicker, workspacePicker } from '../../pickers';
import type { ParamReader } from '../params';
import type { Period } from '../summaryPeriod';
import { spaceHistoryOf } from '../temperatureSummary';
import type { ListPages } from '../types';
import { stayedIn } from './stays';

/** The most assets one report covers: a report of more is a book, not a document to file. */
export const MAX_ASSETS = 200;

const SCOPES = ['asset', 'assets', 'spaces', 'workspace'] as const;
type ScopeKind = (typeof SCOPES)[number];

/** Several assets or spaces, each from the workspace's list or by ID, as the trigger's Watch has. */
const pickedList = (
	displayName: string,
	name: string,
	entry: string,
	field: INodeProperties,
	scope: ScopeKind,
	description: string,
): INodeProperties => ({
	displayName,
	name,
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: `Add ${entry[0].toUpperCase()}${entry.slice(1)}`,
	default: {},
	required: true,
	description,
	displayOptions: { show: { scope: [scope] } },
	options: [{ displayName: field.displayName, name: entry, values: [{ ...field, name: 'id' }] }],
});

export const scopeFields: INodeProperties[] = [
	{
		displayName: 'Covers',
		name: 'scope',
		type: 'options',
		noDataExpression: true,
		default: 'asset',
		description: 'The assets the report covers, each with its own pages',
		options: [
			{ name: 'One Asset', value: 'asset', description: 'The chosen asset' },
			{ name: 'Specific Assets', value: 'assets', description: 'The chosen assets' },
			{
				name: 'Assets in Spaces',
				value: 'spaces',
				description:
					'Every labelled asset that was in any of the chosen spaces at any time of the period, those that have left included',
			},
			{
				name: 'All Assets in a Workspace',
				value: 'workspace',
				description: 'Every labelled asset of the workspace',
			},
		],
	},
	{
		...workspacePicker.locator('The workspace whose assets the report covers'),
		displayOptions: { show: { scope: ['spaces', 'workspace'] } },
	},
	{
		...pickerWorkspaceLocator('assets'),
		displayOptions: { show: { scope: ['asset', 'assets'] } },
	},
	{
		...assetPicker.locator('The asset the report covers'),
		displayOptions: { show: { scope: ['asset'] } },
	},
	pickedList(
		'Assets',
		'assetIds',
		'asset',
		assetPicker.locator(),
		'assets',
		'The assets the report covers',
	),
	pickedList(
		'Spaces',
		'spaceIds',
		'space',
		spacePicker.locator(),
		'spaces',
		'The spaces whose labelled assets the report covers: every one that was in them at any time of the period, those that have left included',
	),
];

export interface CoveredAsset {
	id: string;
	name?: string;
}

export interface Covered {
	scope: ScopeKind;
	/** What it covers, in words, for the cover page. */
	words: string;
	workspaceId?: string;
	assets: CoveredAsset[];
}

const ID = rules.id(20);

/** The picked IDs of a list of pickers (an expression may give several, comma-separated or an array). */
function pickedIds(p: ParamReader, name: string, entry: string): string[] {
	const entries = p.collection(name)[entry];
	const ids = (Array.isArray(entries) ? (entries as IDataObject[]) : [])
		.flatMap((picked) => {
			const id = picked?.id;
			const value =
				id && typeof id === 'object' && !Array.isArray(id) ? (id as IDataObject).value : id;
			return [value].flat();
		})
		.flatMap((value) => String(value ?? '').split(','))
		.map((id) => id.trim())
		.filter((id) => id !== '');
	const label = p.label(name);
	p.check(label, ids.join(','), { describe: 'at least one ID', test: () => ids.length > 0 });
	p.check(label, ids.length, {
		describe: `at most ${MAX_ASSETS} IDs`,
		test: () => ids.length <= MAX_ASSETS,
	});
	for (const id of ids) p.check(label, id, ID);
	return [...new Set(ids)];
}

/** The scope's parameters, checked before anything is sent. */
export function readScope(p: ParamReader): Omit<Covered, 'assets'> & { ids: string[] } {
	const scope = p.required<ScopeKind>('scope', rules.oneOf([...SCOPES]));
	if (scope === 'asset') {
		const id = p.required('assetId', ID);
		return { scope, words: `asset ${id}`, ids: [id] };
	}
	if (scope === 'assets') {
		const ids = pickedIds(p, 'assetIds', 'asset');
		return { scope, words: `assets ${ids.join(', ')}`, ids };
	}
	const workspaceId = p.required('workspaceId', rules.uuid());
	if (scope === 'spaces') {
		const ids = pickedIds(p, 'spaceIds', 'space');
		return { scope, words: `labelled assets in spaces ${ids.join(', ')}`, workspaceId, ids };
	}
	return { scope, words: 'every labelled asset of the workspace', workspaceId, ids: [] };
}

/** Every space's name of a workspace (its space list, read once) into `names`. */
export async function readSpaceNames(
	pages: ListPages,
	workspaceId: string,
	names: Map<string, string>,
): Promise<void> {
	for await (const items of pages(api.listSpaces, { pathParams: { workspaceId } })) {
		for (const space of items) {
			// The spec names a space's fields spaceId/spaceName, the OpenAPI id/name: either.
			const id = space?.id ?? space?.spaceId;
			const name = space?.name ?? space?.spaceName;
			if (typeof id === 'string' && typeof name === 'string') names.set(id, name);
		}
	}
}

/**
 * What the report covers, in words for its cover, the chosen spaces by name: the workspace's
 * space list read once (`names` gets every space's name, for the profiles' too). A chosen space
 * the list does not hold keeps its ID, marked unknown.
 */
export async function coverWords(
	pages: ListPages,
	scope: ReturnType<typeof readScope>,
	names: Map<string, string>,
): Promise<string> {
	if (scope.scope !== 'spaces') return scope.words;
	await readSpaceNames(pages, scope.workspaceId!, names);
	const named = scope.ids.map((id) => names.get(id) ?? `${id} (unknown space)`);
	return `labelled assets that were in ${named.length === 1 ? 'space' : 'spaces'} ${named.join(', ')} at any time of the period`;
}

/**
 * The assets a report covers: the chosen ones as given, or the workspace's labelled assets, each
 * once, at most MAX_ASSETS. For spaces, those that were in any of them at any moment of the
 * period, those that have left since included: their space memberships (the list's inSpaces,
 * exited ones among them) say so, or, for an asset listed without them, its space history. The
 * service's inSpaceIds filter keeps only the assets in them now, so it is not used.
 */
export async function coveredAssets(
	p: ParamReader,
	pages: ListPages,
	scope: ReturnType<typeof readScope>,
	period: Period,
): Promise<CoveredAsset[]> {
	if (scope.scope === 'asset' || scope.scope === 'assets') return scope.ids.map((id) => ({ id }));
	const found = new Map<string, CoveredAsset>();
	const chosen = new Set(scope.ids);
	for await (const items of pages(api.listAssets, {
		pathParams: { workspaceId: scope.workspaceId! },
	})) {
		for (const item of items) {
			if (typeof item?.id !== 'string' || !item.label || typeof item.label !== 'object') continue;
			if (scope.scope === 'spaces') {
				const memberships = Array.isArray(item.inSpaces)
					? item.inSpaces
					: await spaceHistoryOf(pages, item.id);
				if (!stayedIn(memberships, chosen, period)) continue;
			}
			found.set(item.id, {
				id: item.id,
				name: typeof item.name === 'string' ? item.name : undefined,
			});
			p.check(p.label('scope'), scope.words, {
				describe: `at most ${MAX_ASSETS} assets (it covers more): choose spaces or assets`,
				test: () => found.size <= MAX_ASSETS,
			});
		}
	}
	return [...found.values()];
}
