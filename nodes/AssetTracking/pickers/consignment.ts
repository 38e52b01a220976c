import { definePicker, UUID_ID } from './picker';

export const consignmentPicker = definePicker({
	name: 'consignmentId',
	displayName: 'Consignment',
	searchMethod: 'searchConsignments',
	id: UUID_ID,
	list: {
		path: '/workspaces/{workspaceId}/consignments',
		what: 'consignments',
		serviceSearch: false,
		toResult: (c) => ({ name: String(c.trackingRef), value: String(c.id) }),
	},
});
