import * as api from '../api';
import { definePicker, shortId } from './picker';

export const assetPicker = definePicker({
	name: 'assetId',
	displayName: 'Asset',
	searchMethod: 'searchAssets',
	id: shortId(['Mip48ssbhfbKUdFJOUkO', 'Qx7TnW2bLk9RfA3sVd0e']),
	list: {
		endpoint: api.listAssets,
		what: 'assets',
		serviceSearch: true,
		toResult: (a) => ({ name: `${a.name} (${a.id})`, value: String(a.id) }),
	},
});
