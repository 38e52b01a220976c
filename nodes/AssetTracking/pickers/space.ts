import * as api from '../api';
import { definePicker, shortId } from './picker';

export const spacePicker = definePicker({
	name: 'spaceId',
	displayName: 'Space',
	searchMethod: 'searchSpaces',
	id: shortId('e.g. SPC-0001'),
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
