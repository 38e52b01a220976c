// The fields of the trigger's items as the README's events table documents them (version 4):
// every item starts with the asset's, then its event's own, then `summary`. Fetch Test Event's
// samples carry exactly these; real items may add what the service sent (a location's address).

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
};
