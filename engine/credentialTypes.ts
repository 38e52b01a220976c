import type { ICredentialType, ICredentialTypes, INodeProperties } from 'n8n-workflow';

import { AssetTrackingOAuth2Api } from '../credentials/AssetTrackingOAuth2Api.credentials';

/**
 * n8n's own `oAuth2Api` lives in n8n-nodes-base, which is not a dependency here; these are the
 * fields of it that a client-credentials credential uses, with n8n's names and defaults.
 */
class OAuth2ApiBase implements ICredentialType {
	name = 'oAuth2Api';
	displayName = 'OAuth2 API';
	properties: INodeProperties[] = [
		{
			displayName: 'Grant Type',
			name: 'grantType',
			type: 'options',
			default: 'authorizationCode',
			options: [],
		},
		{ displayName: 'Authorization URL', name: 'authUrl', type: 'string', default: '' },
		{ displayName: 'Access Token URL', name: 'accessTokenUrl', type: 'string', default: '' },
		{ displayName: 'Client ID', name: 'clientId', type: 'string', default: '' },
		{
			displayName: 'Client Secret',
			name: 'clientSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
		},
		{ displayName: 'Scope', name: 'scope', type: 'string', default: '' },
		{
			displayName: 'Auth URI Query Parameters',
			name: 'authQueryParameters',
			type: 'string',
			default: '',
		},
		{
			displayName: 'Authentication',
			name: 'authentication',
			type: 'options',
			default: 'header',
			options: [],
		},
	];
}

const all: ICredentialType[] = [new OAuth2ApiBase(), new AssetTrackingOAuth2Api()];
const byName = new Map(all.map((type) => [type.name, type]));

export const credentialTypes: ICredentialTypes = {
	recognizes: (name) => byName.has(name),
	getByName: (name) => {
		const type = byName.get(name);
		if (!type) throw new Error(`Unknown credential type ${name}`);
		return type;
	},
	getSupportedNodes: () => [],
	getParentTypes(name) {
		const parents = byName.get(name)?.extends ?? [];
		return parents.flatMap((parent) => [parent, ...this.getParentTypes(parent)]);
	},
};

/** Own properties after the parents', as n8n merges them (the child's definition wins). */
export function credentialProperties(name: string): INodeProperties[] {
	const chain = [...credentialTypes.getParentTypes(name).reverse(), name];
	const merged = new Map<string, INodeProperties>();
	for (const typeName of chain) {
		for (const property of credentialTypes.getByName(typeName).properties)
			merged.set(property.name, property);
	}
	return [...merged.values()];
}
