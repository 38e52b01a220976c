import type { AssetTrackingClient } from '../../transport';
import type { ScopedAsset } from '../assets/types';
import type { TriggerConfig } from '../parameters/config';
import type { TriggerState } from '../state/model';
import { assets } from '../subjects/assets';
import type { AnyKind } from '../subjects/subject';
import type { Unit } from './plan';

/** A subject of the poll; `turn` its place in the rotation (departed assets: after every other). */
const unitOf = (kind: AnyKind, subject: { id: string }, turn = Number.POSITIVE_INFINITY): Unit => ({
	kind,
	subject,
	key: kind.key?.(subject.id) ?? `${kind.name}:${subject.id}`,
	turn,
	standing: { kept: true, lists: true, reads: true, departed: false, ...kind.standing?.(subject) },
});

/**
 * The subjects of a poll: each watched kind's list once, whichever families watch it, in the
 * order the families are registered (the assets first). A subject its kind would not keep (an
 * unlabelled asset) is read once more if the trigger was following it, for what happened before
 * (its readings from before its label was removed), and then let go.
 *
 * The rotation: every subject of every kind is a unit of one round, the kinds in that order, each
 * in its list's order. A poll starts at the unit where the last one stopped (the read it retries,
 * else the first it could not start) and goes round, so a poll cut short by the budget starves no
 * subject, whichever kind it is; a unit no longer listed starts the round from the top. Each unit
 * holds its place (`turn`); the assets come in that order, then those that left the watched spaces
 * (read once more by the families that follow departures).
 */
export async function listPoll(
	client: AssetTrackingClient,
	config: TriggerConfig,
	previous: TriggerState | null,
): Promise<Unit[]> {
	const listed: Unit[][] = [];
	for (const { kind, scope } of config.watched) {
		const subjects = (await kind.list(client, scope)) as Array<{ id: string }>;
		listed.push(
			subjects
				.map((subject) => unitOf(kind, subject))
				.filter((unit) => unit.standing.kept || previous?.assets.has(unit.subject.id)),
		);
	}
	const round = listed.flat();
	const first = previous?.retry ?? previous?.resume;
	const start = Math.max(first ? round.findIndex((unit) => unit.key === first) : -1, 0);
	round.forEach((unit, i) => (unit.turn = (i - start + round.length) % round.length));
	return config.watched.flatMap(({ kind }, i) => {
		if (kind !== assets) return listed[i];
		const stillListed = listed[i].map((unit) => unit.subject as ScopedAsset);
		return [
			...[...listed[i]].sort((a, b) => a.turn - b.turn),
			...departed(stillListed, previous, config).map((asset) => unitOf(assets, asset)),
		];
	});
}

/** Subjects of each kind listed for Fetch Test Event, and of those, how many are read. */
export const SAMPLE_LISTED = 100;
export const SAMPLE_READ = 5;

/**
 * The subjects Fetch Test Event reads: the first of each watched kind's list; for the assets, the
 * first few labelled ones (an unlabelled asset has no readings).
 */
export async function listSample(
	client: AssetTrackingClient,
	config: TriggerConfig,
): Promise<Unit[]> {
	const units: Unit[] = [];
	for (const { kind, scope } of config.watched) {
		const subjects = (await kind.list(client, scope, SAMPLE_LISTED)) as Array<{ id: string }>;
		const kept = subjects
			.map((s) => unitOf(kind, s, units.length))
			.filter((unit) => unit.standing.kept);
		units.push(...(kind === assets ? kept.slice(0, SAMPLE_READ) : kept));
	}
	return units;
}

/**
 * Assets a space scope followed that its list no longer holds: they left the watched spaces, and
 * families that follow departures (space exits) read them once more. Only assets the state knew
 * to be inside a space: one that was never in any is not worth a request.
 */
function departed(
	listed: ScopedAsset[],
	previous: TriggerState | null,
	config: TriggerConfig,
): ScopedAsset[] {
	if (config.scope.kind !== 'spaces' || previous === null) return [];
	const following = config.families
		.map(({ family }) => family)
		.filter((family) => family.followsDeparted);
	if (following.length === 0) return [];
	const stillListed = new Set(listed.map((asset) => asset.id));
	return [...previous.known]
		.filter((id) => !stillListed.has(id))
		.filter((id) => following.some((family) => previous.families.get(family.name)?.has(id)))
		.map((id) => ({ id, departed: true }));
}
