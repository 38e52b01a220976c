import type { IDataObject } from 'n8n-workflow';

import * as api from '../../api';
import { defineOperation } from '../types';
import {
	assetIdParam,
	oneAssetFields,
	summaryLocationsField,
	summaryLocationsQuery,
} from './common';

/**
 * The deprecated `error` of a location, copied into coordinate.accuracy where that is missing.
 * Everything else, `error` included, passes through unchanged.
 */
function withAccuracyFromError(location: IDataObject): IDataObject {
	const coordinate = location.coordinate as IDataObject | undefined;
	if (typeof location.error !== 'number' || !coordinate || coordinate.accuracy !== undefined)
		return location;
	return {
		...location,
		coordinate: { ...coordinate, accuracy: location.error },
	};
}

export const getLocations = defineOperation({
	operation: 'getLocations',
	name: 'Get Locations',
	action: 'Get the locations of an asset',
	description: 'Get the location history of an asset',
	endpoint: api.getAssetLocationHistory,
	list: true,
	fields: [
		...oneAssetFields(),
		summaryLocationsField,
		{
			displayName: 'Output Options',
			name: 'outputOptions',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			options: [
				{
					displayName: 'Add Accuracy From Error',
					name: 'accuracyFromError',
					type: 'boolean',
					default: true,
					description:
						'Whether to copy the deprecated "error" of a location into coordinate.accuracy when the service sent no accuracy. The "error" field itself is kept.',
				},
			],
		},
	],
	build: (p) => ({ pathParams: assetIdParam(p), qs: summaryLocationsQuery(p) }),
	output: (page, _parts, p) => {
		const items = page.items as IDataObject[];
		return p.fromCollection<boolean>('outputOptions', 'accuracyFromError') === true
			? items.map(withAccuracyFromError)
			: items;
	},
});
