import type { INodeProperties } from 'n8n-workflow';

import { DEFAULT_ACTIVATION_ENERGY_KJ } from '../coldChain/mkt';
import type { SummaryRule } from '../coldChain/summary';
import { rules } from '../helpers/validation';
import type { ParamReader } from './params';

const MINUTE = 60_000;

/** The bounds, the excursion rule and the activation energy a summary judges readings by. */
export const summaryOptions: INodeProperties = {
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
		{
			displayName: 'Alert Above (°C)',
			name: 'maxTemperature',
			type: 'number',
			typeOptions: { numberPrecision: 1 },
			default: 8,
			description: 'Readings above it are minutes above, and excursions above it are counted',
		},
		{
			displayName: 'Alert Below (°C)',
			name: 'minTemperature',
			type: 'number',
			typeOptions: { numberPrecision: 1 },
			default: 2,
			description: 'Readings below it are minutes below, and excursions below it are counted',
		},
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
	],
};

/**
 * The summary's bounds, excursion rule and activation energy, checked before anything is sent.
 * An option not added takes its default; one added whose expression yields nothing is an error
 * naming it (ParamReader.fromCollection).
 */
export function readRule(p: ParamReader): SummaryRule {
	const option = (name: string, rule: ReturnType<typeof rules.number>, fallback: number) =>
		p.fromCollection<number>('summaryOptions', name, rule) ?? fallback;
	const above = option('maxTemperature', rules.number(-100, 500), 8);
	const below = option('minTemperature', rules.number(-100, 500), 2);
	p.check(p.collectionLabel('summaryOptions', 'minTemperature'), below, {
		describe: `below ${p.collectionLabel('summaryOptions', 'maxTemperature')} (${above})`,
		test: () => below < above,
	});
	return {
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
}

/** The rule as an audit record names it: the Summary Options' own names and units. */
export const ruleFields = (rule: SummaryRule) => ({
	maxTemperature: rule.excursion.above,
	minTemperature: rule.excursion.below,
	hysteresis: rule.excursion.hysteresis,
	excursionMinutes: rule.excursion.minimumMs / MINUTE,
	activationEnergy: rule.activationEnergyKj,
});
