import { arrivals } from './arrivals';
import { completions } from './completions';
import { consignmentActivity } from './consignmentActivity';
import { excursions } from './excursions';
import { facilities } from './facilities';
import { groupAvailability } from './groupAvailability';
import { pieceMovements } from './pieceMovements';
import { printerStatus } from './printerStatus';
import { readings } from './readings';
import { silence } from './silence';
import { spaces } from './spaces';
import type { Family } from '../subjects/subject';

/** Every event family the trigger knows, in the order its items and options are listed. */
export const FAMILIES: readonly Family[] = [
	readings,
	excursions,
	spaces,
	facilities,
	silence,
	consignmentActivity,
	pieceMovements,
	arrivals,
	completions,
	groupAvailability,
	printerStatus,
];
