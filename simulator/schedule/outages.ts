// Printers going offline and back over time, and now and then saying nothing of it (isOnline
// left out, as the spec allows). A plan is the ground truth; the timeline plays it into the store.
import type { Rng } from '../prng';
import type { SimState } from '../state';
import type { PrinterRec } from '../store/model';

export interface PrinterPlan {
	printerId: string;
	name: string;
	workspaceId: string;
	/** When it appears in the workspace's list (epoch ms). */
	addedOn: number;
	/** Its isOnline from each time on, in time order, the first at addedOn (undefined: left out). */
	states: Array<{ at: number; isOnline: boolean | undefined }>;
}

export function schedulePrinter(state: SimState, plan: PrinterPlan): void {
	let printer: PrinterRec | undefined;
	state.timeline.schedule(plan.addedOn, () => {
		printer = {
			printerId: plan.printerId,
			name: plan.name,
			workspaceId: plan.workspaceId,
			isOnline: plan.states[0]?.isOnline,
			addedOn: plan.addedOn,
		};
		state.store.printers.set(printer.printerId, printer);
	});
	for (const { at, isOnline } of plan.states.slice(1)) {
		state.timeline.schedule(at, () => {
			if (printer) printer.isOnline = isOnline;
		});
	}
}

export interface OutageOptions {
	count: number;
	/** Printers exist from before `from`; a fifth are added during the run. */
	from: number;
	until: number;
}

const MINUTE = 60_000;
const SECOND = 1000;

/**
 * Random plans: online for 20 to 90 minutes, offline for 20 to 45, and about one stretch in eight
 * of 20 to 30 minutes with isOnline left out; every state lasts at least 20 minutes.
 */
export function planOutages(rng: Rng, workspaceId: string, options: OutageOptions): PrinterPlan[] {
	const plans: PrinterPlan[] = [];
	for (let n = 0; n < options.count; n++) {
		const later = n % 5 === 4;
		const addedOn = later
			? options.from +
				rng.int(10, Math.max(11, (options.until - options.from) / MINUTE - 30)) * MINUTE
			: options.from - rng.int(60, 600) * MINUTE;
		const states: PrinterPlan['states'] = [{ at: addedOn, isOnline: rng.int(1, 4) > 1 }];
		let at = options.from + rng.int(5 * 60, 40 * 60) * SECOND;
		let online = states[0].isOnline === true;
		while (at < options.until) {
			if (at > addedOn) {
				if (rng.int(1, 8) === 1) {
					states.push({ at, isOnline: undefined });
					at += rng.int(20 * 60, 30 * 60) * SECOND;
				}
				online = !online;
				states.push({ at, isOnline: online });
			}
			at += (online ? rng.int(20 * 60, 90 * 60) : rng.int(20 * 60, 45 * 60)) * SECOND;
		}
		plans.push({
			printerId: `ZT610${String(100_000_000 + rng.int(0, 899_999_999))}`,
			name: `Label printer ${n + 1}`,
			workspaceId,
			addedOn,
			states,
		});
	}
	return plans;
}
