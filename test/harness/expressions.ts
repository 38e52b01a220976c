/* eslint-disable @n8n/community-nodes/no-dangerous-functions -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
import type { IDataObject } from 'n8n-workflow';

/** What `$('Node')` gives an expression: the item of that node paired with the current one. */
export type NodeItems = (node: string) => { item: { json: IDataObject } };

const NO_NODES: NodeItems = (node) => {
	throw new Error(`the expression reads node "${node}", which the test did not give`);
};

/**
 * An example's parameter as n8n renders it for one item, for the tests that check what an example
 * posts or writes: text starting with `=` is an expression, each `{{ … }}` in it JavaScript over
 * `$json` and `$('Node')`; a parameter that is one `{{ … }}` alone gives its value as it is, one
 * mixing text and `{{ … }}` gives text. Enough for the examples' mappings (named fields,
 * arithmetic, a map and join); n8n's own evaluator, with its Luxon and proxies, stays n8n's (the
 * e2e tests run the examples in a real n8n).
 */
export function renderParameter(value: unknown, $json: IDataObject, $: NodeItems = NO_NODES) {
	if (typeof value !== 'string' || !value.startsWith('=')) return value;
	const template = value.slice(1);
	const evaluate = (code: string): unknown =>
		(new Function('$json', '$', `return (${code});`) as (j: IDataObject, n: NodeItems) => unknown)(
			$json,
			$,
		);
	const whole = /^\{\{([\s\S]*)\}\}$/.exec(template.trim());
	if (whole && !whole[1].includes('}}')) return evaluate(whole[1]);
	return template.replace(/\{\{([\s\S]*?)\}\}/g, (_, code: string) => String(evaluate(code)));
}

/**
 * The names of `$json`'s fields an expression reads (`$json.name`, `$json['name']`), but for those
 * it gives a fallback (`$json.exitedOn ?? ''`): the ones an item must carry.
 */
export function fieldsRead(value: unknown): string[] {
	if (typeof value !== 'string') return [];
	return [...value.matchAll(/\$json(?:\.([A-Za-z_]\w*)(?!\w)|\['([^']+)'\])(?!\s*\?\?)/g)].map(
		(m) => m[1] ?? m[2],
	);
}
