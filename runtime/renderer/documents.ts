/**
 * Screen documents (schemas/screens/<area>/<screen>.json) as TypeScript types, and their loader.
 * The meta-schemas in schemas/meta are the source of truth for the shapes; these types mirror them.
 * Each document is loaded on demand, so a section's screens travel with its code-split chunk.
 */
import type { OperationName } from '../../engine/api/operations';
import type { MessageId } from '../../engine/messages/catalogue';

/** A JSON Schema condition (visibleWhen, enabledWhen). */
export type Condition = Record<string, unknown> | boolean;

/** A body value: a constant, or a route/row parameter converted to a type. */
export type BodyValue = string | number | boolean | null | { param: string; type?: 'string' | 'integer' };

/** An API call with templated path parameters and body values. */
export interface CallSpec {
  operation: OperationName;
  params?: Record<string, string>;
  body?: Record<string, BodyValue>;
}

/**
 * What a button does: navigate, or call an operation and then save the answer as a file
 * ('download'), reload the screen's data ('refresh') or hand the answer to the screen's host
 * ('close', e.g. the dialog showing the screen).
 */
export type ActionSpec =
  | { navigate: string }
  | {
      call: CallSpec;
      withQuery?: boolean;
      result?: 'download' | 'refresh' | 'none' | 'close';
      confirmMessageId?: MessageId;
    };

export type FormMode = 'add' | 'edit' | 'view';

export interface ButtonSpec {
  id: string;
  label: MessageId;
  icon?: 'add' | 'download' | 'open' | 'view' | 'edit' | 'delete' | 'back';
  variant?: 'contained' | 'outlined' | 'text';
  action: ActionSpec;
  visibleWhen?: Condition;
  enabledWhen?: Condition;
  modes?: FormMode[];
}

/** The data-table column model (administration-data.md §3 "Data table"). */
export interface ColumnSpec {
  value: string;
  header: MessageId;
  type: string;
  width?: number;
  sortable?: boolean;
  filterable?: boolean;
  editable?: boolean;
  visible?: boolean;
  frozen?: boolean;
  required?: boolean;
  min?: number;
  max?: number;
  step?: number;
  options?: Array<{ value: string | number | boolean; label: string }>;
  format?: string;
  totalInFooter?: boolean;
}

export interface RegisterDocument {
  kind: 'register';
  id: string;
  title: MessageId;
  titleFrom?: string;
  entity?: string;
  source: { call: CallSpec; query: 'table' | 'none' };
  rowKey?: string;
  columns: ColumnSpec[];
  dynamicColumns?: string;
  toolbar?: ButtonSpec[];
  rowActions?: ButtonSpec[];
  emptyMessageId: MessageId;
  globalFilter?: boolean;
  /** Milliseconds from opening the screen before its rows show. */
  revealDelayMs?: number;
  paging: false | { mode: 'server' | 'client'; pageSizes: number[]; default: number };
  operations: OperationName[];
}

export interface FormDocument {
  kind: 'form';
  id: string;
  title: MessageId;
  titleFrom?: 'source';
  display?: 'page' | 'modal';
  schema?: Record<string, unknown>;
  uiSchema?: Record<string, unknown>;
  source?: { name: string; call: CallSpec };
  load?: { call: CallSpec; toFormData: string };
  modes: FormMode[];
  submit: {
    label: MessageId;
    call: CallSpec;
    body: string;
    disableWhileInvalid?: boolean;
    successMessageId?: MessageId;
    then?: { navigate?: string };
  };
  buttons?: ButtonSpec[];
  machine?: string;
  messages?: Record<string, MessageId>;
  validators?: string[];
  operations?: OperationName[];
}

export interface MenuItemSpec {
  id: string;
  title: MessageId;
  description?: MessageId;
  route: string;
  icon?: string;
  accessCodes?: number[];
}

export interface MenuDocument {
  kind: 'menu';
  id: string;
  title: MessageId;
  filter?: boolean;
  columns?: 3 | 4;
  actionLabel?: MessageId;
  items: MenuItemSpec[];
}

export type ScreenDocument = RegisterDocument | FormDocument | MenuDocument;

const modules = import.meta.glob<ScreenDocument>('../../schemas/screens/**/*.json', { import: 'default' });

function idOf(path: string): string {
  return path.replace(/^.*\/schemas\/screens\//, '').replace(/\.json$/, '');
}

const loaders = new Map(Object.entries(modules).map(([path, load]) => [idOf(path), load]));

/** Ids of every screen document, e.g. 'quality-assurance/form-register'. */
export function screenIds(): string[] {
  return [...loaders.keys()].sort();
}

/**
 * Loads one screen document.
 * @throws Error for an id with no document (a programming error: routes name existing screens)
 */
export async function loadScreen(id: string): Promise<ScreenDocument> {
  const load = loaders.get(id);
  if (!load) throw new Error(`Unknown screen document: ${id}`);
  return load();
}
