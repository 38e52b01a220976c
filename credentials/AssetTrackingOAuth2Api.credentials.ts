import type { Icon, ICredentialTestRequest, ICredentialType, INodeProperties } from 'n8n-workflow';

/**
 * OAuth 2.0 client credentials for the Asset Tracking Service.
 *
 * It extends n8n's built-in `oAuth2Api` instead of fetching tokens itself: n8n then keeps the
 * token in the credential record (shared by every execution and worker), and on a 401 fetches a
 * new one once, under a lock. The spec wants `grant_type=client_credentials` as a query parameter
 * of the token request; n8n's client keeps the query of the access token URL, so it goes there
 * (n8n also repeats it in the form body, which the service ignores).
 */
export class AssetTrackingOAuth2Api implements ICredentialType {
	name = 'assetTrackingOAuth2Api';

	extends = ['oAuth2Api'];

	displayName = 'Asset Tracking OAuth2 API';

	icon: Icon = {
		light: 'file:../nodes/AssetTracking/assetTracking.svg',
		dark: 'file:../nodes/AssetTracking/assetTracking.dark.svg',
	};

	documentationUrl =
		'https://github.com/n8n-nodes-asset-tracking/n8n-nodes-asset-tracking#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: 'http://127.0.0.1:5679/v1',
			placeholder: 'https://api.example.com/v1',
			description:
				'Address of the service, ending in /v1. The default is the local simulator started by "npm run simulator".',
			required: true,
		},
		{
			displayName: 'Token Host URL',
			name: 'tokenHostUrl',
			type: 'string',
			default: 'http://127.0.0.1:5679',
			placeholder: 'https://auth.example.com',
			description: 'Host of the token endpoint; the token is requested from {host}/oauth2/token',
			required: true,
		},
		{
			displayName: 'Grant Type',
			name: 'grantType',
			type: 'hidden',
			default: 'clientCredentials',
		},
		{
			displayName: 'Access Token URL',
			name: 'accessTokenUrl',
			type: 'hidden',
			default:
				'={{$self["tokenHostUrl"].replace(/\\/+$/, "")}}/oauth2/token?grant_type=client_credentials',
		},
		{
			displayName: 'Authorization URL',
			name: 'authUrl',
			type: 'hidden',
			default: '',
		},
		{
			displayName: 'Scope',
			name: 'scope',
			type: 'string',
			default: '',
			description: 'Space-separated scopes to request; leave empty for the client default',
		},
		{
			displayName: 'Auth URI Query Parameters',
			name: 'authQueryParameters',
			type: 'hidden',
			default: '',
		},
		{
			// The spec: "Authorization is the word Basic followed by the base64 encoding of id:secret".
			displayName: 'Authentication',
			name: 'authentication',
			type: 'hidden',
			default: 'header',
		},
	];

	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl}}',
			url: '/workspaces',
			qs: { limit: '1' },
		},
	};
}
