import type { INodeProperties } from 'n8n-workflow';

import { rules } from '../../helpers/validation';
import { assetPicker, pickerWorkspaceLocator } from '../../pickers';
import type { ParamReader } from '../params';

/** The fields of an operation on one asset (the endpoints with an assetId): the picker's workspace, then the asset. */
export const oneAssetFields = (description?: string): INodeProperties[] => [
	pickerWorkspaceLocator('asset'),
	assetPicker.locator(description),
];

export const assetIdParam = (p: ParamReader) => ({
	assetId: p.required('assetId', rules.id(20)),
});

export const summaryLocationsField: INodeProperties = {
	displayName: 'Summary Locations',
	name: 'summaryLocations',
	type: 'boolean',
	default: false,
	description: 'Whether to return summary (merged) locations instead of the raw locations',
};

/** The service takes summaryLocations as the text true or false. */
export const summaryLocationsQuery = (p: ParamReader) => ({
	summaryLocations: p.optional<boolean>('summaryLocations') === true ? 'true' : 'false',
});
