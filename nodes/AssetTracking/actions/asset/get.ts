import * as api from '../../api';
import { defineOperation } from '../types';
import {
	assetIdParam,
	oneAssetFields,
	summaryLocationsField,
	summaryLocationsQuery,
} from './common';
import { nodeVersion, wantsSimplified } from '../simplify';
import { simplifyAsset, simplifyField } from './simplify';

export const get = defineOperation({
	operation: 'get',
	name: 'Get',
	action: 'Get an asset',
	description: 'Get an asset with its label, space and readings',
	endpoint: api.getAsset,
	fields: [...oneAssetFields(), summaryLocationsField, ...simplifyField],
	build: (p) => ({ pathParams: assetIdParam(p), qs: summaryLocationsQuery(p) }),
	output: (body, _parts, p) => (wantsSimplified(p) ? simplifyAsset(body, nodeVersion(p)) : body),
});
