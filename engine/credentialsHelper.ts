import { Credentials } from 'n8n-core';
import { ICredentialsHelper, NodeHelpers, Workflow } from 'n8n-workflow';
import type {
	ICredentialDataDecryptedObject,
	ICredentials,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeParameters,
	INodeProperties,
	INodeTypes,
	IWorkflowExecuteAdditionalData,
	WorkflowExecuteMode,
} from 'n8n-workflow';

import { credentialProperties, credentialTypes } from './credentialTypes';

/**
 * Stands in for n8n's database-backed credentials helper: one record per credential id, read
 * afresh (defaults applied, expressions resolved) on every use, and OAuth token data written
 * back to the record, so a token is shared by every execution exactly as in n8n.
 */
export class TestCredentialsHelper extends ICredentialsHelper {
	private readonly records = new Map<
		string,
		{ type: string; data: ICredentialDataDecryptedObject }
	>();

	/**
	 * Called after each read of a credential, before the reader gets it: a test can change the
	 * record there, as another process writing to n8n's database between two reads would.
	 */
	afterRead?: (id: string) => Promise<void> | void;

	/** How often n8n wrote new OAuth token data back (one per token fetched or refreshed). */
	tokenWrites = 0;

	/** A one-node workflow whose only job is to evaluate the credential's expressions. */
	private readonly resolver: { node: INode; workflow: Workflow };

	constructor(nodeTypes: INodeTypes) {
		super();
		const node: INode = {
			id: 'credential-resolver',
			name: 'Credential',
			type: 'test.items',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		};
		this.resolver = {
			node,
			workflow: new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes }),
		};
	}

	setCredential(id: string, type: string, data: ICredentialDataDecryptedObject) {
		this.records.set(id, { type, data: structuredClone(data) });
	}

	/** The stored record, as a database row would hold it. */
	stored(id: string): ICredentialDataDecryptedObject | undefined {
		return this.records.get(id)?.data;
	}

	getParentTypes(name: string): string[] {
		return credentialTypes.getParentTypes(name);
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const type = credentialTypes.getByName(typeName);
		if (typeof type.authenticate === 'function')
			return await type.authenticate(credentials, requestOptions);
		return requestOptions;
	}

	async preAuthentication(): Promise<undefined> {
		return undefined;
	}

	async runPreAuthentication(): Promise<undefined> {
		return undefined;
	}

	async getCredentials(
		nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<ICredentials> {
		return new Credentials({ id: nodeCredentials.id, name: nodeCredentials.name }, type);
	}

	async getDecrypted(
		_additionalData: IWorkflowExecuteAdditionalData,
		nodeCredentials: INodeCredentialsDetails,
		type: string,
		mode: WorkflowExecuteMode,
	): Promise<ICredentialDataDecryptedObject> {
		const record = this.records.get(nodeCredentials.id ?? '');
		if (!record) throw new Error(`No credential "${nodeCredentials.id}" of type ${type}`);
		const data = this.resolve(type, structuredClone(record.data), mode);
		await this.afterRead?.(nodeCredentials.id ?? '');
		return data;
	}

	async updateCredentials(
		nodeCredentials: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		this.setCredential(nodeCredentials.id ?? '', type, data);
	}

	async updateCredentialsOauthTokenData(
		nodeCredentials: INodeCredentialsDetails,
		_type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		const record = this.records.get(nodeCredentials.id ?? '');
		if (!record) throw new Error(`No credential "${nodeCredentials.id}"`);
		record.data.oauthTokenData = structuredClone(data.oauthTokenData);
		this.tokenWrites++;
	}

	getCredentialsProperties(type: string): INodeProperties[] {
		return credentialProperties(type);
	}

	/** Applies the type's defaults and resolves expressions against the credential itself ($self). */
	private resolve(type: string, data: ICredentialDataDecryptedObject, mode: WorkflowExecuteMode) {
		const properties = credentialProperties(type);
		const withDefaults = (NodeHelpers.getNodeParameters(
			properties,
			data as INodeParameters,
			true,
			false,
			null,
			null,
		) ?? {}) as ICredentialDataDecryptedObject;
		for (const [key, value] of Object.entries(data))
			if (!(key in withDefaults)) withDefaults[key] = value;
		return this.resolver.workflow.expression.getComplexParameterValue(
			this.resolver.node,
			withDefaults as INodeParameters,
			mode,
			{},
			undefined,
			undefined,
			withDefaults,
		) as ICredentialDataDecryptedObject;
	}
}
