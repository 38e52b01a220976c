// The test files that take minutes: long trigger scenarios (hundreds of simulated polls, late
// uploads, budget cuts, restarts, deletions) and the transport's timeout cases (real stalls of
// whole seconds). `npm test` leaves them out so the everyday loop stays under two minutes;
// `npm run test:slow` runs exactly these, and CI runs both (.ci/run, .github/workflows/ci.yml).
// Measured on 2 cores: together about 400 s of the 250 s jest run before the split.
module.exports = [
	'test/trigger/exactlyOnce.newestFirst.test.ts',
	'test/trigger/exactlyOnce.oldestFirst.test.ts',
	'test/trigger/late.test.ts',
	'test/trigger/budget.test.ts',
	// Issue 25's property test: 24 seeded combinations of deterministic budget cuts, batched
	// uploads, small pages, poll intervals, embeds and stragglers (about 2 minutes).
	'test/trigger/cuts.property.test.ts',
	// Issue 34: relayed whole batches deep in the window, at polls of 1, 5 and 7 minutes, every age
	// up to the window - 1 minute, the service's Date behind the labels, the border (a few minutes).
	'test/trigger/relay.test.ts',
	// Every event family under deterministic budget cuts, the assets and the consignments,
	// facilities and printers of issue 27 in one rotation (about 40 s).
	'test/trigger/families/cuts.test.ts',
	'test/trigger/restart.test.ts',
	'test/trigger/deletion.test.ts',
	'test/transport/adversarial/timeouts.test.ts',
	// Issue 38: the temperature report's PDF read by Debian's poppler-utils (pdftotext, pdftoppm),
	// which npm test does not need.
	'test/actions/reportPdf.test.ts',
	// Every event family exactly once through 312 polls with failed polls, budget cuts and
	// restarts (issues 17 and 27's acceptance; about 100 s on a slow 2-core machine).
	'test/trigger/families/events.test.ts',
	// A simulated day of 50 assets with every event (issue 17's long run).
	'test/trigger/families/longrun.test.ts',
	// 2,000 assets with every event, and 1,000 consignments of 20 pieces with 200 asset groups and
	// 50 printers: the state-size acceptance of issues 17 and 27 (about 50 s and 80 s).
	'test/trigger/families/stateSize.test.ts',
	// Issue 36's time limits (dwell, overdue) against their oracle at polls of 1 and 5 minutes with
	// failed polls, budget cuts, restarts, 429s, token expiry and readings uploaded in batches up to
	// an hour old (about 2 minutes on 2 busy cores).
	'test/trigger/families/timeLimitScenario.test.ts',
	// Issue 46: every excursion, alarm episode and budget share of the complete timeline once, with
	// the oldest third of every upload relayed 30, 60 and 150 minutes late, at polls of 1 and 5
	// minutes with restarts, cuts and 429s, against the in-order control.
	'test/trigger/families/lateScenario.test.ts',
];
