// The spec's error body ({errors:[{status,title,detail,code,id}]}) and the exception the
// handlers throw to produce it.
import { toNameText } from './charsets';

const TITLES: Record<number, string> = {
	400: 'Bad Request',
	401: 'Unauthorized',
	403: 'Forbidden',
	404: 'Not Found',
	413: 'Payload Too Large',
	429: 'Too Many Requests',
	500: 'Internal Server Error',
	502: 'Bad Gateway',
	503: 'Service Unavailable',
	504: 'Gateway Timeout',
};

// Codes use the TOKEN charset, which has no underscore, hence the CamelCase.
const CODES: Record<number, string> = {
	400: 'InvalidRequest',
	401: 'Unauthorized',
	403: 'Forbidden',
	404: 'NotFound',
	413: 'PayloadTooLarge',
	429: 'TooManyRequests',
	500: 'InternalError',
	502: 'BadGateway',
	503: 'ServiceUnavailable',
	504: 'GatewayTimeout',
};

export class ApiError extends Error {
	constructor(
		readonly status: number,
		readonly detail: string,
		readonly code?: string,
		readonly headers: Record<string, string> = {},
	) {
		super(detail);
	}
}

export const badRequest = (detail: string, code = 'InvalidRequest') =>
	new ApiError(400, detail, code);
export const notFound = (detail: string) => new ApiError(404, detail, 'NotFound');
export const forbidden = (detail: string) => new ApiError(403, detail, 'Forbidden');

export interface ErrorBody {
	errors: Array<{ status: string; title: string; detail: string; code: string; id: string }>;
}

let occurrence = 0;

export function errorBody(status: number, detail: string, code?: string): ErrorBody {
	occurrence = (occurrence + 1) % 0x7fffffff;
	return {
		errors: [
			{
				status: String(status),
				title: TITLES[status] ?? 'Error',
				detail: toNameText(detail, 500),
				code: code ?? CODES[status] ?? 'Error',
				id: `err-${Date.now().toString(36)}-${occurrence.toString(36)}`,
			},
		],
	};
}
