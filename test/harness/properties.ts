import type { INodeProperties } from 'n8n-workflow';

/**
 * Every parameter a node describes, nested ones included (a collection's options, a fixed
 * collection's values), each with its path (`options.alarms.alarm.spaceIds`).
 */
export function everyProperty(
	properties: readonly INodeProperties[],
	path = '',
): Array<{ path: string; property: INodeProperties }> {
	const out: Array<{ path: string; property: INodeProperties }> = [];
	for (const property of properties) {
		const at = `${path}${property.name}`;
		out.push({ path: at, property });
		for (const option of property.options ?? []) {
			if ('values' in option) out.push(...everyProperty(option.values, `${at}.${option.name}.`));
			else if ('type' in option) out.push(...everyProperty([option], `${at}.`));
		}
	}
	return out;
}
