import type { IDataObject } from 'n8n-workflow';

import * as api from '../../api';
import { nodeVersion } from '../simplify';
import { defineOperation } from '../types';
import { assetIdParam, oneAssetFields } from './common';
import { AUDIT_SINCE, periodFields, readPeriod } from '../summaryPeriod';
import { readRule, summaryRuleFields } from '../summaryRule';
import { summaryBeforeAudit, temperatureSummary } from '../temperatureSummary';

/**
 * Asset → Get Temperature Summary: what QA decides on for one asset and period. Mean, MKT, minutes
 * out of range, gaps and excursions (the trigger's rule, coldChain/), from the temperature list
 * paged through the transport. An operation of code (`compute`), not one request. From node
 * version 4 it is an audit record (temperatureSummary.ts): a Period choice, the asset's and
 * space's names, the rule that applied, and every minute of the period without a reading; earlier
 * versions keep their output.
 */
export const getTemperatureSummary = defineOperation({
	operation: 'getTemperatureSummary',
	name: 'Get Temperature Summary',
	action: 'Get a temperature summary of an asset',
	description: 'Summarise the temperatures of an asset over a period',
	endpoint: api.getAssetTemperatureHistory,
	fields: [...oneAssetFields(), ...periodFields, ...summaryRuleFields],
	compute: async (p, pages, get): Promise<IDataObject> => {
		const version = nodeVersion(p);
		const { assetId } = assetIdParam(p);
		const request = { assetId, period: readPeriod(p, version), rule: readRule(p) };
		return version >= AUDIT_SINCE
			? (await temperatureSummary({ pages, get }, request)).summary
			: await summaryBeforeAudit(pages, request);
	},
});
