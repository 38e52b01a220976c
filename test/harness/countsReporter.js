// Prints, after every jest run, how many test files, tests and passing assertions (expect calls)
// ran, so a reviewer sees at a glance that a change kept or grew them.
class CountsReporter {
	onRunComplete(_contexts, results) {
		let assertions = 0;
		for (const file of results.testResults) {
			for (const test of file.testResults) assertions += test.numPassingAsserts ?? 0;
		}
		const line =
			`counts: ${results.numTotalTestSuites} test files, ${results.numPassedTests}/${results.numTotalTests} tests passed, ` +
			`${assertions} assertions passed`;
		process.stdout.write(`${line}\n`);
	}
}

module.exports = CountsReporter;
