// transport/: requests to the service and nothing else: the client (the credential read once, the
// first token, retries, deadlines), paging, path encoding, the shapes of answers, errors that name
// method, path, status and request-id, secrets redacted. It imports n8n-workflow and Node's crypto
// only, never the rest of the pack; the pack imports it through this index.
export { AssetTrackingClient, CREDENTIAL_TYPE } from './client';
export type { PathParams } from './paths';
export type { ApiRequest, ApiResponse, QueryValue } from './client';
export { MAX_PAGE_SIZE, paginate } from './paginate';
export type { Page, PageOptions } from './paginate';
export { DEFAULT_TRANSPORT_POLICY } from './retryPolicy';
export type { Connection, RetryPolicy, TransportPolicy } from './retryPolicy';
export type { ResponseShape } from './shape';
export { asNotFound, excerpt, requestError } from './apiError';
export { refusal } from './refusal';
