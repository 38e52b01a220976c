import {
	ExecutionLifecycleHooks,
	LoadOptionsContext,
	PollContext,
	TriggersAndPollers,
	WorkflowExecute,
} from 'n8n-core';
import { createRunExecutionData, Workflow } from 'n8n-workflow';
import type {
	ExecutionError,
	IDataObject,
	INode,
	INodeExecutionData,
	INodeListSearchResult,
	INodePropertyOptions,
	INodeType,
	INodeParameters,
	IRun,
	IWorkflowBase,
	IWorkflowExecuteAdditionalData,
	WorkflowActivateMode,
	WorkflowExecuteMode,
} from 'n8n-workflow';

import { TestCredentialsHelper } from './credentialsHelper';
import { nodeTypes } from './nodeTypes';

export const NODE_TYPE = 'n8n-nodes-asset-tracking.assetTracking';
export const TRIGGER_TYPE = 'n8n-nodes-asset-tracking.assetTrackingTrigger';
export const CREDENTIAL_TYPE = 'assetTrackingOAuth2Api';

export interface ServiceEndpoint {
	baseUrl: string;
	authUrl: string;
	clientId: string;
	clientSecret: string;
}

export interface NodeRun {
	/** Output items of the node under test (first output). */
	items: INodeExecutionData[];
	/** The node's error when it failed and did not continue. */
	error?: ExecutionError;
	run: IRun;
}

export interface RunOptions {
	input?: IDataObject[];
	continueOnFail?: boolean;
	nodeType?: string;
	credentialId?: string;
	/** The node version the workflow holds (default 1: the version every workflow saved before 2 has). */
	typeVersion?: number;
	/** The workflow's time zone setting (Workflow Settings → Timezone); n8n's default when unset. */
	timezone?: string;
}

/**
 * Executes nodes the way n8n does: a real Workflow run by n8n-core's WorkflowExecute, with the
 * credential read through a credentials helper that stores OAuth tokens like n8n's database.
 */
export class EngineHarness {
	readonly credentials = new TestCredentialsHelper(nodeTypes);

	constructor(
		endpoint: ServiceEndpoint,
		/** n8n-core shares token refreshes per credential id within a process: tests that run side by side use their own. */
		private readonly credentialId = 'cred-1',
	) {
		this.addCredential(credentialId, endpoint);
	}

	addCredential(id: string, endpoint: ServiceEndpoint) {
		this.credentials.setCredential(id, CREDENTIAL_TYPE, {
			baseUrl: endpoint.baseUrl,
			tokenHostUrl: endpoint.authUrl,
			clientId: endpoint.clientId,
			clientSecret: endpoint.clientSecret,
		});
	}

	async runNode(parameters: INodeParameters, options: RunOptions = {}): Promise<NodeRun> {
		const itemsNode: INode = {
			id: 'items',
			name: 'Items',
			type: 'test.items',
			typeVersion: 1,
			position: [0, 0],
			parameters: { items: JSON.stringify(options.input ?? [{}]) },
		};
		const node: INode = {
			...this.nodeWithCredential(
				'Asset Tracking',
				options.nodeType ?? NODE_TYPE,
				parameters,
				options.credentialId,
			),
			typeVersion: options.typeVersion ?? 1,
			position: [200, 0],
			continueOnFail: options.continueOnFail,
		};
		const workflow = new Workflow({
			id: 'wf-test',
			nodes: [itemsNode, node],
			connections: { Items: { main: [[{ node: node.name, type: 'main', index: 0 }]] } },
			active: false,
			nodeTypes,
			settings: options.timezone ? { timezone: options.timezone } : undefined,
		});
		const runExecutionData = createRunExecutionData({
			executionData: {
				nodeExecutionStack: [{ node: itemsNode, data: { main: [[{ json: {} }]] }, source: null }],
			},
		});
		const { additionalData, finished } = this.additionalData(workflow, 'manual');
		await new WorkflowExecute(additionalData, 'manual', runExecutionData).processRunExecutionData(
			workflow,
		);
		const run = await finished;
		const nodeRun = run.data.resultData.runData[node.name]?.[0];
		return {
			items: nodeRun?.data?.main?.[0] ?? [],
			error: nodeRun?.error ?? run.data.resultData.error,
			run,
		};
	}

	/**
	 * Runs one poll of the trigger through n8n-core's poller. `staticData` is the workflow's
	 * static data (what n8n saves between polls); pass the same object again to continue.
	 * `budgetMs` is what n8n's getPollBudgetMs answers (n8n's default: 5 minutes);
	 * `typeVersion` the node version the workflow was saved with (default 1).
	 */
	async poll(
		parameters: INodeParameters,
		staticData: IDataObject,
		mode: WorkflowExecuteMode = 'trigger',
		activation: WorkflowActivateMode = 'activate',
		{
			budgetMs,
			typeVersion,
			timezone,
		}: { budgetMs?: number; typeVersion?: number; timezone?: string } = {},
	): Promise<INodeExecutionData[] | null> {
		const node = {
			...this.nodeWithCredential('Asset Tracking Trigger', TRIGGER_TYPE, parameters),
			typeVersion: typeVersion ?? 1,
		};
		const workflow = new Workflow({
			id: 'wf-trigger',
			nodes: [node],
			connections: {},
			active: true,
			nodeTypes,
			staticData,
			settings: timezone ? { timezone } : undefined,
		});
		const { additionalData } = this.additionalData(workflow, mode);
		const context = new PollContext(
			workflow,
			node,
			additionalData,
			mode,
			activation,
			undefined,
			undefined,
			undefined,
			undefined,
			undefined,
			budgetMs === undefined ? undefined : () => budgetMs,
		);
		const result = await new TriggersAndPollers().runPollFunction(workflow, node, context);
		// n8n saves the static data after a poll; the caller holds the same object.
		Object.assign(staticData, workflow.staticData);
		return result?.[0] ?? null;
	}

	/**
	 * Calls a resource picker's listSearch method the way the editor does: with the node's
	 * current parameters (so a picker can read the chosen workspace), a filter and a page token.
	 */
	async listSearch(
		method: string,
		parameters: INodeParameters,
		filter?: string,
		paginationToken?: string,
	): Promise<INodeListSearchResult> {
		const type = nodeTypes.getByNameAndVersion(NODE_TYPE) as INodeType;
		const search = type.methods?.listSearch?.[method];
		if (!search) throw new Error(`No listSearch method ${method}`);
		return await search.call(this.pickerContext(method, parameters), filter, paginationToken);
	}

	/** Calls a loadOptions method of the action node (a multi-picker), as the editor does. */
	async loadOptions(method: string, parameters: INodeParameters): Promise<INodePropertyOptions[]> {
		const type = nodeTypes.getByNameAndVersion(NODE_TYPE) as INodeType;
		const load = type.methods?.loadOptions?.[method];
		if (!load) throw new Error(`No loadOptions method ${method}`);
		return await load.call(this.pickerContext(method, parameters));
	}

	/** The context n8n gives a picker's method: the node's current parameters, the credential. */
	private pickerContext(method: string, parameters: INodeParameters): LoadOptionsContext {
		const node = this.nodeWithCredential('Asset Tracking', NODE_TYPE, parameters);
		const workflow = new Workflow({
			id: 'wf-picker',
			nodes: [node],
			connections: {},
			active: false,
			nodeTypes,
		});
		const { additionalData } = this.additionalData(workflow, 'manual');
		additionalData.currentNodeParameters = parameters;
		return new LoadOptionsContext(workflow, node, additionalData, `parameters.${method}`);
	}

	/** A node of ours as a workflow holds it, using this harness's credential. */
	private nodeWithCredential(
		name: string,
		type: string,
		parameters: INodeParameters,
		credentialId?: string,
	): INode {
		return {
			id: name.toLowerCase().replace(/\W+/g, '-'),
			name,
			type,
			typeVersion: 1,
			position: [0, 0],
			parameters,
			credentials: {
				[CREDENTIAL_TYPE]: { id: credentialId ?? this.credentialId, name: 'Asset Tracking' },
			},
		};
	}

	private additionalData(workflow: Workflow, mode: WorkflowExecuteMode) {
		const workflowData = {
			id: workflow.id,
			name: 'test',
			active: false,
			nodes: Object.values(workflow.nodes),
			connections: workflow.connectionsBySourceNode,
			createdAt: new Date(),
			updatedAt: new Date(),
		} as unknown as IWorkflowBase;
		const hooks = new ExecutionLifecycleHooks(mode, 'exec-1', workflowData);
		let resolveRun!: (run: IRun) => void;
		const finished = new Promise<IRun>((resolve) => (resolveRun = resolve));
		hooks.addHandler('workflowExecuteAfter', (run) => resolveRun(run));
		const additionalData = {
			hooks,
			credentialsHelper: this.credentials,
			variables: {},
			currentNodeExecutionIndex: 0,
			restApiUrl: 'http://127.0.0.1/rest',
			instanceBaseUrl: 'http://127.0.0.1',
			// Never called by these nodes, but n8n-core builds $execution.resumeUrl from them.
			formBaseUrl: 'http://127.0.0.1/form',
			formWaitingBaseUrl: 'http://127.0.0.1/form-waiting',
			formTestBaseUrl: 'http://127.0.0.1/form-test',
			webhookBaseUrl: 'http://127.0.0.1/webhook',
			webhookWaitingBaseUrl: 'http://127.0.0.1/webhook-waiting',
			webhookTestBaseUrl: 'http://127.0.0.1/webhook-test',
			mcpBaseUrl: 'http://127.0.0.1/mcp',
			mcpTestBaseUrl: 'http://127.0.0.1/mcp-test',
			executeWorkflow: async () => {
				throw new Error('Sub-workflows are not part of these tests');
			},
			getRunExecutionData: async () => undefined,
			getRuntimeCredential: async () => undefined,
		} as unknown as IWorkflowExecuteAdditionalData;
		return { additionalData, finished };
	}
}
