import * as api from '../api';
import { definePicker, shortId } from './picker';

export const spacePicker = definePicker({
	name: 'spaceId',
	displayName: 'Space',
	searchMethod: 'searchSpaces',
	id: shortId(['00Es43YBJfNRXNSvLmni', 'Zk3pR8vWq1LmN5tBc7Ya']),
	list: {
		endpoint: api.listSpaces,
		what: 'spaces',
		serviceSearch: true,
		// The spec names a space's fields spaceId/spaceName, the OpenAPI id/name: accept either.
		toResult: (s) => ({
			name: `${s.name ?? s.spaceName} (${s.id ?? s.spaceId})`,
			value: String(s.id ?? s.spaceId),
		}),
	},
});
