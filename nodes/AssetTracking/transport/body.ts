import type { Deadline } from './deadline';

/** The part of a Node readable stream the reader uses (nodes may not import 'stream'). */
export interface ByteStream {
	on(event: 'data', listener: (chunk: Buffer | string) => void): unknown;
	on(event: 'end' | 'close', listener: () => void): unknown;
	on(event: 'error', listener: (error: Error & { code?: string }) => void): unknown;
	destroy(): unknown;
}

/**
 * Reads a response body under the attempt's deadline and a size limit. n8n's request helper
 * reads bodies whole with no limit (axios' maxContentLength is fixed at Infinity there) and its
 * timeout does not bound a body that trickles or stalls, so the transport asks for the body as a
 * stream and reads it here.
 */
export type BodyProblem =
	| { kind: 'stalled'; bytes: number }
	| { kind: 'truncated'; bytes: number; expected?: number; cause?: string }
	| { kind: 'tooLarge'; bytes: number };

export class BodyError extends Error {
	constructor(readonly problem: BodyProblem) {
		super(problem.kind);
	}
}

export interface BodyLimits {
	/** By when the whole body must have arrived (the attempt's, shared with the wait for headers). */
	deadline: Deadline;
	maxBytes: number;
	/** Content-Length, when the body was not re-encoded on the way. */
	expectedBytes?: number;
}

export function readBody(stream: ByteStream, limits: BodyLimits): Promise<Buffer> {
	if (limits.expectedBytes !== undefined && limits.expectedBytes > limits.maxBytes) {
		stream.destroy();
		return Promise.reject(new BodyError({ kind: 'tooLarge', bytes: limits.expectedBytes }));
	}
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		let bytes = 0;
		let settled = false;
		const settle = (error?: BodyError) => {
			if (settled) return;
			settled = true;
			cancelDeadline();
			if (error) {
				stream.destroy();
				reject(error);
			} else resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, bytes));
		};
		// Errors are built only on the way to a failure: a stack trace per response costs.
		const cancelDeadline = limits.deadline.onExpiry(() => {
			if (!settled) settle(new BodyError({ kind: 'stalled', bytes }));
		});
		stream.on('data', (chunk: Buffer | string) => {
			const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
			bytes += buffer.length;
			if (settled) return;
			if (bytes > limits.maxBytes) settle(new BodyError({ kind: 'tooLarge', bytes }));
			else chunks.push(buffer);
		});
		stream.on('end', () => {
			if (settled) return;
			if (limits.expectedBytes !== undefined && bytes < limits.expectedBytes) {
				settle(new BodyError({ kind: 'truncated', bytes, expected: limits.expectedBytes }));
			} else settle();
		});
		stream.on('error', (error: Error & { code?: string }) => {
			if (settled) return;
			settle(
				new BodyError({
					kind: 'truncated',
					bytes,
					expected: limits.expectedBytes,
					cause: error.code ?? error.message,
				}),
			);
		});
		// A socket closed before the end of the body ends the stream without 'end' on some paths.
		stream.on('close', () => {
			if (!settled)
				settle(new BodyError({ kind: 'truncated', bytes, expected: limits.expectedBytes }));
		});
	});
}
