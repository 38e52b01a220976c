// In-memory records. These are the simulator's own shapes (times as epoch ms, links by id);
// views.ts turns them into the API representations.
import type { HoverProfile, TemperatureStep } from '../readings/profiles';

export interface WorkspaceRec {
	id: string;
	name: string;
	/** false for the seeded forbidden workspace: it exists, but the client's token may not touch it. */
	accessible: boolean;
}

/** One period during which a Label was linked to an Asset. Readings exist only inside periods. */
export interface LabelPeriod {
	bleId: number;
	nfcId: string;
	reportingInterval: string;
	addedOn: number;
	/** null while linked. Readings stop at (before) this time. */
	removedOn: number | null;
	/** A label that stopped reporting (out of range, battery): no readings from this time on. */
	silentFrom?: number;
	/** Periods [from, until) in which the label says nothing and then reports again (quiet labels). */
	quiet?: Array<{ from: number; until: number }>;
}

export interface MembershipRec {
	spaceId: string;
	/** Kept so the history still names a Space after it was deleted. */
	spaceName: string;
	enteredOn: number;
	exitedOn: number | null;
}

export interface AssetRec {
	id: string;
	name: string;
	workspaceId: string;
	createdOn: number;
	labels: LabelPeriod[];
	memberships: MembershipRec[];
	/** Opt-in temperature curve near a bound (readings/profiles.ts); default: the seeded curve. */
	temperatureProfile?: HoverProfile;
	/** Opt-in scripted temperatures (readings/profiles.ts), over the curve or the profile. */
	temperatureScript?: TemperatureStep[];
}

export interface FacilityRec {
	id: string;
	name: string;
	workspaceId: string;
	createdAt: number;
	userFacilityId?: string;
}

export interface GatewayRec {
	gatewayId: string;
	manufacturer: string;
	deviceId?: string;
	shortId?: string;
	productName?: string;
	isStatic?: boolean;
	latitude?: number;
	longitude?: number;
	hasPendingCommands?: boolean;
	rssiFilter?: string | number;
	addedOn: number;
}

export interface SpaceRec {
	id: string;
	name: string;
	workspaceId: string;
	facilityId: string;
	createdOn: number;
	gateway: GatewayRec | null;
}

export interface AssetGroupRec {
	id: string;
	name: string;
	workspaceId: string;
	facilityId: string;
	/** undefined = the service default (3). */
	availabilityThreshold?: number;
	memberAssetIds: string[];
}

export interface PrinterRec {
	printerId: string;
	name: string;
	workspaceId: string;
	/** undefined: the service leaves isOnline out (it is optional), so nobody knows. */
	isOnline: boolean | undefined;
	addedOn: number;
}

export interface PrintTemplateRec {
	templateId: string;
	workspaceId: string;
	requiredParams: string[];
}

export interface PrintJobRec {
	id: string;
	printerId: string;
	workspaceId: string;
	assetId: string;
	origin: string;
	createdAt: number;
	templateId?: string;
	replaceExistingLabel?: boolean;
	includeCutLine: boolean;
	/** How the job ends once printed; 'failure' jobs carry failureReason. */
	outcome: 'success' | 'failure';
	failureReason?: string;
	cancelledAt: number | null;
}

export interface FacilityStayRec {
	facilityId: string;
	enteredOn: number;
	exitedOn: number | null;
}

export interface PieceLabel {
	bleId: number;
	nfcId: string;
	reportingInterval: string;
	addedOn: number;
}

export interface PieceRec {
	id: string;
	trackingRef: string;
	consignmentId: string;
	workspaceId: string;
	label?: PieceLabel;
	createdOn: number;
	inFacilities: FacilityStayRec[];
}

export interface ConsignmentEvent {
	when: number;
	facilityId?: string;
}

export interface ConsignmentRec {
	id: string;
	trackingRef: string;
	workspaceId: string;
	destination?: { name?: string; facilityId?: string };
	isActive: boolean;
	activated?: ConsignmentEvent;
	deactivated?: ConsignmentEvent;
	/** Piece ids in insertion order. */
	pieceIds: string[];
	gateways: GatewayRec[];
}
