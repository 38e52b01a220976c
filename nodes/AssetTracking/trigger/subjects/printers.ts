import * as api from '../../api';
import { listSubjects } from './shared';
import type { SubjectKind } from './subject';

/** The workspace's printers (api.listPrinters, one request per 10,000): each says isOnline. */
export const printers: SubjectKind<{ workspaceId: string }> = {
	name: 'printers',
	scope: ({ workspaceId }) => ({ workspaceId }),
	list: async (client, { workspaceId }, limit) =>
		await listSubjects(
			client,
			'printers',
			api.requestTo(api.listPrinters, { pathParams: { workspaceId } }),
			(item) => item.printerId,
			[],
			limit,
		),
};
