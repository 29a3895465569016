/**
 * The field-type registry: widgets keyed by the specification's field-type names
 * (form-configuration.md §2 "Form field types"), so a form definition written for the original
 * reads the same here. A new widget is one component plus one key here; screen documents and
 * compiled forms naming a key that is not here fail the registry check (renderer/screens.test.ts).
 */
import type { RegistryFieldsType, RegistryWidgetsType, TemplatesType } from '@rjsf/utils';
import DataTableField from '../table/DataTableField';
import ColourPickerWidget from './ColourPickerWidget';
import DateWidget from './DateWidget';
import DocumentPickerWidget from './DocumentPickerWidget';
import FileInputWidget from './FileInputWidget';
import FileUploadWidget from './FileUploadWidget';
import GridField from './GridField';
import HzCheckboxWidget from './HzCheckboxWidget';
import HzInputWidget from './HzInputWidget';
import HzSelectWidget from './HzSelectWidget';
import HzTextareaWidget from './HzTextareaWidget';
import ImageField from './ImageField';
import LabelColumnsField from './LabelColumnsField';
import WysiwygWidget from './LazyWysiwygWidget';
import MultiSelectWidget from './MultiSelectWidget';
import NoteField from './NoteField';
import NotifyUsersWidget from './NotifyUsersWidget';
import QrCodeTypesField from './QrCodeTypesField';
import SignaturePadWidget from './SignaturePadWidget';
import SubcontractingFilesField from './SubcontractingFilesField';
import TableField from './TableField';
import TemperatureWidget from './TemperatureWidget';
import ToggleButtonWidget from './ToggleButtonWidget';
import WrapperFieldTemplate from './WrapperFieldTemplate';

export const widgets = {
  'hz-input': HzInputWidget,
  'hz-textarea': HzTextareaWidget,
  'hz-select': HzSelectWidget,
  'hz-checkbox': HzCheckboxWidget,
  date: DateWidget,
  multiSelect: MultiSelectWidget,
  temperatureInput: TemperatureWidget,
  'toggle-button': ToggleButtonWidget,
  'colour-picker': ColourPickerWidget,
  wysiwygInput: WysiwygWidget,
  'file-upload': FileUploadWidget,
  'file-input': FileInputWidget,
  'signature-pad': SignaturePadWidget,
  'dms-buttons': DocumentPickerWidget,
  'notify-users': NotifyUsersWidget,
} satisfies RegistryWidgetsType;

/**
 * Field types that render a whole value themselves (RJSF custom fields, `ui:field`): a grid's table with
 * its summary. Their uiSchema names them as `ui:widget` too, so one registry check covers both.
 */
export const fields = {
  grid: GridField,
  note: NoteField,
  table: TableField,
  'table-light': TableField,
  img: ImageField,
  'qr-code-types': QrCodeTypesField,
  'label-columns': LabelColumnsField,
  'subcontracting-files': SubcontractingFilesField,
  'data-table': DataTableField,
} satisfies RegistryFieldsType;

/** A field-type name of the registry. */
export type WidgetName = keyof typeof widgets | keyof typeof fields;

/** True when `name` is a key of the field-type registry (a widget or a custom field). */
export function isWidgetName(name: string): name is WidgetName {
  return Object.hasOwn(widgets, name) || Object.hasOwn(fields, name);
}

/** The field template: the wrappers (horizontal, vertical, accordion) around each field, by `ui:wrapper`. */
export const templates: Partial<TemplatesType> = { FieldTemplate: WrapperFieldTemplate };
