import type {
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { listSearchOf, loadOptionsOf } from './pickers';
import {
	TRIGGER_PICKERS,
	triggerProperties,
	triggerSubtitle,
} from './trigger/parameters/description';
import { poll } from './trigger/poll/poll';

export class AssetTrackingTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Asset Tracking Trigger',
		name: 'assetTrackingTrigger',
		icon: { light: 'file:assetTracking.svg', dark: 'file:assetTracking.dark.svg' },
		group: ['trigger'],
		// Version 6: rules per room (each watched room, or each room of Rules by Space, with its
		// range, Minimum Duration, Hysteresis, Stability Budget and Dwell Limit; the node's range the
		// default for rooms not listed); every temperature, alarm and dwell item names the room the
		// asset was in; samples judged by the room's rule; a lower alarm's reminders give way to a
		// higher one's; an alarm's eventId follows its name, not its spaces.
		// Version 5: sentences write their moments in the workflow's time zone.
		// Version 5: every item carries `eventId` (the same event, the same ID, whichever poll,
		// restart or trigger instance emits it), for a Remove Duplicates node downstream.
		// Version 5: alarm levels (Alarms: Alarm Raised, Ongoing, Cleared) and reminders while an
		// alarm or an excursion stays open (Remind Every: Alarm Ongoing, Excursion Ongoing).
		// Version 5: dwell limits (Dwell Exceeded) and overdue shipments (Consignment Overdue).
		// Version 5: the temperature range on the node, shown with the temperature events; a watched
		// space picked once with its range; Watch only with asset events; items name their space and
		// facility (spaceName, facilityName); At Least (Assets) judges asset groups by the user's N.
		// Version 4: the retry, timeout and size settings in Advanced; location items flat with the
		// action's Simplify names, no null alert fields, a `summary` sentence on every item.
		// Version 3: Events (excursions, spaces, facilities, silence besides readings). Version 2:
		// pickers for the watched assets and spaces. Version 1 took comma-separated IDs. Workflows
		// saved with earlier versions keep their behaviour and their output.
		version: [1, 2, 3, 4, 5, 6],
		defaultVersion: 6,
		subtitle: triggerSubtitle(),
		description:
			'Starts the workflow on temperature excursions, space and facility changes, silent labels and new readings of tracked assets, on shipments (consignments and their pieces), on stock (asset groups running short) and on printers going offline.',
		defaults: { name: 'Asset Tracking Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'assetTrackingOAuth2Api', required: true }],
		properties: triggerProperties(),
	};

	// loadOptions: the spaces an alarm applies to (a list of IDs, n8n's multiOptions).
	methods = {
		listSearch: listSearchOf(TRIGGER_PICKERS),
		loadOptions: loadOptionsOf(TRIGGER_PICKERS),
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await poll.call(this);
	}
}
