import { readdirSync, readFileSync } from 'fs';
import { join } from 'path';

import { allOperations } from '../../nodes/AssetTracking/actions/registry';
import { operationKey } from './coverage';

/**
 * Every operation of the node has a test executing it against the simulator: the tests call
 * covered('resource:operation', exchanges), which also checks the request was sent. This file
 * reads those calls from the sources, so it works whichever worker runs which file, and in any order.
 */
describe('operation coverage', () => {
	it('every registered operation has a test', () => {
		const keys = new Set<string>();
		for (const file of readdirSync(__dirname).filter((f) => f.endsWith('.test.ts') && f !== 'zz-coverage.test.ts')) {
			const source = readFileSync(join(__dirname, file), 'utf8');
			for (const match of source.matchAll(/\bcovered\(\s*'([A-Za-z]+:[A-Za-z]+)'/g)) keys.add(match[1]);
		}
		const all = allOperations().map(operationKey);
		const missing = all.filter((key) => !keys.has(key));
		const unknown = [...keys].filter((key) => !all.includes(key));
		console.log(`operations covered: ${all.length - missing.length}/${all.length}`);
		expect(missing).toEqual([]);
		expect(unknown).toEqual([]);
	});
});
