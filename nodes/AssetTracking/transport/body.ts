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
	/**
	 * Ends the request (its socket) when the body is given up. Destroying the stream alone is not
	 * enough: n8n's helper hands over a stream that wraps the response, and one destroyed before
	 * its first read leaves the response paused and its connection open for good.
	 */
	cancel?: () => void;
}

/** Largest announced body read into one buffer allocated up front (a full page is ~8 MiB at most). */
const PREALLOCATE_MAX = 16 * 1024 * 1024;

export function readBody(stream: ByteStream, limits: BodyLimits): Promise<Buffer> {
	// A body announced larger than the limit fails at its first sign of life, not before the read
	// starts: n8n's helper wraps the response in a stream that, destroyed before its first read,
	// never ends the response under it, and its connection would stay open for good.
	const announcedTooLarge =
		limits.expectedBytes !== undefined && limits.expectedBytes > limits.maxBytes;
	const tooLarge = (bytes: number) =>
		new BodyError({ kind: 'tooLarge', bytes: Math.max(bytes, limits.expectedBytes ?? 0) });
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		// With the length announced, the chunks are copied into one buffer as they come: a page
		// is held once, not as chunks plus their concatenation. A body longer than announced
		// falls back to chunks (and is then reported by what reads it).
		// Only up to PREALLOCATE_MAX: a server announcing a huge body and then stalling must not
		// make every request hold that much before a byte has come.
		let whole =
			!announcedTooLarge &&
			limits.expectedBytes !== undefined &&
			limits.expectedBytes > 0 &&
			limits.expectedBytes <= PREALLOCATE_MAX
				? Buffer.allocUnsafe(limits.expectedBytes)
				: undefined;
		let bytes = 0;
		let settled = false;
		const settle = (error?: BodyError) => {
			if (settled) return;
			settled = true;
			cancelDeadline();
			if (error) {
				limits.cancel?.();
				stream.destroy();
				reject(error);
			} else if (whole) resolve(bytes === whole.length ? whole : whole.subarray(0, bytes));
			else resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, bytes));
		};
		// Errors are built only on the way to a failure: a stack trace per response costs.
		const cancelDeadline = limits.deadline.onExpiry(() => {
			if (!settled)
				settle(announcedTooLarge ? tooLarge(bytes) : new BodyError({ kind: 'stalled', bytes }));
		});
		stream.on('data', (chunk: Buffer | string) => {
			const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
			bytes += buffer.length;
			if (settled) return;
			if (announcedTooLarge || bytes > limits.maxBytes) settle(tooLarge(bytes));
			else if (whole && bytes <= whole.length) buffer.copy(whole, bytes - buffer.length);
			else {
				if (whole) chunks.push(whole.subarray(0, bytes - buffer.length));
				whole = undefined;
				chunks.push(buffer);
			}
		});
		stream.on('end', () => {
			if (settled) return;
			if (announcedTooLarge) settle(tooLarge(bytes));
			else if (limits.expectedBytes !== undefined && bytes < limits.expectedBytes) {
				settle(new BodyError({ kind: 'truncated', bytes, expected: limits.expectedBytes }));
			} else settle();
		});
		stream.on('error', (error: Error & { code?: string }) => {
			if (settled) return;
			if (announcedTooLarge) return settle(tooLarge(bytes));
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
			if (settled) return;
			settle(
				announcedTooLarge
					? tooLarge(bytes)
					: new BodyError({ kind: 'truncated', bytes, expected: limits.expectedBytes }),
			);
		});
	});
}
