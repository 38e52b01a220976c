/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
// A JSON Schema validator for the OpenAPI 3.0 schemas: ajv 8 plus the formats they use.
// ajv 8 is taken from openapi-backend's own dependency (the top-level `ajv` of this repo is
// the v6 that eslint needs), and ajv-formats supplies date-time and uuid.
import path from 'node:path';
import addFormats from 'ajv-formats';

export interface ValidateFn {
	(data: unknown): boolean;
	errors?: Array<{
		instancePath: string;
		message?: string;
		params?: Record<string, unknown>;
	}> | null;
}

export interface AjvLike {
	addSchema(schema: object, key?: string): unknown;
	addFormat(
		name: string,
		format: { type: 'number' | 'string'; validate: (v: never) => boolean },
	): unknown;
	compile(schema: object): ValidateFn;
}

function loadAjv8(): new (opts: object) => AjvLike {
	// A path resolved at run time can only be loaded with require().
	const fromBackend = path.dirname(require.resolve('openapi-backend'));
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const mod = require(require.resolve('ajv', { paths: [fromBackend] }));
	const Ajv = mod.default ?? mod;
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const ajvPackage = require(require.resolve('ajv/package.json', { paths: [fromBackend] }));
	if (!String(ajvPackage.version).startsWith('8.')) {
		throw new Error('contract checker needs ajv 8 (via openapi-backend)');
	}
	return Ajv;
}

export function createAjv(): AjvLike {
	const Ajv = loadAjv8();
	const ajv = new Ajv({
		// OpenAPI 3.0 schemas carry keywords JSON Schema does not know (example, xml...): ignore them.
		strict: false,
		allErrors: true,
		// degreesCelsius is checked with multipleOf 0.1 (overlay); floats need a tolerance.
		multipleOfPrecision: 9,
	});
	addFormats(ajv as never, ['date-time', 'uuid']);
	ajv.addFormat('int32', {
		type: 'number',
		validate: (n: number) => Number.isInteger(n) && n >= -2147483648 && n <= 2147483647,
	});
	ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isInteger(n) });
	ajv.addFormat('float', { type: 'number', validate: (n: number) => Number.isFinite(n) });
	ajv.addFormat('double', { type: 'number', validate: (n: number) => Number.isFinite(n) });
	return ajv;
}
