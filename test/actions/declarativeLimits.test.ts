// Why the action node is not declarative (issue 29, blocked). n8n 2.41's RoutingNode, which runs
// every operation of a node without execute() that is not a custom operation, does three things
// the pack's contract forbids, whatever the routing's preSend and pagination hook do:
//   1. it re-wraps every failure of an item that is not a NodeApiError into one, so a refusal of
//      bad input (a NodeOperationError naming field, rule and part) stops the node as a NodeApiError;
//   2. it adds an item's outputs with one spread call, which overflows the stack past about 125,000
//      outputs, while a list of the spec's may hold 1,000,000;
//   3. under Continue On Fail it turns any failure into an error item, so a setting the node cannot
//      run with no longer stops the node.
// Each case runs a minimal declarative node (and, for contrast, the same failure from execute())
// through n8n-core's real WorkflowExecute. When one of these fails after an n8n upgrade, the block
// on issue 29 may be gone: see docs/actions.md#routed-and-custom-operations.
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';
import type {
	IExecuteFunctions,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';

import { EngineHarness } from '../../engine/engine';
import { registerNodeType } from '../../engine/nodeTypes';

/** How many outputs the test node's one request gives, and whether its input is refused. */
interface Ask {
	outputs: number;
	refuse: boolean;
	brokenSetting: boolean;
}

function askOf(ctx: IExecuteSingleFunctions | IExecuteFunctions, itemIndex: number): Ask {
	const read = (name: string, fallback: unknown) =>
		'getItemIndex' in ctx
			? (ctx as IExecuteSingleFunctions).getNodeParameter(name, fallback)
			: (ctx as IExecuteFunctions).getNodeParameter(name, itemIndex, fallback);
	return {
		outputs: read('outputs', 1) as number,
		refuse: read('refuse', false) as boolean,
		brokenSetting: read('brokenSetting', false) as boolean,
	};
}

function refusal(ctx: IExecuteSingleFunctions | IExecuteFunctions, itemIndex: number) {
	return new NodeOperationError(ctx.getNode(), 'Invalid "Asset": "a/b" contains "/" (slash)', {
		itemIndex,
		description: 'An ID may hold letters, digits, "-" and "_"',
	});
}

function outputsOf(count: number, itemIndex: number): INodeExecutionData[] {
	const pairedItem = { item: itemIndex };
	return Array.from({ length: count }, (_, n) => ({ json: { n }, pairedItem }));
}

const properties: INodeTypeDescription['properties'] = [
	{
		displayName: 'Outputs',
		name: 'outputs',
		type: 'number',
		default: 1,
		routing: {
			request: { method: 'GET', url: '/things' },
			send: { preSend: [checkInput], paginate: true },
			operations: { pagination: answer },
		},
	},
	{ displayName: 'Refuse', name: 'refuse', type: 'boolean', default: false },
	{ displayName: 'Broken Setting', name: 'brokenSetting', type: 'boolean', default: false },
];

/** The preSend: the node's own checks of the item, as a routed operation would run them. */
async function checkInput(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	if (askOf(this, this.getItemIndex()).refuse) throw refusal(this, this.getItemIndex());
	return requestOptions;
}

/** The pagination hook: where a routed operation sends its request and shapes its outputs. */
async function answer(this: IExecutePaginationFunctions): Promise<INodeExecutionData[]> {
	const ask = askOf(this, this.getItemIndex());
	if (ask.brokenSetting) {
		throw new NodeOperationError(this.getNode(), 'Invalid "Max Retries": 11 is above 10');
	}
	return outputsOf(ask.outputs, this.getItemIndex());
}

const description = (name: string): INodeTypeDescription => ({
	displayName: name,
	name,
	group: ['transform'],
	version: 1,
	description: 'Test node',
	defaults: { name },
	inputs: [NodeConnectionTypes.Main],
	outputs: [NodeConnectionTypes.Main],
	properties,
});

/** Declarative: no execute(), so n8n's RoutingNode runs it. */
class Routed implements INodeType {
	description = description('routedLimits');
}

/** The same checks and outputs from execute(), as the action node runs its operations. */
class Programmatic implements INodeType {
	description = description('programmaticLimits');

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const out: INodeExecutionData[] = [];
		for (let itemIndex = 0; itemIndex < this.getInputData().length; itemIndex++) {
			const ask = askOf(this, itemIndex);
			if (ask.refuse) throw refusal(this, itemIndex);
			for (const item of outputsOf(ask.outputs, itemIndex)) out.push(item);
		}
		return [out];
	}
}

const ROUTED = 'test.routedLimits';
const PROGRAMMATIC = 'test.programmaticLimits';
registerNodeType(ROUTED, new Routed());
registerNodeType(PROGRAMMATIC, new Programmatic());

// No request is sent: the credential is never read.
const harness = new EngineHarness(
	{
		baseUrl: 'http://127.0.0.1:9',
		authUrl: 'http://127.0.0.1:9',
		clientId: 'c',
		clientSecret: 's',
	},
	'declarative-limits',
);

describe("n8n's RoutingNode, what keeps the action node programmatic", () => {
	it('re-wraps a refusal of bad input as a NodeApiError; execute() keeps it a NodeOperationError', async () => {
		const parameters = { refuse: true };
		const routed = await harness.runNode(parameters, { nodeType: ROUTED });
		const programmatic = await harness.runNode(parameters, { nodeType: PROGRAMMATIC });

		expect(programmatic.error?.name).toBe('NodeOperationError');
		expect(routed.error?.name).toBe('NodeApiError');
		// The words survive the wrap; the class, which says "bad input, nothing sent", does not.
		expect(routed.error?.message).toBe(programmatic.error?.message);
		expect(routed.error?.description).toBe(programmatic.error?.description);
		expect((routed.error as unknown as { tags?: object }).tags).toEqual({ reWrapped: true });
	});

	it('overflows the stack adding 130,000 outputs of one item; execute() outputs them', async () => {
		const parameters = { outputs: 130_000 };
		const routed = await harness.runNode(parameters, { nodeType: ROUTED });
		const programmatic = await harness.runNode(parameters, { nodeType: PROGRAMMATIC });

		expect(programmatic.error).toBeUndefined();
		expect(programmatic.items).toHaveLength(130_000);
		expect(routed.items).toHaveLength(0);
		expect(routed.error?.message).toContain('Maximum call stack size exceeded');
	});

	it('adds up to 100,000 outputs of one item (the bound a routed list would need)', async () => {
		const routed = await harness.runNode({ outputs: 100_000 }, { nodeType: ROUTED });

		expect(routed.error).toBeUndefined();
		expect(routed.items).toHaveLength(100_000);
	});

	it('under Continue On Fail, turns a failure meant to stop the node into error items', async () => {
		const input = [{}, {}, {}];
		const routed = await harness.runNode(
			{ brokenSetting: true },
			{ nodeType: ROUTED, continueOnFail: true, input },
		);

		// Nothing the hook can throw stops the node: every item becomes an error item, and the
		// workflow goes on as if each input had failed on its own.
		expect(routed.error).toBeUndefined();
		expect(routed.items.map((item) => item.json)).toEqual([
			{ error: 'Invalid "Max Retries": 11 is above 10' },
			{ error: 'Invalid "Max Retries": 11 is above 10' },
			{ error: 'Invalid "Max Retries": 11 is above 10' },
		]);
	});
});
