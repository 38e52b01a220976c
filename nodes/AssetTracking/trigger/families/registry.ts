import { alarms } from './alarms';
import { arrivals } from './arrivals';
import { assetDwell } from './assetDwell';
import { completions } from './completions';
import { consignmentActivations, consignmentDeactivations } from './consignmentActivity';
import { excursions } from './excursions';
import { facilities } from './facilities';
import { groupAvailability } from './groupAvailability';
import { overdue } from './overdue';
import { pieceDwell } from './pieceDwell';
import { pieceMovements } from './pieceMovements';
import { printerStatus } from './printerStatus';
import { readings } from './readings';
import { silence } from './silence';
import { spaces } from './spaces';
import { stabilityBudget } from './stabilityBudget';
import type { AnyFamily } from './family';

/** Versions 1 and 2's readings, for their Fetch Test Event: the poll knows families only from here and family.ts. */
export { legacyReadings } from './readings';

/**
 * Every event family the trigger knows, in the order its items and options are listed: the
 * Events list's lifecycle order (the asset events, then a shipment's from activation to
 * deactivation, then stock and printers). Two families may emit one event (assetDwell and
 * pieceDwell: dwellExceeded): the Events list and Fetch Test Event show it once.
 */
export const FAMILIES: readonly AnyFamily[] = [
	readings,
	excursions,
	spaces,
	facilities,
	assetDwell,
	silence,
	stabilityBudget,
	alarms,
	consignmentActivations,
	pieceMovements,
	pieceDwell,
	arrivals,
	completions,
	overdue,
	consignmentDeactivations,
	groupAvailability,
	printerStatus,
];
