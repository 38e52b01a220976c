// The series of a move between two spaces with Profiles by Space, shared by the summary's test
// (test/actions/summaryProfiles.test.ts, where its figures are worked out by hand) and the
// report's (test/actions/reportPdf.test.ts), as test/trigger/coldChain.test.ts runs it through the
// trigger: a box at −20 °C in the freezer, −12 °C from 14:00 (above the freezer's −15 °C), moved
// to the chilled room at 14:30 (where −12 °C is below its 2 °C), 5 °C from 14:50.
import type { INodeParameters } from 'n8n-workflow';

import type { Simulator } from '../../simulator';
import { byId } from './helpers';

const MINUTE = 60_000;

export const at = (hhmm: string) => Date.parse(`2026-03-02T${hhmm}:00Z`);
/** When the simulator starts: the box is made then, in the freezer. */
export const START = at('13:50');
export const FREEZER = { maxTemperature: -15, minTemperature: -25, budgetMinutes: 60 };
export const CHILLED_ROOM = { maxTemperature: 8, minTemperature: 2, budgetMinutes: 120 };

/**
 * The box made, moved at 14:30 and the clock at 15:30; its id, the two spaces and the profiles
 * of both as Summary Options take them. `others` adds assets to the chilled room first.
 */
export function profiledMove(
	sim: Simulator,
	others: (ws: string, chilled: string) => void = () => {},
) {
	const ws = sim.seed.workspaceId;
	const freezer = sim.seed.freezerSpaceId;
	const chilled = sim.spacesOf(ws).find((s) => s.name === 'Cold Room "A"')!.id;
	const [box] = sim.addLabelledAssets(ws, 1, {
		inSpaceIds: [freezer],
		name: 'Vaccine box 9',
		temperatureScript: [
			{ from: at('14:00'), until: at('14:50'), celsius: -12 },
			{ from: at('14:50'), until: at('16:00'), celsius: 5 },
			{ from: at('13:00'), until: at('16:00'), celsius: -20 },
		],
	});
	others(ws, chilled);
	sim.clock.advance(40 * MINUTE);
	sim.moveAsset(box, [chilled]);
	sim.clock.advance(60 * MINUTE);
	const spaceProfiles: INodeParameters = {
		profile: [
			{ spaceId: byId(freezer), ...FREEZER },
			{ spaceId: byId(chilled), ...CHILLED_ROOM },
		],
	};
	return { ws, box, freezer, chilled, spaceProfiles };
}
