import { validateExchanges } from './contract';
import { Simulator, type SimulatorOptions } from '../../simulator';
import { EngineHarness } from '../../engine/engine';

export interface SimulatorFixture {
	sim: Simulator;
	n8n: EngineHarness;
}

/**
 * One simulator per test file, a fresh engine harness bound to it, and, when the file is done,
 * every recorded request and response checked against the OpenAPI contract.
 */
export function useSimulator(options: SimulatorOptions = {}): SimulatorFixture {
	const fixture = {} as SimulatorFixture;
	beforeAll(async () => {
		fixture.sim = new Simulator({ clock: 'manual', ...options });
		await fixture.sim.start();
		fixture.n8n = new EngineHarness(fixture.sim);
	});
	afterAll(async () => {
		const violations = validateExchanges(fixture.sim.log);
		await fixture.sim.stop();
		expect(violations).toEqual([]);
	});
	return fixture;
}
