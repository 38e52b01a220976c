// From version 5 a summary writes its moments as a person reads them in the workflow's time zone
// (issue 37: "27 Nov 09:25 CET"); version 4 keeps the service's ISO timestamps.
import { localWords, serviceWords } from '../../nodes/AssetTracking/trigger/families/words';

describe('the moments of a summary', () => {
	it.each([
		['Europe/Berlin', '2026-11-27T08:25:19Z', '27 Nov 09:25 CET'],
		['Europe/Berlin', '2026-07-01T22:05:00Z', '2 Jul 00:05 CEST'],
		['America/New_York', '2026-11-27T08:25:19Z', '27 Nov 03:25 EST'],
		['Asia/Kolkata', '2026-11-27T08:25:19Z', '27 Nov 13:55 GMT+5:30'],
		['UTC', '2026-11-27T08:25:19Z', '27 Nov 08:25 UTC'],
		// Every month from one table: ICU's British "Sept" (ICU 72 on) is not written.
		['Europe/Berlin', '2026-09-05T09:25:00Z', '5 Sep 11:25 CEST'],
		['UTC', '2026-01-31T23:59:00Z', '31 Jan 23:59 UTC'],
	])('in %s, %s reads "%s"', (zone, iso, expected) => {
		const words = localWords(zone);
		expect(words.time(iso)).toBe(expected);
		expect(words.at(iso)).toBe(`at ${expected}`);
	});

	it('version 4 writes the timestamps as the service gives them', () => {
		expect(serviceWords.at('2026-11-27T08:25:19Z')).toBe('at 2026-11-27T08:25:19Z');
	});

	it('a moment a sample could not fill reads as an unknown time, and text that is no time stays as it is', () => {
		for (const words of [serviceWords, localWords('Europe/Berlin')]) {
			expect(words.at(null)).toBe('at an unknown time');
			expect(words.time(undefined)).toBe('an unknown time');
		}
		expect(localWords('Europe/Berlin').time('soon')).toBe('soon');
	});
});
