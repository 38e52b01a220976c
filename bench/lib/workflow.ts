// Runs a chain of nodes (any type, any version) through n8n-core's WorkflowExecute, with the
// engine harness's credentials helper and execution data.
//
// EngineHarness.runNode fixes the node under test at typeVersion 1 and one node after the
// input; n8n's HTTP Request node needs its own version (4.x) and a Split Out after it. The
// harness's additionalData() is private to the tests' harness, so it is reached through a
// cast instead of being copied here: one place keeps up with what n8n-core expects.
import { WorkflowExecute } from 'n8n-core';
import { createRunExecutionData, Workflow } from 'n8n-workflow';
import type {
	INode,
	INodeExecutionData,
	IRun,
	IWorkflowExecuteAdditionalData,
	WorkflowExecuteMode,
} from 'n8n-workflow';

import type { EngineHarness } from '../../engine/engine';
import { nodeTypes } from '../../engine/nodeTypes';

type WithAdditionalData = {
	additionalData(
		workflow: Workflow,
		mode: WorkflowExecuteMode,
	): { additionalData: IWorkflowExecuteAdditionalData; finished: Promise<IRun> };
};

export interface ChainRun {
	/** Output of the last node. */
	items: INodeExecutionData[];
	/** Per node, n8n's own executionTime (ms) of its run. */
	nodeMs: Record<string, number>;
	error?: string;
}

/** Executes `chain` in order, each node fed by the one before; the first gets one empty item. */
export async function runChain(
	harness: EngineHarness,
	chain: Array<Omit<INode, 'id' | 'position'>>,
): Promise<ChainRun> {
	const nodes: INode[] = chain.map((node, i) => ({
		...node,
		id: `node-${i}`,
		position: [i * 200, 0],
	}));
	const connections = Object.fromEntries(
		nodes
			.slice(0, -1)
			.map((node, i) => [
				node.name,
				{ main: [[{ node: nodes[i + 1].name, type: 'main' as const, index: 0 }]] },
			]),
	);
	const workflow = new Workflow({ id: 'wf-bench', nodes, connections, active: false, nodeTypes });
	const runExecutionData = createRunExecutionData({
		executionData: {
			nodeExecutionStack: [{ node: nodes[0], data: { main: [[{ json: {} }]] }, source: null }],
		},
	});
	const { additionalData, finished } = (harness as unknown as WithAdditionalData).additionalData(
		workflow,
		'manual',
	);
	await new WorkflowExecute(additionalData, 'manual', runExecutionData).processRunExecutionData(
		workflow,
	);
	const run = await finished;
	const runData = run.data.resultData.runData;
	const last = runData[nodes[nodes.length - 1].name]?.[0];
	const failed = nodes
		.map((node) => runData[node.name]?.[0]?.error)
		.find((error) => error !== undefined);
	return {
		items: last?.data?.main?.[0] ?? [],
		nodeMs: Object.fromEntries(
			nodes.map((node) => [node.name, runData[node.name]?.[0]?.executionTime ?? NaN]),
		),
		error: (failed ?? run.data.resultData.error)?.message,
	};
}
