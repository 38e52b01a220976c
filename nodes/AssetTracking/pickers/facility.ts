import * as api from '../api';
import { definePicker, UUID_ID } from './picker';

export const facilityPicker = definePicker({
	name: 'facilityId',
	displayName: 'Facility',
	searchMethod: 'searchFacilities',
	id: UUID_ID,
	list: {
		endpoint: api.listFacilities,
		what: 'facilities',
		serviceSearch: false,
		toResult: (f) => ({ name: String(f.name), value: String(f.id) }),
	},
});
