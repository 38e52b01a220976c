import type { INodeProperties } from 'n8n-workflow';

import { DEFAULT_ACTIVATION_ENERGY_KJ } from '../coldChain/mkt';
import type { SummaryRule } from '../coldChain/summary';
import {
	BOUND_FIELDS,
	BUDGET_LABEL,
	DEFAULT_BUDGET_MINUTES,
	MAX_BUDGET_MINUTES,
	profilesProperty,
	rangeFields,
	readSpaceProfiles,
} from '../helpers/spaceProfiles';
import { rules } from '../helpers/validation';
import { spacePicker } from '../pickers';
import type { ParamReader } from './params';
import { nodeVersion } from './simplify';
import { AUDIT_SINCE } from './summaryPeriod';

const MINUTE = 60_000;
const TEMPERATURE = rules.number(-100, 500);
const BUDGET = rules.number(1, MAX_BUDGET_MINUTES);
/** Options of the audit record alone (node version 4): earlier summaries keep their output. */
const sinceAudit = { show: { '@version': [{ _cnd: { gte: AUDIT_SINCE } }] } };

/**
 * Node version 5: Alert Above and Alert Below are on the node, as the trigger has them, no longer
 * in Summary Options (Get Temperature Summary and Create Temperature Report, whose rule is one).
 * Workflows saved with versions 1 to 4 keep them in Summary Options, where they hold them. The
 * version and the parameters it moves are declared here alone.
 */
const BOUNDS_ON_NODE_SINCE = 5;
const boundsOnNode = { show: { '@version': [{ _cnd: { gte: BOUNDS_ON_NODE_SINCE } }] } };
const boundsInOptions = { show: { '@version': [{ _cnd: { lt: BOUNDS_ON_NODE_SINCE } }] } };
const ABOVE_WORDS = 'Readings above it are minutes above, and excursions above it are counted';
const BELOW_WORDS = 'Readings below it are minutes below, and excursions below it are counted';

/**
 * Profiles by Space, as the trigger's option of that name: bounds and a Stability Budget per
 * space, a reading judged by the profile of the space the asset was in at its timestamp.
 */
const spaceProfiles = profilesProperty(
	spacePicker.locator('The space whose readings this profile judges'),
	"Bounds and budget per space, as the trigger's: a reading is judged by the profile of the space the asset was in at the reading's time (its space history); a reading in no listed space by Alert Above, Alert Below and Stability Budget",
	rangeFields('this space'),
	sinceAudit,
);

/** The bounds (before version 5), the excursion rule and the activation energy a summary judges readings by. */
const summaryOptions: INodeProperties = {
	displayName: 'Summary Options',
	name: 'summaryOptions',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [
		{
			displayName: 'Activation Energy (kJ/mol)',
			name: 'activationEnergy',
			type: 'number',
			typeOptions: { minValue: 1, numberPrecision: 3 },
			default: 83.144,
			description:
				'ΔH of the mean kinetic temperature: 83.144 kJ/mol is USP &lt;1160&gt;’s, so ΔH/R is 10,000 K (R = 8.3144 J/(mol·K))',
		},
		{ ...BOUND_FIELDS.maxTemperature, description: ABOVE_WORDS, displayOptions: boundsInOptions },
		{ ...BOUND_FIELDS.minTemperature, description: BELOW_WORDS, displayOptions: boundsInOptions },
		{
			displayName: 'Hysteresis (°C)',
			name: 'hysteresis',
			type: 'number',
			typeOptions: { minValue: 0, numberPrecision: 1 },
			default: 0.5,
			description:
				"How far back inside the bound a temperature must come to end an excursion, as the trigger's excursions",
		},
		{
			displayName: 'Minimum Duration (Minutes)',
			name: 'excursionMinutes',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 10,
			description:
				"How long a temperature must stay beyond a bound to count as an excursion, as the trigger's excursions",
		},
		spaceProfiles,
		{
			displayName: BUDGET_LABEL,
			name: 'budgetMinutes',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: DEFAULT_BUDGET_MINUTES,
			description:
				"The minutes out of range the period may use, as the trigger's Stability Budget: every reading beyond Alert Above or Below uses one. The summary then says the budget used; Profiles by Space give one per space (this one, or 120, for readings in no listed space).",
			displayOptions: sinceAudit,
		},
	],
};

/**
 * The rule's parameters of an operation that judges readings: Alert Above and Alert Below on the
 * node (from version 5), then Summary Options.
 */
export const summaryRuleFields: INodeProperties[] = [
	{ ...BOUND_FIELDS.maxTemperature, description: ABOVE_WORDS, displayOptions: boundsOnNode },
	{ ...BOUND_FIELDS.minTemperature, description: BELOW_WORDS, displayOptions: boundsOnNode },
	summaryOptions,
];

/**
 * The summary's bounds, excursion rule and activation energy, checked before anything is sent.
 * An option not added takes its default; one added whose expression yields nothing is an error
 * naming it (ParamReader.fromCollection).
 */
export function readRule(p: ParamReader): SummaryRule {
	const option = (name: string, rule: ReturnType<typeof rules.number>, fallback: number) =>
		p.fromCollection<number>('summaryOptions', name, rule) ?? fallback;
	// Alert Above and Below: on the node from version 5, in Summary Options before.
	const onNode = nodeVersion(p) >= BOUNDS_ON_NODE_SINCE;
	const bound = (name: string, fallback: number) =>
		onNode ? p.required<number>(name, TEMPERATURE) : option(name, TEMPERATURE, fallback);
	const boundLabel = (name: string) =>
		onNode ? p.label(name) : p.collectionLabel('summaryOptions', name);
	const above = bound('maxTemperature', 8);
	const below = bound('minTemperature', 2);
	p.check(boundLabel('minTemperature'), below, {
		describe: `below ${boundLabel('maxTemperature')} (${above})`,
		test: () => below < above,
	});
	const rule: SummaryRule = {
		excursion: {
			above,
			below,
			minimumMs: option('excursionMinutes', rules.number(0, 525_600), 10) * MINUTE,
			hysteresis: option('hysteresis', rules.number(0, 100), 0.5),
		},
		activationEnergyKj: option(
			'activationEnergy',
			rules.number(1, 1000),
			DEFAULT_ACTIVATION_ENERGY_KJ,
		),
	};
	if (nodeVersion(p) < AUDIT_SINCE) return rule;
	// A budget when one is set, or profiles (each has one): the trigger's 120 minutes elsewhere.
	const entries = p.collection('summaryOptions').spaceProfiles;
	const profiles = readSpaceProfiles(p.ctx.getNode(), entries, p.itemIndex);
	const budget = p.fromCollection<number>('summaryOptions', 'budgetMinutes', BUDGET);
	if (profiles.size > 0) rule.profiles = profiles;
	if (budget !== undefined || rule.profiles) rule.budgetMinutes = budget ?? DEFAULT_BUDGET_MINUTES;
	return rule;
}

/** The rule as an audit record names it: the Summary Options' own names and units. */
export const ruleFields = (rule: SummaryRule) => ({
	maxTemperature: rule.excursion.above,
	minTemperature: rule.excursion.below,
	hysteresis: rule.excursion.hysteresis,
	excursionMinutes: rule.excursion.minimumMs / MINUTE,
	activationEnergy: rule.activationEnergyKj,
});
