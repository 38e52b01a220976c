export { AssetTrackingClient, CREDENTIAL_TYPE } from './client';
export type { PathParams } from './paths';
export type { ApiRequest, ApiResponse, QueryValue } from './client';
export { MAX_PAGE_SIZE, paginate } from './paginate';
export type { Page, PageOptions } from './paginate';
export { DEFAULT_TRANSPORT_POLICY } from './retryPolicy';
export type { RetryPolicy, TransportPolicy } from './retryPolicy';
export type { ResponseShape } from './shape';
export { excerpt, requestError } from './apiError';
