import type { INodeProperties } from 'n8n-workflow';

import * as api from '../api';
import { definePicker, UUID_ID } from './picker';

export const workspacePicker = definePicker({
	name: 'workspaceId',
	displayName: 'Workspace',
	searchMethod: 'searchWorkspaces',
	id: UUID_ID,
	list: {
		endpoint: api.listWorkspaces,
		what: 'workspaces',
		serviceSearch: false,
		toResult: (w) => ({ name: String(w.name), value: String(w.id) }),
	},
});

/**
 * A Workspace field that only serves the other pickers, where nothing else names a workspace
 * (an operation whose path has none, the trigger's Specific Assets): the From List mode of an
 * asset, space, facility, consignment or printer picker lists one workspace's items, and reads
 * it from here. Optional, never sent; By ID needs no workspace.
 */
export const pickerWorkspaceLocator = (what: string): INodeProperties => ({
	...workspacePicker.locator(
		`Workspace to pick the ${what} from. Only the From List mode uses it; it is not sent to the service.`,
	),
	required: false,
});
