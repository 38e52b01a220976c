// actions/report/: the Report resource of the action node, documents made inside n8n from the
// figures the node computes (Create Temperature Report). Its files import `../types`, `../params`,
// the files `actions/` shares (temperatureSummary.ts, summaryPeriod.ts), `pickers/`, `helpers/`,
// `coldChain/` and `render/`; never another resource's folder or `trigger/`.
import { defineResource } from '../types';
import { createTemperatureReport } from './createTemperatureReport';

export const report = defineResource({
	name: 'Report',
	value: 'report',
	defaultOperation: 'createTemperatureReport',
	operations: [createTemperatureReport],
});
