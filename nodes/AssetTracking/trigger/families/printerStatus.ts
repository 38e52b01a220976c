import { serviceTimestamp } from '../core/timestamp';
import { printers } from '../subjects/printers';
import type { EventFamily } from './family';
import { subjectOf } from './words';
import { decodeObserved, encodeObserved, observe, type Observed } from './observed';

/**
 * Printers going offline and back: a change of a printer's `isOnline` between two polls, as the
 * workspace's printer list shows it (no request besides the list). `observedAt` is the service's
 * clock at the poll that saw it. Unknown values and first values: observed.ts.
 */
export const printerStatus: EventFamily<Observed> = {
	name: 'printerStatus',
	events: [
		{
			value: 'printerOffline',
			name: 'Printer Offline',
			description: 'A printer of the workspace went offline',
		},
		{
			value: 'printerOnline',
			name: 'Printer Online',
			description: 'A printer of the workspace came online',
		},
	],
	settings: () => undefined,
	kind: printers,
	fold: ({ subject, memory, seeding, now }) => {
		const value = typeof subject.item.isOnline === 'boolean' ? subject.item.isOnline : undefined;
		const { emits, next } = observe(value, memory, seeding);
		const event = {
			event: value ? 'printerOnline' : 'printerOffline',
			// A change the service gives no time for: the poll that observed it.
			id: serviceTimestamp(now),
			at: now,
			fields: {
				printerId: subject.id,
				printerName: typeof subject.item.name === 'string' ? subject.item.name : null,
				observedAt: serviceTimestamp(now),
			},
		};
		return { memory: next, events: emits ? [event] : [] };
	},
	sample: (_event, { subject, now }) => ({
		printerId: subject.id,
		printerName: typeof subject.item.name === 'string' ? subject.item.name : null,
		observedAt: serviceTimestamp(now),
	}),
	summary: (item, words) =>
		`${subjectOf('Printer', item.printerName, item.printerId)} ${item.event === 'printerOnline' ? 'came online' : 'went offline'} ${words.at(item.observedAt)}`,
	encode: (memory) => encodeObserved(memory),
	decode: (text) => decodeObserved(text),
};
