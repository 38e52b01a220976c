/**
 * Calls `onExpiry` at `deadline` (epoch ms) unless the returned cancel is called first. Built on
 * AbortSignal.timeout: its timer does not hold the process open, and nodes may not use
 * setTimeout directly (n8n Cloud's rules; n8n-workflow 2.41 has no cancellable sleep).
 */
export function atDeadline(deadline: number, onExpiry: () => void): () => void {
	const signal = AbortSignal.timeout(Math.max(1, deadline - Date.now()));
	signal.addEventListener('abort', onExpiry, { once: true });
	return () => signal.removeEventListener('abort', onExpiry);
}
