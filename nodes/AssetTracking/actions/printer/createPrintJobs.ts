import type { IDataObject } from 'n8n-workflow';

import * as api from '../../api';
import { parseJsonObject, rules } from '../../helpers/validation';
import { assetPicker, pickerWorkspaceLocator, printerPicker } from '../../pickers';
import { defineOperation } from '../types';

export const createPrintJobs = defineOperation({
	operation: 'createPrintJobs',
	name: 'Create Print Jobs',
	action: 'Send print jobs to a printer',
	description: 'Print the label of an asset on a printer',
	endpoint: api.sendPrintJobs,
	fields: [
		pickerWorkspaceLocator('printer and the asset'),
		printerPicker.locator(),
		assetPicker.locator('Asset to print a label for'),
		{
			displayName: 'Additional Fields',
			name: 'additionalFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [
				{
					displayName: 'Replace Existing Label',
					name: 'replaceExistingLabel',
					type: 'boolean',
					default: false,
					description:
						'Whether the printed label replaces the label the asset is already linked to, if any',
				},
				{
					displayName: 'Template ID',
					name: 'templateId',
					type: 'string',
					default: '',
					placeholder: 'e.g. 6f1c2a34-8b9d-4e0f-a1b2-c3d4e5f60718',
					description:
						'ID of the print template to use (see Get Print Templates): up to 36 characters',
				},
				{
					displayName: 'Template Parameters',
					name: 'templateParams',
					type: 'json',
					default: '{}',
					description: 'Values for the parameters the print template requires, as a JSON object',
				},
			],
		},
	],
	batch: {
		bodyKey: 'printJobs',
		max: 1000,
		responseKey: 'items',
		element: (p) => {
			const element: IDataObject = {
				assetId: p.required('assetId', rules.id(20)),
			};
			const templateId = p.fromCollection('additionalFields', 'templateId', rules.text(36));
			const templateParams = p.fromCollection(
				'additionalFields',
				'templateParams',
				rules.jsonObject(),
			);
			const replaceExistingLabel = p.fromCollection<boolean>(
				'additionalFields',
				'replaceExistingLabel',
			);
			if (templateId !== undefined) element.templateId = templateId;
			const params = templateParams === undefined ? undefined : parseJsonObject(templateParams);
			if (params && Object.keys(params).length > 0) element.templateParams = params as IDataObject;
			if (replaceExistingLabel !== undefined) element.replaceExistingLabel = replaceExistingLabel;
			return {
				element,
				pathParams: { printerId: p.required('printerId', rules.id(50)) },
			};
		},
	},
});
