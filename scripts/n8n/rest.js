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

/**
 * Returns the cookie header value (`n8n-auth=...`) for later calls. One sign-in per n8n and
 * person in a process: n8n refuses a sixth sign-in of one email within a minute (429), and
 * the e2e run opens the editor several times in that minute. A failed sign-in is not kept.
 */
const sessions = new Map();
function login(baseUrl, owner) {
	const key = `${baseUrl}\n${owner.email}\n${owner.password}`;
	if (!sessions.has(key)) {
		const session = signIn(baseUrl, owner);
		session.catch(() => sessions.delete(key));
		sessions.set(key, session);
	}
	return sessions.get(key);
}

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

module.exports = { login, rest, runWorkflow, waitForExecution, unflatten };
