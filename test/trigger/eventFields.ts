// The fields of the trigger's items as the README's events table documents them (version 4):
// every asset event's item starts with the asset's, then its event's own, then `summary`; a
// consignment's, piece's, asset group's or printer's (issue 27) with `event`, then its own (they
// name the subject), then `summary`. Fetch Test Event's samples carry exactly these; real items
// may add what the service sent (a location's address).
import { SUBJECT_EVENT_FIELDS } from './families/scenario';

export const ASSET_FIELDS = ['event', 'assetId', 'assetName', 'bleId', 'nfcId'];

export const EVENT_FIELDS: Record<string, string[]> = {
	temperatureReading: ['timestamp', 'degreesCelsius'],
	location: ['latitude', 'longitude', 'accuracy', 'locationTimestamp'],
	excursionStarted: ['direction', 'threshold', 'startedAt', 'detectedAt', 'peakCelsius'],
	excursionEnded: [
		'direction',
		'threshold',
		'startedAt',
		'endedAt',
		'durationMinutes',
		'peakCelsius',
	],
	enteredSpace: ['spaceId', 'spaceName', 'enteredOn'],
	leftSpace: ['spaceId', 'spaceName', 'enteredOn', 'exitedOn'],
	enteredFacility: ['facilityId', 'facilityName', 'userFacilityId', 'enteredOn'],
	leftFacility: ['facilityId', 'facilityName', 'userFacilityId', 'enteredOn', 'exitedOn'],
	wentSilent: ['lastSeenAt', 'silentMinutes'],
	reportingAgain: ['lastSeenAt', 'resumedAt', 'silentMinutes'],
	budgetConsumed: [
		'percent',
		'budgetMinutes',
		'consumedMinutes',
		'remainingMinutes',
		'reachedAt',
		'maxTemperature',
		'minTemperature',
	],
	...SUBJECT_EVENT_FIELDS,
};

/** The fields a version 4 item of `event` opens with: the asset's, or only `event` for a subject's. */
export const openingFields = (event: string) =>
	event in SUBJECT_EVENT_FIELDS ? ['event'] : ASSET_FIELDS;
