/**
 * The palette's icons (issue 21 part 2 "A palette of every field type (from the field-type table: icon, name,
 * short description)"): a field type names its icon (FieldType.icon, an @mui/icons-material name, since the engine
 * has no UI); this map turns the name into the component. Icons are imported one by one so the creator loads only
 * these. A name not here shows {@link DEFAULT_ICON}; the palette's test checks every registered type's is here.
 */

import type { SvgIconComponent } from '@mui/icons-material';
import ArrowDropDownCircle from '@mui/icons-material/ArrowDropDownCircle';
import AttachFile from '@mui/icons-material/AttachFile';
import CalendarMonth from '@mui/icons-material/CalendarMonth';
import CheckBox from '@mui/icons-material/CheckBox';
import Checklist from '@mui/icons-material/Checklist';
import Draw from '@mui/icons-material/Draw';
import FolderOpen from '@mui/icons-material/FolderOpen';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import GridOn from '@mui/icons-material/GridOn';
import HelpOutline from '@mui/icons-material/HelpOutline';
import Image from '@mui/icons-material/Image';
import LibraryAddCheck from '@mui/icons-material/LibraryAddCheck';
import Link from '@mui/icons-material/Link';
import Notes from '@mui/icons-material/Notes';
import Palette from '@mui/icons-material/Palette';
import Pin from '@mui/icons-material/Pin';
import ShortText from '@mui/icons-material/ShortText';
import StarBorder from '@mui/icons-material/StarBorder';
import StickyNote2 from '@mui/icons-material/StickyNote2';
import TableChart from '@mui/icons-material/TableChart';
import TableRows from '@mui/icons-material/TableRows';
import TextFields from '@mui/icons-material/TextFields';
import Thermostat from '@mui/icons-material/Thermostat';
import ToggleOn from '@mui/icons-material/ToggleOn';

/** The icon of a name no entry maps. */
export const DEFAULT_ICON: SvgIconComponent = HelpOutline;

/** Icons by @mui/icons-material name (a new field type's icon is added here when it is not yet). */
export const FIELD_TYPE_ICONS: Readonly<Record<string, SvgIconComponent>> = {
  ArrowDropDownCircle,
  AttachFile,
  CalendarMonth,
  CheckBox,
  Checklist,
  Draw,
  FolderOpen,
  FormatListBulleted,
  GridOn,
  Image,
  LibraryAddCheck,
  Link,
  Notes,
  Palette,
  Pin,
  ShortText,
  StarBorder,
  StickyNote2,
  TableChart,
  TableRows,
  TextFields,
  Thermostat,
  ToggleOn,
};

/** The icon component of a field type's `icon` name. */
export function fieldTypeIcon(name: string): SvgIconComponent {
  return FIELD_TYPE_ICONS[name] ?? DEFAULT_ICON;
}
