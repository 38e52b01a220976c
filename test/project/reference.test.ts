/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
// The users' reference (docs/guide/reference.md) is what scripts/docs/reference.ts makes of the
// nodes as they are now: every event of the newest trigger version with its fields and an example
// sentence from Fetch Test Event, every parameter of the newest trigger and action versions. A new
// event, field, parameter, default or description fails here until the reference is regenerated.
import { readFileSync } from 'fs';

import { AssetTracking } from '../../nodes/AssetTracking/AssetTracking.node';
import { AssetTrackingTrigger } from '../../nodes/AssetTracking/AssetTrackingTrigger.node';
import { FAMILIES } from '../../nodes/AssetTracking/trigger/families/registry';
import { REFERENCE_COMMAND, REFERENCE_FILE, reference } from '../../scripts/docs/reference';
import { everyProperty, inVersion } from '../harness/properties';

describe('the reference (docs/guide/reference.md)', () => {
	let generated: string;
	beforeAll(async () => {
		generated = await reference();
	}, 60_000);

	it(`is what \`${REFERENCE_COMMAND}\` writes now`, () => {
		const committed = readFileSync(REFERENCE_FILE, 'utf8');
		if (committed !== generated)
			throw new Error(
				`docs/guide/reference.md is out of step with the nodes: run \`${REFERENCE_COMMAND}\` and commit it.`,
			);
	});

	it('names every event of the newest trigger version, with its fields and an example sentence', () => {
		const newest = Math.max(
			...([] as number[]).concat(new AssetTrackingTrigger().description.version),
		);
		const events = FAMILIES.flatMap((f) => f.events).filter((e) => (e.since ?? 0) <= newest);
		expect(events.length).toBeGreaterThanOrEqual(27);
		for (const event of events) {
			const section = new RegExp(
				`### ${event.name}\\n\\n[^\\n]+\\n\\n- Value: \`${event.value}\`\\n- Fields: \`event\`, [^\\n]*\`summary\`[^\\n]*\\n- Example: “[^”\\n]{20,}”`,
			);
			expect({ event: event.value, found: section.test(generated) }).toEqual({
				event: event.value,
				found: true,
			});
		}
	});

	it('lists every parameter of the newest trigger and action versions by its label', () => {
		const trigger = new AssetTrackingTrigger().description;
		const newest = Math.max(...([] as number[]).concat(trigger.version));
		const action = new AssetTracking();
		const labels = (text: string) =>
			new Set([...text.matchAll(/^\| ([^|]+?) \|/gm)].map((m) => m[1]));
		const listed = labels(generated);
		const missing = [
			...everyProperty(inVersion(trigger.properties, newest)),
			...everyProperty(action.getNodeType(action.currentVersion).description.properties),
		]
			.filter(({ property }) => !['resource', 'operation', 'notice'].includes(property.name))
			.filter(({ property }) => property.type !== 'notice')
			.map(({ property }) => property.displayName)
			.filter((label) => ![...listed].some((row) => row === label || row.endsWith(`→ ${label}`)));
		expect([...new Set(missing)]).toEqual([]);
	});
});
