import * as api from '../api';
import { definePicker, shortId } from './picker';

export const assetPicker = definePicker({
	name: 'assetId',
	displayName: 'Asset',
	searchMethod: 'searchAssets',
	id: shortId('e.g. AST-0001'),
	list: {
		endpoint: api.listAssets,
		what: 'assets',
		serviceSearch: true,
		toResult: (a) => ({ name: `${a.name} (${a.id})`, value: String(a.id) }),
	},
});
