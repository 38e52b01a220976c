// Patches applied to the public OpenAPI 1.3.11 before checking exchanges. Where the spec
// (spec/asset-tracking-api.md) and the OpenAPI disagree the spec wins; a few patches fix
// OpenAPI defects where a rule sits where it has no effect. Each patch says why in `reason`.

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface OverlayPatch {
	id: string;
	reason: string;
	apply(doc: Json): void;
}

const schemas = (doc: Json): Json => doc.components.schemas;
const ERROR_RESPONSE = {
	description: 'Bad Request',
	content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } },
};
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

function walk(node: unknown, visit: (obj: Json) => void): void {
	if (Array.isArray(node)) node.forEach((n) => walk(n, visit));
	else if (node && typeof node === 'object') {
		visit(node as Json);
		Object.values(node as Json).forEach((n) => walk(n, visit));
	}
}

/** When isStatic is true, latitude and longitude must be present. */
const STATIC_NEEDS_POSITION = {
	if: { properties: { isStatic: { const: true } }, required: ['isStatic'] },
	then: { required: ['latitude', 'longitude'] },
};

export const OVERLAY: OverlayPatch[] = [
	{
		id: 'no-backtick',
		reason:
			'The spec NAME and TOKEN charsets have no backtick; the OpenAPI patterns admit one, so it is removed from every pattern.',
		apply(doc) {
			walk(doc, (o) => {
				if (typeof o.pattern === 'string') o.pattern = o.pattern.replace(/`/g, '');
			});
		},
	},
	{
		id: 'space-spec-fields',
		reason:
			'The spec says a Space has at least spaceId, spaceName and facilityId; the OpenAPI Space has only id, name and an optional facilityId and forbids other properties.',
		apply(doc) {
			const space = schemas(doc).Space;
			space.properties.spaceId = { type: 'string', maxLength: 20, pattern: '^[-_A-Za-z0-9]*$' };
			space.properties.spaceName = {
				type: 'string',
				maxLength: 500,
				pattern: '^[a-zA-Z0-9!@#$&()\\-.+,/" ]*$',
			};
			space.required = [
				...new Set([...(space.required ?? []), 'spaceId', 'spaceName', 'facilityId']),
			];
		},
	},
	{
		id: 'status-400',
		reason:
			'Neither document shows the status for invalid input; the simulator answers 400 with the spec error body, so every operation documents it.',
		apply(doc) {
			for (const item of Object.values(doc.paths as Json)) {
				for (const m of HTTP_METHODS) if (item[m]) item[m].responses['400'] ??= ERROR_RESPONSE;
			}
		},
	},
	{
		id: 'asset-group-id-not-uuid',
		reason:
			'The spec says an Asset Group id is typed as uuid in the description but patterned like a name (charset NAME, max 500); format uuid is dropped.',
		apply(doc) {
			delete schemas(doc).AssetGroup.properties.id.format;
		},
	},
	{
		id: 'static-gateway-position',
		reason:
			'The spec says a Gateway with isStatic true requires latitude and longitude; the OpenAPI says so only in prose.',
		apply(doc) {
			for (const name of ['Gateway', 'SpaceGateway', 'SpaceGatewayInput'])
				Object.assign(schemas(doc)[name], STATIC_NEEDS_POSITION);
		},
	},
	{
		id: 'temperature-one-decimal',
		reason:
			'The spec says degreesCelsius is rounded to 1 decimal place; the OpenAPI says so only in prose.',
		apply(doc) {
			schemas(doc).Temperature.properties.degreesCelsius.multipleOf = 0.1;
		},
	},
	{
		id: 'print-jobs-max-items',
		reason:
			'OpenAPI defect: maxItems 1000 sits on the print job object, where it has no effect, instead of on the printJobs array it is meant to limit.',
		apply(doc) {
			const printJobs = schemas(doc).PrintJobsInput.properties.printJobs;
			printJobs.maxItems = printJobs.items.maxItems;
			delete printJobs.items.maxItems;
		},
	},
	{
		id: 'print-template-params-pattern',
		reason:
			'OpenAPI defect: the letters-and-digits pattern of requiredParams sits on the array, where it has no effect, instead of on each parameter name.',
		apply(doc) {
			const requiredParams = schemas(doc).WorkspacePrintTemplate.properties.requiredParams;
			requiredParams.items.pattern = requiredParams.pattern;
			delete requiredParams.pattern;
		},
	},
];

export function applyOverlay(doc: Json): Json {
	for (const patch of OVERLAY) patch.apply(doc);
	return doc;
}
