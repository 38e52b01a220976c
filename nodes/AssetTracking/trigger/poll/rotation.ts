import type { Task } from './plan';

/**
 * The poll's reading order. Every asset and every other subject is a unit of the rotation: the
 * assets in their list's order, then each kind's subjects in theirs. A poll starts at the unit
 * where the last one stopped (`first`: the read it retries, else the first it could not start)
 * and goes round, so a poll cut short by the budget starves no asset and no subject, whichever
 * kind it is. A unit no longer listed starts the round from the top.
 */
export function rotation(units: string[], first: string | null | undefined): Map<string, number> {
	const at = first ? units.indexOf(first) : -1;
	const start = Math.max(at, 0);
	const position = new Map<string, number>();
	units.forEach((unit, i) => position.set(unit, (i - start + units.length) % units.length));
	return position;
}

/** The tasks in rotation order (stable: a unit's tasks keep theirs; units not in it go last). */
export function inRotation(tasks: Task[], position: Map<string, number>): Task[] {
	const at = (task: Task) => position.get(task.unit.key) ?? Number.POSITIVE_INFINITY;
	return tasks
		.map((task, i) => ({ task, i }))
		.sort((a, b) => at(a.task) - at(b.task) || a.i - b.i)
		.map(({ task }) => task);
}
