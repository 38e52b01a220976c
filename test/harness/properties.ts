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

/**
 * The properties a node shows in `version`, by their `@version` display conditions (a plain
 * number, or n8n's `_cnd` comparisons); those without one show in every version.
 */
export function inVersion(
	properties: readonly INodeProperties[],
	version: number,
): INodeProperties[] {
	const admits = (conditions: unknown) =>
		(conditions as Array<number | { _cnd: Record<string, number> }>).some((c) =>
			typeof c === 'number'
				? c === version
				: Object.entries(c._cnd).every(([op, n]) =>
						op === 'gte'
							? version >= n
							: op === 'lte'
								? version <= n
								: op === 'gt'
									? version > n
									: op === 'lt'
										? version < n
										: version === n,
					),
		);
	return properties.filter(({ displayOptions }) => {
		const show = displayOptions?.show?.['@version'];
		const hide = displayOptions?.hide?.['@version'];
		return (show === undefined || admits(show)) && (hide === undefined || !admits(hide));
	});
}
