'use strict';
// An AI agent using the pack as its tools, in the real n8n: n8n's AI Agent node with n8n's
// "OpenAI Chat Model" node, whose credential's Base URL points at a scripted model server here
// (plain node:http on 127.0.0.1, OpenAI's chat-completions API). The server plays the model:
// it reads the tool list the agent sends, picks the tool whose description (n8n builds it from
// the operation's action) matches the question, fills that tool's arguments from the question,
// and once the tool's result comes back, answers from it. The tests then check that the tool
// calls reached the simulator with the right parameters and that the answer quotes what the
// simulator sent; they print the tool calls.
const { after } = require('node:test');
const assert = require('node:assert/strict');
const http = require('node:http');
const path = require('node:path');

const { importCredentials, n8nCli } = require('../../scripts/n8n/cli');
const { CREDENTIAL } = require('../../scripts/n8n/stack');

const TOOL_TYPE = 'n8n-nodes-asset-tracking.assetTrackingTool';
const OPENAI = { id: 'scriptedModel001', name: 'Scripted model (e2e)', type: 'openAiApi' };
const THRESHOLD = 8;
const TRACKING_REF = 'AGENT-E2E-0001';

// ------------------------------------------------------------- the scripted model

/** Every object in a parsed tool result (n8n sends the tool's output items as JSON text). */
function objectsIn(value, out = []) {
	if (Array.isArray(value)) for (const v of value) objectsIn(v, out);
	else if (value && typeof value === 'object') {
		out.push(value);
		for (const v of Object.values(value)) if (v && typeof v === 'object') objectsIn(v, out);
	}
	return out;
}

function parseToolResult(content) {
	const text = Array.isArray(content) ? content.map((c) => c.text || '').join('') : String(content);
	try {
		return JSON.parse(text);
	} catch {
		return text;
	}
}

/** The model's turn: a tool call for the question, or, with the tool's result, the answer. */
function reply(body) {
	const messages = body.messages || [];
	const question = [...messages].reverse().find((m) => m.role === 'user');
	const text = question
		? String(
				typeof question.content === 'string' ? question.content : JSON.stringify(question.content),
			)
		: '';
	const tools = (body.tools || []).map((t) => t.function);
	const last = messages[messages.length - 1];

	if (last && last.role === 'tool') {
		const objects = objectsIn(parseToolResult(last.content));
		if (/above/i.test(text)) {
			const hot = objects.filter(
				(o) =>
					typeof o.degreesCelsius === 'number' &&
					typeof o.name === 'string' &&
					o.degreesCelsius > THRESHOLD,
			);
			const list = hot.map((o) => `${o.name} (${o.degreesCelsius} °C)`).join('; ');
			return {
				content: hot.length
					? `Above ${THRESHOLD} °C right now: ${list}.`
					: `No asset is above ${THRESHOLD} °C right now.`,
			};
		}
		const created = objects.find(
			(o) => typeof o.trackingRef === 'string' && typeof o.id === 'string',
		);
		return {
			content: created
				? `Created consignment ${created.id} for tracking reference ${created.trackingRef}.`
				: 'The tool returned no consignment.',
		};
	}

	const wanted = /above/i.test(text) ? /get many assets/i : /create a consignment/i;
	const tool = tools.find((t) => wanted.test(t.description || ''));
	if (!tool)
		return {
			content: `No tool matches ${wanted} among: ${tools.map((t) => t.description).join(' | ')}`,
		};
	const workspace = (text.match(/workspace ([0-9a-f-]{36})/i) || [])[1];
	const args = {};
	for (const key of Object.keys((tool.parameters && tool.parameters.properties) || {})) {
		if (/workspace/i.test(key)) args[key] = workspace;
		else if (/tracking/i.test(key))
			args[key] = (text.match(/tracking reference (\S+?)[.,]?(\s|$)/i) || [])[1];
	}
	return { toolCall: { name: tool.name, arguments: args } };
}

/** Starts the model server; `calls` records each request's tools and the model's reply. */
async function startModelServer() {
	const calls = [];
	let n = 0;
	const server = http.createServer((req, res) => {
		let raw = '';
		req.on('data', (c) => (raw += c));
		req.on('end', () => {
			if (req.method !== 'POST' || !req.url.endsWith('/chat/completions')) {
				res.writeHead(404, { 'content-type': 'application/json' });
				return res.end(JSON.stringify({ error: { message: `no route ${req.method} ${req.url}` } }));
			}
			const body = JSON.parse(raw);
			const turn = reply(body);
			calls.push({ tools: (body.tools || []).map((t) => t.function.name), reply: turn });
			const id = `chatcmpl-${++n}`;
			const message = turn.toolCall
				? {
						role: 'assistant',
						content: null,
						tool_calls: [
							{
								id: `call_${n}`,
								type: 'function',
								function: {
									name: turn.toolCall.name,
									arguments: JSON.stringify(turn.toolCall.arguments),
								},
							},
						],
					}
				: { role: 'assistant', content: turn.content };
			const finish = turn.toolCall ? 'tool_calls' : 'stop';
			const usage = { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 };
			const created = Math.floor(Date.now() / 1000);
			if (body.stream) {
				res.writeHead(200, { 'content-type': 'text/event-stream' });
				const delta = turn.toolCall
					? {
							role: 'assistant',
							content: null,
							tool_calls: [{ index: 0, ...message.tool_calls[0] }],
						}
					: { role: 'assistant', content: turn.content };
				const chunk = (choice, extra = {}) =>
					`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: body.model, choices: [choice], ...extra })}\n\n`;
				res.write(chunk({ index: 0, delta, finish_reason: null }));
				res.write(chunk({ index: 0, delta: {}, finish_reason: finish }, { usage }));
				return res.end('data: [DONE]\n\n');
			}
			res.writeHead(200, { 'content-type': 'application/json' });
			res.end(
				JSON.stringify({
					id,
					object: 'chat.completion',
					created,
					model: body.model,
					choices: [{ index: 0, message, finish_reason: finish }],
					usage,
				}),
			);
		});
	});
	await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${server.address().port}/v1`,
		calls,
		stop: () => new Promise((resolve) => server.close(resolve)),
	};
}

// ------------------------------------------------------------- the workflows

let uid = 0;
const nodeId = () => `00000000-0000-4000-8000-${String(++uid).padStart(12, '0')}`;
const fromAI = (key, description) => `={{ $fromAI('${key}', '${description}', 'string') }}`;
const workspaceFromAI = {
	__rl: true,
	mode: 'id',
	value: fromAI('workspaceId', 'The workspace ID (a UUID)'),
};

/** Manual trigger -> AI Agent, with the scripted chat model and the given Asset Tracking tools. */
function agentWorkflow(id, question, tools) {
	const toolNodes = tools.map(([name, parameters], i) => ({
		id: nodeId(),
		name,
		type: TOOL_TYPE,
		typeVersion: 1,
		position: [400 + 200 * i, 300],
		parameters: { options: {}, ...parameters },
		credentials: { [CREDENTIAL.type]: { id: CREDENTIAL.id, name: CREDENTIAL.name } },
	}));
	const connections = {
		Start: { main: [[{ node: 'AI Agent', type: 'main', index: 0 }]] },
		'Chat Model': {
			ai_languageModel: [[{ node: 'AI Agent', type: 'ai_languageModel', index: 0 }]],
		},
	};
	for (const t of toolNodes)
		connections[t.name] = { ai_tool: [[{ node: 'AI Agent', type: 'ai_tool', index: 0 }]] };
	return {
		id,
		name: `E2E: AI agent (${id})`,
		active: false,
		settings: { executionOrder: 'v1' },
		connections,
		nodes: [
			{
				id: nodeId(),
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: nodeId(),
				name: 'AI Agent',
				type: '@n8n/n8n-nodes-langchain.agent',
				typeVersion: 3.1,
				position: [300, 0],
				parameters: { promptType: 'define', text: question, options: {} },
			},
			{
				id: nodeId(),
				name: 'Chat Model',
				type: '@n8n/n8n-nodes-langchain.lmChatOpenAi',
				typeVersion: 1.3,
				position: [200, 300],
				parameters: {
					model: { __rl: true, mode: 'id', value: 'scripted-model' },
					responsesApiEnabled: false,
					options: {},
				},
				credentials: { openAiApi: { id: OPENAI.id, name: OPENAI.name } },
			},
			...toolNodes,
		],
	};
}

// ------------------------------------------------------------- the tests

/**
 * The agent tests, with run.js's helpers (one n8n, one simulator for the whole run): each of the
 * returned functions registers one test where run.js calls it. The temperature question checks
 * every asset list of the workspace the service answered during its run, so it runs when no
 * active trigger lists the workspace (one would, a minute later, with newer readings).
 * `npm run test:e2e -- --test-name-pattern="AI agent"` runs only these.
 */
function register({ workflowTest, ctx, execute, itemsOf, say, writeJson, WORK }) {
	let setup = null;
	after(() => ctx.agentModel && ctx.agentModel.stop());
	const ready = () =>
		(setup ??= (async () => {
			const model = await startModelServer();
			ctx.agentModel = model;
			const cred = [{ ...OPENAI, data: { apiKey: 'sk-scripted', url: model.url } }];
			await importCredentials(
				writeJson(path.join(WORK, 'agent-credential.json'), cred),
				ctx.n8n.env,
			);
			const dir = path.join(WORK, 'agent-workflows');
			const ws = ctx.sim.seed.workspaceId;
			// Both agents get the same two tools: the assets of a workspace, and consignment create: a
			// custom operation (a list, run by the router) and a routed one (one item, one answer, run
			// by n8n's RoutingNode; issue 39).
			const TOOLS = [
				[
					'Assets',
					{
						resource: 'asset',
						operation: 'getMany',
						workspaceId: workspaceFromAI,
						returnAll: true,
						simplify: true,
					},
				],
				[
					'Consignment',
					{
						resource: 'consignment',
						operation: 'create',
						workspaceId: workspaceFromAI,
						trackingRef: fromAI('trackingRef', 'The tracking reference'),
					},
				],
			];
			writeJson(
				path.join(dir, 'agent-temperatures.json'),
				agentWorkflow(
					'e2eAgentTemps01',
					`Which assets in workspace ${ws} are above ${THRESHOLD} °C right now?`,
					TOOLS,
				),
			);
			writeJson(
				path.join(dir, 'agent-consignment.json'),
				agentWorkflow(
					'e2eAgentConsig1',
					`Create a consignment for tracking reference ${TRACKING_REF} in workspace ${ws}.`,
					TOOLS,
				),
			);
			const r = await n8nCli(['import:workflow', '--separate', `--input=${dir}`], ctx.n8n.env);
			assert.equal(r.status, 0, `import:workflow failed:\n${r.stdout}${r.stderr}`);
			say(`AI agent: scripted model on ${model.url}, credential and 2 workflows imported`);
			return model;
		})());

	/** Runs one agent workflow; returns its answer, the tool calls it made and the exchanges they caused. */
	async function ask(id) {
		const model = await ready();
		const fromCall = model.calls.length;
		const fromLog = ctx.sim.log.length;
		const run = await execute(id);
		const [answer] = itemsOf(run, 'AI Agent');
		const toolCalls = model.calls
			.slice(fromCall)
			.filter((c) => c.reply.toolCall)
			.map((c) => c.reply.toolCall);
		for (const c of toolCalls) say(`AI agent tool call: ${c.name}(${JSON.stringify(c.arguments)})`);
		say(`AI agent answer: ${answer && answer.output}`);
		return { answer: answer && answer.output, toolCalls, exchanges: ctx.sim.log.slice(fromLog) };
	}

	const temperatures = () =>
		workflowTest(
			'AI agent: "which assets in workspace X are above 8 °C right now?"',
			{ timeout: 180_000 },
			async () => {
				const ws = ctx.sim.seed.workspaceId;
				const { answer, toolCalls, exchanges } = await ask('e2eAgentTemps01');
				assert.equal(toolCalls.length, 1, 'one tool call');
				assert.deepEqual(toolCalls[0].arguments, { workspaceId: ws });
				const lists = exchanges.filter(
					(e) => e.operation === 'GET /workspaces/{workspaceId}/assets' && e.status === 200,
				);
				assert.ok(lists.length >= 1, 'the tool call reached the simulator');
				for (const e of lists) assert.equal(e.pathParams.workspaceId, ws);
				// What the simulator sent, every page: the newest temperature of each asset.
				const assets = lists.flatMap((e) => e.responseBody.items);
				const temperatureOf = (a) => {
					const items = (a.temperatures && a.temperatures.items) || [];
					return items.length
						? items.reduce((x, y) => (x.timestamp >= y.timestamp ? x : y)).degreesCelsius
						: null;
				};
				const hot = assets.filter((a) => temperatureOf(a) !== null && temperatureOf(a) > THRESHOLD);
				const cold = assets.filter(
					(a) => temperatureOf(a) !== null && temperatureOf(a) <= THRESHOLD,
				);
				assert.ok(hot.length > 0 && cold.length > 0, 'the seed has assets on both sides of 8 °C');
				for (const a of hot)
					assert.ok(
						answer.includes(`${a.name} (${temperatureOf(a)} °C)`),
						`answer quotes ${a.name}: ${answer}`,
					);
				for (const a of cold)
					assert.ok(
						!answer.includes(`${a.name} (`),
						`answer leaves out ${a.name} (${temperatureOf(a)} °C)`,
					);
			},
		);

	const consignment = () =>
		workflowTest('AI agent: "create a consignment for …"', { timeout: 180_000 }, async () => {
			const ws = ctx.sim.seed.workspaceId;
			const { answer, toolCalls, exchanges } = await ask('e2eAgentConsig1');
			assert.equal(toolCalls.length, 1, 'one tool call');
			assert.deepEqual(toolCalls[0].arguments, { workspaceId: ws, trackingRef: TRACKING_REF });
			const creates = exchanges.filter(
				(e) => e.operation === 'POST /workspaces/{workspaceId}/consignments',
			);
			assert.equal(creates.length, 1, 'one create request reached the simulator');
			const [create] = creates;
			assert.equal(create.status, 201);
			assert.equal(create.pathParams.workspaceId, ws);
			// The service takes consignments as a list; the tool sends the one the agent asked for.
			assert.deepEqual(
				create.requestBody.consignments.map((c) => c.trackingRef),
				[TRACKING_REF],
			);
			const created = objectsIn(create.responseBody).find(
				(o) => o.trackingRef === TRACKING_REF && typeof o.id === 'string',
			);
			assert.ok(
				created,
				`the simulator answered with the consignment: ${JSON.stringify(create.responseBody)}`,
			);
			assert.equal(
				answer,
				`Created consignment ${created.id} for tracking reference ${TRACKING_REF}.`,
			);
		});

	return { temperatures, consignment };
}

module.exports = { register, startModelServer, agentWorkflow };
