/**
 * pickers/: the resource pickers (From List / By ID) of both nodes, one file per resource. Each
 * file declares its picker once with definePicker: the parameter (name, label, ID pattern) and
 * the listSearch method behind its From List mode (the list endpoint, search, how an entry is
 * named), the method's name given once and used by both. A node serves its pickers' methods with
 * listSearchOf. Shared by the action node and the trigger: imports api/, helpers/ and
 * transport/, never actions/ or trigger/.
 */
import { assetPicker } from './asset';
import { consignmentPicker } from './consignment';
import { facilityPicker } from './facility';
import type { Picker } from './picker';
import { printerPicker } from './printer';
import type { LoadOptionsMethod, SearchMethod } from './search';
import { spacePicker } from './space';
import { workspacePicker } from './workspace';

export {
	assetPicker,
	consignmentPicker,
	facilityPicker,
	printerPicker,
	spacePicker,
	workspacePicker,
};
export { pickerWorkspaceLocator } from './workspace';

/** Every picker: the action node offers them all. */
export const PICKERS: readonly Picker[] = [
	workspacePicker,
	assetPicker,
	spacePicker,
	facilityPicker,
	consignmentPicker,
	printerPicker,
];

/** A node's `methods.listSearch`: each picker's search method under the name its locator gives. */
export function listSearchOf(pickers: readonly Picker[]): Record<string, SearchMethod> {
	return Object.fromEntries(pickers.map((picker) => [picker.searchMethod, picker.search]));
}

/** A node's `methods.loadOptions`: each multi-picker's options method under the name its field gives. */
export function loadOptionsOf(pickers: readonly Picker[]): Record<string, LoadOptionsMethod> {
	return Object.fromEntries(pickers.map((picker) => [picker.optionsMethod, picker.options]));
}
