// Asset groups whose counts cross their thresholds over time: a group's member assets (unlabelled)
// enter and leave a space of the group's facility, so its count (members present in the facility)
// goes above and below its availability threshold. A plan is the ground truth; the timeline plays
// the moves into the store (the count is derived from the memberships, as for every group).
import type { Rng } from '../prng';
import type { SimState } from '../state';
import type { AssetGroupRec, AssetRec, MembershipRec } from '../store/model';

export interface GroupPlan {
	id: string;
	name: string;
	workspaceId: string;
	facilityId: string;
	/** The space of the facility its members enter and leave. */
	spaceId: string;
	/** undefined: the service's default (3). */
	availabilityThreshold?: number;
	memberIds: string[];
	/** When it appears in its facility's list (epoch ms). */
	createdAt: number;
	/** How many members are present from each time on, in time order, the first at createdAt. */
	counts: Array<{ at: number; count: number }>;
}

export function scheduleGroup(state: SimState, plan: GroupPlan): void {
	const { store, timeline } = state;
	const space = store.spaces.get(plan.spaceId);
	if (!space) throw new Error(`no space ${plan.spaceId}`);
	const members: AssetRec[] = plan.memberIds.map((id, i) => ({
		id,
		name: `${plan.name} item ${i + 1}`,
		workspaceId: plan.workspaceId,
		createdOn: plan.createdAt - 60_000,
		labels: [],
		memberships: [],
	}));
	for (const member of members) store.addAsset(member);
	const setCount = (at: number, count: number) => {
		members.forEach((member, i) => {
			const open = member.memberships.find((m: MembershipRec) => m.exitedOn === null);
			if (i < count && !open)
				member.memberships.push({
					spaceId: space.id,
					spaceName: space.name,
					enteredOn: at,
					exitedOn: null,
				});
			if (i >= count && open) open.exitedOn = at;
		});
	};
	timeline.schedule(plan.createdAt, () => {
		setCount(plan.createdAt, plan.counts[0].count);
		const group: AssetGroupRec = {
			id: plan.id,
			name: plan.name,
			workspaceId: plan.workspaceId,
			facilityId: plan.facilityId,
			memberAssetIds: [...plan.memberIds],
		};
		if (plan.availabilityThreshold !== undefined)
			group.availabilityThreshold = plan.availabilityThreshold;
		store.assetGroups.set(group.id, group);
	});
	for (const { at, count } of plan.counts.slice(1))
		timeline.schedule(at, () => setCount(at, count));
}

export interface SwingOptions {
	/** How many groups; a fifth of them are created during the run. */
	count: number;
	/** Facilities with a space each: groups are spread over them. */
	places: Array<{ facilityId: string; spaceId: string }>;
	from: number;
	until: number;
}

const SECOND = 1000;

/**
 * Random plans: thresholds of 2 to 4 (a quarter left to the service's default of 3), two members
 * more than the threshold, and every 30 to 90 minutes the count goes to one below or one above the
 * threshold (the availability flips), sometimes moving by one within a side first; every count
 * lasts at least 30 minutes.
 */
export function planSwings(
	rng: Rng,
	ids: Rng,
	workspaceId: string,
	options: SwingOptions,
): GroupPlan[] {
	const plans: GroupPlan[] = [];
	for (let n = 0; n < options.count; n++) {
		const place = options.places[n % options.places.length];
		const threshold = rng.int(1, 4) === 1 ? undefined : rng.int(2, 4);
		const effective = threshold ?? 3;
		const later = n % 5 === 4;
		const createdAt = later
			? options.from +
				rng.int(10 * 60, Math.max(601, (options.until - options.from) / SECOND - 3600)) * SECOND
			: options.from - rng.int(60, 600) * 60 * SECOND;
		let available = rng.int(0, 1) === 1;
		const counts = [{ at: createdAt, count: available ? effective + 1 : effective - 1 }];
		let at = Math.max(
			createdAt + 30 * 60 * SECOND,
			options.from + rng.int(10 * 60, 60 * 60) * SECOND,
		);
		while (at < options.until) {
			if (rng.int(1, 3) === 1) {
				// A move within the side: the count changes, the availability does not.
				counts.push({ at, count: available ? effective + 2 : Math.max(0, effective - 2) });
				at += rng.int(30 * 60, 60 * 60) * SECOND;
			}
			available = !available;
			counts.push({ at, count: available ? effective + 1 : effective - 1 });
			at += rng.int(30 * 60, 90 * 60) * SECOND;
		}
		plans.push({
			id: `ag-swing-${n + 1}-${ids.alnum(6)}`,
			name: `Wheelchairs ${n + 1}`,
			workspaceId,
			facilityId: place.facilityId,
			spaceId: place.spaceId,
			availabilityThreshold: threshold,
			memberIds: Array.from({ length: effective + 2 }, () => ids.alnum(20)),
			createdAt,
			counts,
		});
	}
	return plans;
}
