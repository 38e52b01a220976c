import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { INode } from 'n8n-workflow';

/** The error as n8n shows it: service and node errors as they are, anything else wrapped. */
export function asNodeError(node: INode, error: unknown): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	return new NodeOperationError(node, error as Error);
}

/** Whether the service answered that it does not know the asset (or whatever was asked). */
export const isNotFound = (error: unknown) =>
	error instanceof NodeApiError && String(error.httpCode) === '404';
