/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
// Regression test for the flaky contract test (`read ECONNRESET` under load): the simulator must
// never close an idle keep-alive connection before its clients give it up, or a request written
// into that connection as it closes is reset. Clients idle connections out after 4-5 s.
import http from 'node:http';

import { Simulator } from '../../simulator';
import { KEEP_ALIVE_TIMEOUT_MS } from '../../simulator/http/server';

function get(
	agent: http.Agent,
	url: string,
): Promise<{ status: number; reused: boolean; keepAlive?: string | string[] }> {
	return new Promise((resolve, reject) => {
		const req = http.get(url, { agent }, (res) => {
			res.resume();
			res.on('end', () =>
				resolve({
					status: res.statusCode ?? 0,
					reused: req.reusedSocket,
					keepAlive: res.headers['keep-alive'],
				}),
			);
		});
		req.on('error', reject);
	});
}

describe('simulator keep-alive', () => {
	it('keeps an idle connection open well past the clients idle timeouts, and says so in its hint', async () => {
		const sim = new Simulator({ clock: 'manual' });
		await sim.start();
		// An agent that would keep the socket for ever: only the server could close it.
		const agent = new http.Agent({ keepAlive: true, maxSockets: 1, timeout: 600_000 });
		try {
			const first = await get(agent, `${sim.baseUrl}/workspaces`);
			expect(first.status).toBe(401);
			expect(first.keepAlive).toBe(`timeout=${KEEP_ALIVE_TIMEOUT_MS / 1000}`);
			// Longer than Node's default server keep-alive timeout (5 s), which raced the clients.
			await new Promise((resolve) => setTimeout(resolve, 6_000));
			const second = await get(agent, `${sim.baseUrl}/workspaces`);
			expect(second).toMatchObject({ status: 401, reused: true });
		} finally {
			agent.destroy();
			await sim.stop();
		}
	});
});
