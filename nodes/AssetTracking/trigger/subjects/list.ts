import type { AssetTrackingClient } from '../../transport';
import type { TriggerConfig } from '../parameters/config';
import type { Subject } from './subject';

/**
 * The subjects a poll watches besides assets: each kind the chosen events watch is listed once,
 * whichever families use it, in the order the families are registered; within a kind, in the
 * service's order. At most `limit` per kind when given (Fetch Test Event).
 */
export async function listWatched(
	client: AssetTrackingClient,
	config: TriggerConfig,
	limit?: number,
): Promise<Subject[]> {
	const subjects: Subject[] = [];
	for (const { kind, scope } of config.subjects)
		subjects.push(...(await kind.list(client, scope, limit)));
	return subjects;
}
