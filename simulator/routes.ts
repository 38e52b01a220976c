// The 45 operations of the OpenAPI 1.3.11 and their handlers.
import * as history from './handlers/asset-history';
import * as assets from './handlers/assets';
import * as items from './handlers/consignment-items';
import * as consignments from './handlers/consignments';
import * as facilities from './handlers/facilities';
import * as printJobs from './handlers/print-jobs';
import * as printers from './handlers/printers';
import * as spaces from './handlers/spaces';
import * as workspaces from './handlers/workspaces';
import { Router } from './http/router';

export function buildRouter(): Router {
	const r = new Router();
	r.add('GET', '/assets/{assetId}', assets.getAsset);
	r.add('PUT', '/assets/{assetId}', assets.updateAsset);
	r.add('DELETE', '/assets/{assetId}', assets.deleteAsset);
	r.add('GET', '/assets/{assetId}/facilities', history.assetFacilities);
	r.add('POST', '/assets/{assetId}/labels', assets.linkAssetLabel);
	r.add('DELETE', '/assets/{assetId}/labels/{bleId}', assets.unlinkAssetLabel);
	r.add('GET', '/assets/{assetId}/locations', history.assetLocations);
	r.add('GET', '/assets/{assetId}/spaces', history.assetSpaces);
	r.add('GET', '/assets/{assetId}/temperatures', history.assetTemperatures);
	r.add('GET', '/consignments/{consignmentId}', consignments.getConsignment);
	r.add('GET', '/consignments/{consignmentId}/gateways', items.listConsignmentGateways);
	r.add('POST', '/consignments/{consignmentId}/gateways', items.addConsignmentGateways);
	r.add(
		'DELETE',
		'/consignments/{consignmentId}/gateways/{gatewayId}',
		items.removeConsignmentGateway,
	);
	r.add('GET', '/consignments/{consignmentId}/pieces', items.listPieces);
	r.add('POST', '/consignments/{consignmentId}/pieces', items.createPieces);
	r.add('DELETE', '/consignments/{consignmentId}/pieces/{pieceId}', items.deletePiece);
	r.add('GET', '/facilities/{facilityId}', facilities.getFacility);
	r.add('GET', '/facilities/{facilityId}/asset-groups', facilities.listAssetGroups);
	r.add('GET', '/print-jobs/{printJobId}', printJobs.getPrintJob);
	r.add('DELETE', '/print-jobs/{printJobId}', printJobs.cancelPrintJob);
	r.add('GET', '/print-jobs/{printJobId}/statuses', printJobs.printJobStatusList);
	r.add('GET', '/printers/{printerId}/print-jobs', printJobs.listPrintJobs);
	r.add('POST', '/printers/{printerId}/print-jobs', printJobs.createPrintJobs);
	r.add('GET', '/spaces/{spaceId}', spaces.getSpace);
	r.add('PUT', '/spaces/{spaceId}', spaces.updateSpace);
	r.add('DELETE', '/spaces/{spaceId}', spaces.deleteSpace);
	r.add('GET', '/spaces/{spaceId}/assets', spaces.spaceAssets);
	r.add('POST', '/spaces/{spaceId}/gateways', spaces.linkSpaceGateway);
	r.add('PUT', '/spaces/{spaceId}/gateways/{gatewayId}', spaces.updateSpaceGateway);
	r.add('DELETE', '/spaces/{spaceId}/gateways/{gatewayId}', spaces.unlinkSpaceGateway);
	r.add('GET', '/workspaces', workspaces.listWorkspaces);
	r.add('GET', '/workspaces/{workspaceId}', workspaces.getWorkspace);
	r.add('GET', '/workspaces/{workspaceId}/assets', assets.listAssets);
	r.add('POST', '/workspaces/{workspaceId}/assets', assets.createAssets);
	r.add('GET', '/workspaces/{workspaceId}/consignments', consignments.listConsignments);
	r.add('POST', '/workspaces/{workspaceId}/consignments', consignments.createConsignments);
	r.add('PATCH', '/workspaces/{workspaceId}/consignments', consignments.patchConsignment);
	r.add('GET', '/workspaces/{workspaceId}/facilities', facilities.listFacilities);
	r.add('GET', '/workspaces/{workspaceId}/print-templates', printers.listPrintTemplates);
	r.add('GET', '/workspaces/{workspaceId}/printers', printers.listPrinters);
	r.add('GET', '/workspaces/{workspaceId}/printers/{printerId}', printers.getPrinter);
	r.add('PUT', '/workspaces/{workspaceId}/printers/{printerId}', printers.updatePrinter);
	r.add('DELETE', '/workspaces/{workspaceId}/printers/{printerId}', printers.deletePrinter);
	r.add('GET', '/workspaces/{workspaceId}/spaces', spaces.listSpaces);
	r.add('POST', '/workspaces/{workspaceId}/spaces', spaces.createSpaces);
	return r;
}
