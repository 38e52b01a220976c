import * as api from '../api';
import { definePicker, UUID_ID } from './picker';

export const consignmentPicker = definePicker({
	name: 'consignmentId',
	displayName: 'Consignment',
	searchMethod: 'searchConsignments',
	id: UUID_ID,
	list: {
		endpoint: api.listConsignments,
		what: 'consignments',
		serviceSearch: false,
		toResult: (c) => ({ name: String(c.trackingRef), value: String(c.id) }),
	},
});
