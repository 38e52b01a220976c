import { excursions } from './excursions';
import { facilities } from './facilities';
import type { AnyFamily } from './family';
import { readings } from './readings';
import { silence } from './silence';
import { spaces } from './spaces';
import { stabilityBudget } from './stabilityBudget';

/** Every event family the trigger knows, in the order its items and options are listed. */
export const FAMILIES: readonly AnyFamily[] = [
	readings,
	excursions,
	spaces,
	facilities,
	silence,
	stabilityBudget,
];
