import type { IExecuteFunctions, ILoadOptionsFunctions, IPollFunctions } from 'n8n-workflow';

/**
 * What the transport is handed by n8n: an execution, a poll or a picker's search. Its own file
 * so the client's parts (the first-token gate, the credential cache) can name it without
 * importing the client that imports them.
 */
export type RequestContext = IExecuteFunctions | IPollFunctions | ILoadOptionsFunctions;
