/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
// Loads the OpenAPI 1.3.11, applies the overlay and compiles, per operation, the validators
// the checker needs. Built once, on first use.
import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import { createAjv, type AjvLike, type ValidateFn } from './ajv';
import { applyOverlay } from './overlay';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const OPENAPI_PATH = path.join(__dirname, '../../../spec/openapi-1.3.11.yml');
const DOC_ID = 'https://contract.local/openapi.json';

export interface ParamCheck {
	name: string;
	required: boolean;
	validate: ValidateFn;
}

export interface ResponseCheck {
	/** null for a response documented without a body (204). */
	validate: ValidateFn | null;
}

export interface OperationContract {
	operation: string;
	pathParams: ParamCheck[];
	queryParams: Map<string, ParamCheck>;
	body: { required: boolean; validate: ValidateFn } | null;
	responses: Map<string, ResponseCheck>;
}

export interface Contract {
	operations: Map<string, OperationContract>;
	errorResponse: ValidateFn;
}

/** Local refs (#/components/...) made absolute so schemas compiled on their own resolve them. */
function absoluteRefs<T>(node: T): T {
	return JSON.parse(JSON.stringify(node), (key, value) =>
		key === '$ref' && typeof value === 'string' && value.startsWith('#/') ? DOC_ID + value : value,
	);
}

function jsonSchemaOf(content: Json | undefined): Json | null {
	return content?.['application/json']?.schema ?? null;
}

export function loadDocument(): Json {
	return applyOverlay(yaml.load(fs.readFileSync(OPENAPI_PATH, 'utf8')) as Json);
}

function compileOperation(
	ajv: AjvLike,
	operation: string,
	pathItem: Json,
	op: Json,
): OperationContract {
	const params: Json[] = [...(pathItem.parameters ?? []), ...(op.parameters ?? [])];
	const check = (p: Json): ParamCheck => ({
		name: p.name,
		required: p.required === true,
		validate: ajv.compile(absoluteRefs(p.schema ?? {})),
	});
	const bodySchema = jsonSchemaOf(op.requestBody?.content);
	const responses = new Map<string, ResponseCheck>();
	for (const [status, res] of Object.entries(op.responses as Json)) {
		const schema = jsonSchemaOf((res as Json).content);
		responses.set(status, { validate: schema ? ajv.compile(absoluteRefs(schema)) : null });
	}
	return {
		operation,
		pathParams: params.filter((p) => p.in === 'path').map(check),
		queryParams: new Map(
			params.filter((p) => p.in === 'query').map((p) => [p.name as string, check(p)]),
		),
		body: bodySchema
			? {
					required: op.requestBody.required === true,
					validate: ajv.compile(absoluteRefs(bodySchema)),
				}
			: null,
		responses,
	};
}

let cached: Contract | null = null;

export function contract(): Contract {
	if (cached) return cached;
	const doc = loadDocument();
	const ajv = createAjv();
	ajv.addSchema({ $id: DOC_ID, components: absoluteRefs(doc.components) });
	const operations = new Map<string, OperationContract>();
	for (const [template, pathItem] of Object.entries(doc.paths as Json)) {
		for (const method of ['get', 'put', 'post', 'delete', 'patch']) {
			const op = (pathItem as Json)[method];
			if (!op) continue;
			const name = `${method.toUpperCase()} ${template}`;
			operations.set(name, compileOperation(ajv, name, pathItem as Json, op));
		}
	}
	cached = {
		operations,
		errorResponse: ajv.compile({ $ref: `${DOC_ID}#/components/schemas/ErrorResponse` }),
	};
	return cached;
}
