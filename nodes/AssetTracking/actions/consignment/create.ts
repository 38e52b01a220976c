import type { IDataObject } from 'n8n-workflow';

import * as api from '../../api';
import { rules } from '../../helpers/validation';
import { workspacePicker } from '../../pickers';
import { consignmentGatewayFields, readConsignmentGateway } from '../gatewayFields';
import { MAX_PIECES_PER_REQUEST, pieceElement, pieceFields } from '../pieceFields';
import { defineOperation } from '../types';
import { trackingRefField } from './common';
import { workspaceIdParam } from '../params';

export const create = defineOperation({
	operation: 'create',
	name: 'Create',
	action: 'Create a consignment',
	description: 'Create a consignment with its pieces and an optional gateway',
	endpoint: api.createConsignment,
	// The response lists the created consignments ({ items: [consignment] }); output the one.
	response: 'objectInPage',
	fields: [
		workspacePicker.locator(),
		trackingRefField('Reference of the consignment in your own system'),
		{
			displayName: 'Pieces',
			name: 'pieces',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add Piece',
			default: {},
			description: 'Pieces of the consignment, each named by the NFC ID of its label: at most 100',
			options: [{ displayName: 'Piece', name: 'piece', values: pieceFields }],
		},
		{
			displayName: 'Add Gateway',
			name: 'addGateway',
			type: 'boolean',
			default: false,
			description: 'Whether to add a gateway (a receiver travelling with the consignment)',
		},
		...consignmentGatewayFields({ addGateway: [true] }),
	],
	build: (p) => {
		const entries = (p.collection('pieces').piece as IDataObject[] | undefined) ?? [];
		p.check(p.label('pieces'), entries, rules.maxItems(MAX_PIECES_PER_REQUEST, 'pieces'));
		const pieces = entries.map((entry, k) =>
			pieceElement(
				p,
				entry,
				(name) => `"${name === 'nfcId' ? 'NFC ID' : 'Tracking Reference'}" of piece ${k + 1}`,
			),
		);
		// The service takes one consignment per request (maxItems 1).
		const consignment: IDataObject = {
			trackingRef: p.required('trackingRef', rules.text(500)),
			pieces,
		};
		if (p.optional<boolean>('addGateway') === true)
			consignment.gateways = [readConsignmentGateway(p)];
		return {
			pathParams: workspaceIdParam(p),
			body: { consignments: [consignment] },
		};
	},
});
