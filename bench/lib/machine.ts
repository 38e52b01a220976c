/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
// The machine a run happened on, recorded with its figures: the numbers mean little without it.
import { cpus, loadavg, totalmem, type as osType, release } from 'os';

export interface MachineInfo {
	cpuModel: string;
	cores: number;
	memoryBytes: number;
	node: string;
	os: string;
	/** 1-minute load average when the run started and ended: other work on the machine shows here. */
	loadAverage: { start: number; end?: number };
}

export function machineInfo(): MachineInfo {
	const cpuList = cpus();
	return {
		cpuModel: cpuList[0]?.model.trim() ?? 'unknown',
		cores: cpuList.length,
		memoryBytes: totalmem(),
		node: process.version,
		os: `${osType()} ${release()}`,
		loadAverage: { start: Math.round(loadavg()[0] * 100) / 100 },
	};
}

export const currentLoad = () => Math.round(loadavg()[0] * 100) / 100;
