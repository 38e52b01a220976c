/**
 * Where the interface spec (spec/asset-tracking-api.md, the authority) and the OpenAPI 1.3.11
 * (openapi.d.ts) disagree, the spec wins. This is the one place the endpoint types apply that:
 * every disagreement is listed here, by the id of the patch the contract tests apply to the
 * OpenAPI before checking exchanges against it (test/contract/overlay.ts), and the README table
 * "Where the spec and the OpenAPI disagree" says more.
 *
 * Changing what a response holds (applied below, by AsSpecified):
 * - space-spec-fields: a Space has at least spaceId, spaceName and facilityId (spec); the
 *   OpenAPI's Space has id, name and an optional facilityId. The service sends both pairs.
 *
 * Rules on values, which a type cannot hold (the nodes' validation rules and the contract tests
 * apply them):
 * - no-backtick: the OpenAPI's NAME/TOKEN patterns admit a backtick; the spec's charsets do not.
 * - status-400: neither document shows the status for invalid input; the service answers 400
 *   with the spec's error body.
 * - asset-group-id-not-uuid: an Asset Group id is typed uuid but patterned like a NAME.
 * - static-gateway-position: a Gateway with isStatic true requires latitude and longitude.
 * - temperature-one-decimal: degreesCelsius is rounded to one decimal.
 * - print-jobs-max-items: OpenAPI defect, maxItems 1000 sits on the print job, not the array.
 * - print-template-params-pattern: OpenAPI defect, the pattern of requiredParams sits on the
 *   array, not on each name.
 *
 * Not a disagreement, but easy to miss: GET /workspaces/{workspaceId} answers a one-element
 * `{ items: [...] }` list (OpenAPI; the spec does not show the body).
 */
import type { components } from './openapi';

type OpenApiSpace = components['schemas']['Space'];

/** A Space as the spec describes it: the OpenAPI's, plus spaceId, spaceName and facilityId. */
type SpecSpace = OpenApiSpace & { spaceId: string; spaceName: string; facilityId: string };

/** Whether two types are identical (not merely assignable: an Asset is assignable to a Space). */
type Same<A, B> =
	(<X>() => X extends A ? 1 : 2) extends <X>() => X extends B ? 1 : 2 ? true : false;

/** An OpenAPI type with the spec's deviations applied, at any depth. */
export type AsSpecified<T> =
	Same<T, OpenApiSpace> extends true
		? SpecSpace
		: T extends ReadonlyArray<infer U>
			? Array<AsSpecified<U>>
			: T extends object
				? { [K in keyof T]: AsSpecified<T[K]> }
				: T;
