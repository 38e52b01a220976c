import type { IDataObject } from 'n8n-workflow';

/**
 * The words the events' `summary` sentences share (each family writes its sentence from an
 * item's fields; poll/items.ts adds it to version 4 items). Plain text, so a Slack message, an email or
 * a sheet's cell shows it as it is; a field a sample could not fill reads as what stands for it.
 */
export function text(value: unknown, missing: string): string {
	return value === null || value === undefined || value === '' ? missing : String(value);
}

/** The asset as a person names it: "Asset Pallet 7" (its ID when it has no name). */
export const assetOf = (item: IDataObject) =>
	`Asset ${text(item.assetName ?? item.assetId, 'unknown')}`;

export const celsius = (value: unknown) => `${text(value, '?')} °C`;

export const at = (time: unknown) => `at ${text(time, 'an unknown time')}`;

/** A subject as a person names it: "Consignment REF-1042" (its ID when it has no name or reference). */
export const subjectOf = (noun: string, name: unknown, id: unknown) =>
	`${noun} ${text(name ?? id, 'unknown')}`;

/** A consignment event's subject: its tracking reference, else its ID. */
export const consignmentOf = (item: IDataObject) =>
	subjectOf('Consignment', item.trackingRef, item.consignmentId);
