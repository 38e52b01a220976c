import { definePicker, UUID_ID } from './picker';

export const facilityPicker = definePicker({
	name: 'facilityId',
	displayName: 'Facility',
	searchMethod: 'searchFacilities',
	id: UUID_ID,
	list: {
		path: '/workspaces/{workspaceId}/facilities',
		what: 'facilities',
		serviceSearch: false,
		toResult: (f) => ({ name: String(f.name), value: String(f.id) }),
	},
});
