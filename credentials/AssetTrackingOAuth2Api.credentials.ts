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
		'https://github.com/n8n-nodes-asset-tracking/n8n-nodes-asset-tracking/blob/main/docs/credential.md';

	/**
	 * n8n lists an extending credential's own fields after the ones it inherits (it merges by name,
	 * appending new names), so Base URL and Token Host URL cannot come first: the inherited Client
	 * ID field, overridden here in place, points to them instead. The defaults are the production
	 * addresses of the reference OpenAPI (its `servers` entry and its token URL).
	 */
	properties: INodeProperties[] = [
		{
			displayName: 'Client ID',
			name: 'clientId',
			type: 'string',
			// As inherited: shown unless n8n's dynamic client registration is on (it is hidden off).
			displayOptions: { show: { useDynamicClientRegistration: [false] } },
			default: '',
			required: true,
			description:
				'From your Asset Tracking account. Base URL and Token Host URL below default to the production service; change them for another one (e.g. the local simulator of "npm run simulator").',
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: 'https://api.reelables.com/v1',
			placeholder: 'https://api.reelables.com/v1',
			description:
				'Address of the service, ending in /v1. The local simulator started by "npm run simulator" prints its own.',
			required: true,
		},
		{
			displayName: 'Token Host URL',
			name: 'tokenHostUrl',
			type: 'string',
			default: 'https://auth.reelables.com',
			placeholder: 'https://auth.reelables.com',
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
			default: 'https://auth.reelables.com/full-access',
			description:
				'Space-separated scopes to request. The service names one, full access (the default); leave empty for the client default.',
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
