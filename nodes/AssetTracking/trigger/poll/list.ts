import type { AssetTrackingClient } from '../../transport';
import type { ScopedAsset } from '../assets/types';
import type { TriggerConfig } from '../parameters/config';
import type { TriggerState } from '../state/model';
import { assets } from '../subjects/assets';
import { keyOf, type AnyKind } from '../subjects/subject';
import type { Unit } from './plan';
import { rotation } from './rotation';

const unitOf = (kind: AnyKind, subject: { id: string }): Unit => ({
	kind,
	subject,
	key: keyOf(kind, subject.id),
});

/**
 * The subjects of a poll: each watched kind's list once, whichever families watch it, in the
 * order the families are registered (the assets first). A subject its kind would not keep (an
 * unlabelled asset) is read once more if the trigger was following it, for what happened before
 * (its readings from before its label was removed), and then let go. The poll reads them in one
 * rotation from where the last poll stopped (`position`); the assets come in that order, followed
 * by those that left the watched spaces (`departed`).
 */
export async function listPoll(
	client: AssetTrackingClient,
	config: TriggerConfig,
	previous: TriggerState | null,
): Promise<{ units: Unit[]; position: Map<string, number> }> {
	const listed: Unit[][] = [];
	for (const { kind, scope } of config.watched) {
		const subjects = (await kind.list(client, scope)) as Array<{ id: string }>;
		listed.push(
			subjects
				.filter((s) => (kind.keeps?.(s) ?? true) || previous?.assets.has(s.id))
				.map((s) => unitOf(kind, s)),
		);
	}
	const position = rotation(
		listed.flat().map((unit) => unit.key),
		previous?.retry ?? previous?.resume,
	);
	const at = (unit: Unit) => position.get(unit.key) ?? 0;
	const units = config.watched.flatMap(({ kind }, i) => {
		const ofKind = listed[i];
		if (kind !== assets) return ofKind;
		const stillListed = ofKind.map((unit) => unit.subject as ScopedAsset);
		return [
			...[...ofKind].sort((a, b) => at(a) - at(b)),
			...departed(stillListed, previous, config).map((asset) => unitOf(assets, asset)),
		];
	});
	return { units, position };
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
		const kept = subjects.filter((s) => kind.keeps?.(s) ?? true);
		units.push(
			...(kind === assets ? kept.slice(0, SAMPLE_READ) : kept).map((s) => unitOf(kind, s)),
		);
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
