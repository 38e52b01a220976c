import * as api from '../../api';
import { rules } from '../../helpers/validation';
import { workspacePicker } from '../../pickers';
import { defineOperation } from '../types';
import { trackingRefField } from './common';
import { workspaceIdParam } from '../params';

export const update = defineOperation({
	operation: 'update',
	name: 'Update',
	action: 'Update a consignment',
	description: 'Start or stop tracking a consignment',
	endpoint: api.updateConsignmentByTrackingRef,
	fields: [
		workspacePicker.locator(),
		trackingRefField('Reference of the consignment to update, in your own system'),
		{
			displayName: 'Is Active',
			name: 'isActive',
			type: 'boolean',
			default: true,
			description: 'Whether the consignment is actively tracked',
		},
	],
	build: (p) => ({
		pathParams: workspaceIdParam(p),
		qs: { trackingRef: p.required('trackingRef', rules.text(500)) },
		body: { isActive: p.required<boolean>('isActive') },
	}),
});
