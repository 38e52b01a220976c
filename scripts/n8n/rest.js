'use strict';
// Calls n8n's internal REST API (the one the editor uses) as the owner:
// log in for the `n8n-auth` cookie, run a saved workflow, read the result.
const path = require('path');
const P = require('./paths');

async function call(baseUrl, cookie, method, route, body) {
	const res = await fetch(`${baseUrl}${route}`, {
		method,
		headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await res.text();
	if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${text.slice(0, 500)}`);
	return { res, json: text ? JSON.parse(text) : null };
}

/** Signs in afresh; returns the cookie header value (`n8n-auth=...`) for later calls. */
function login(baseUrl, owner) {
	const key = sessionKey(baseUrl, owner);
	const cookie = signIn(baseUrl, owner);
	sessions.set(key, cookie);
	cookie.catch(() => sessions.get(key) === cookie && sessions.delete(key));
	return cookie;
}

/**
 * The cookie of this process's last sign-in to that n8n as that person, else a new sign-in. n8n
 * refuses a sixth sign-in of one email within a minute (429), and the e2e run opens the editor
 * several times in that minute; a restarted n8n wants `login` again (the queue test does so).
 */
function session(baseUrl, owner) {
	return sessions.get(sessionKey(baseUrl, owner)) ?? login(baseUrl, owner);
}

const sessions = new Map();
const sessionKey = (baseUrl, owner) => `${baseUrl}\n${owner.email}\n${owner.password}`;

async function signIn(baseUrl, { email, password }) {
	const { res } = await call(baseUrl, null, 'POST', '/rest/login', {
		emailOrLdapLoginId: email,
		password,
	});
	const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('n8n-auth='));
	if (!setCookie) throw new Error('login: no n8n-auth cookie in the response');
	return setCookie.split(';')[0];
}

async function rest(baseUrl, cookie, method, route, body) {
	return (await call(baseUrl, cookie, method, route, body)).json.data;
}

/** Starts a saved workflow like the editor's "Execute workflow" button. */
async function runWorkflow(baseUrl, cookie, workflowId, triggerName) {
	const data = await rest(baseUrl, cookie, 'POST', `/rest/workflows/${workflowId}/run`, {
		triggerToStartFrom: { name: triggerName },
	});
	return data.executionId;
}

// Execution data comes back encoded with `flatted` (it can hold cycles);
// n8n ships that library, so it is loaded from the cache.
function unflatten(text) {
	const flatted = require(require.resolve('flatted', { paths: [path.join(P.MODULES, 'n8n')] }));
	return flatted.parse(text);
}

/** Polls until the execution has finished; returns { status, data }. */
async function waitForExecution(baseUrl, cookie, executionId, timeoutMs = 60000) {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const ex = await rest(baseUrl, cookie, 'GET', `/rest/executions/${executionId}`);
		if (ex && !['new', 'running', 'waiting'].includes(ex.status)) {
			return { status: ex.status, data: unflatten(ex.data) };
		}
		if (Date.now() > deadline) throw new Error(`execution ${executionId} still ${ex && ex.status}`);
		await new Promise((r) => setTimeout(r, 200));
	}
}

module.exports = {
	session,
	login,
	rest,
	runWorkflow,
	waitForExecution,
	unflatten,
};
