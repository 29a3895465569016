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

export type FormMode = 'add' | 'edit' | 'view';

/**
 * A confirmation asked before an action: the catalogue text with `{name}` placeholders filled from the
 * action's scope (row, screen inputs, route), its allowed markup (<b>, <i>, <br>) sanitised. With
 * `when`, asked only when that condition holds.
 */
export interface ConfirmSpec {
  messageId: MessageId;
  when?: Condition;
}

/**
 * What happens when an action's call fails: 'alert' shows the server's error above the screen (the
 * default), 'modal' shows it in a dialog (fallback 'Server error, please refresh and try again'),
 * 'ignore' does nothing (the screen reloads).
 */
export type ErrorPolicy = 'alert' | 'modal' | 'ignore';

/** What every action kind may add: a confirmation, an error policy and a success toast. */
export interface ActionCommon {
  confirm?: ConfirmSpec;
  onError?: ErrorPolicy;
  /** Toast shown after success; `{name}` placeholders read the call's answer. */
  successMessageId?: MessageId;
}

/**
 * What a button does: navigate; call an operation and then save the answer as a file ('download'),
 * reload the screen's data ('refresh') or hand the answer to the screen's host ('close', e.g. the
 * dialog showing the screen); or open a form document in a modal in a mode, with the row as its input
 * (the screen reloads after a save).
 */
export type ActionSpec = ActionCommon &
  (
    | { navigate: string }
    | {
        call: CallSpec;
        withQuery?: boolean;
        result?: 'download' | 'refresh' | 'none' | 'close';
      }
    | { openForm: { screen: string; mode: FormMode } }
  );

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
  visible?: boolean;
  frozen?: boolean;
  format?: string;
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
  /** Row selection: none (default), one row, or several; the selection is in every condition's context. */
  selection?: 'none' | 'single' | 'multi';
  operations: OperationName[];
}

export interface FormDocument {
  kind: 'form';
  id: string;
  title: MessageId;
  titleFrom?: 'source';
  schema?: Record<string, unknown>;
  uiSchema?: Record<string, unknown>;
  /** A named source; `fromLoader` names route loader data that is the same answer (then not fetched again). */
  source?: { name: string; call: CallSpec; fromLoader?: string };
  /**
   * The item shown in edit/view mode (and in add mode when `notFound` is 'add': a 404 then means
   * "none yet", and the form opens empty in add mode).
   */
  load?: { call: CallSpec; toFormData: string; notFound?: 'add' };
  modes: FormMode[];
  submit: {
    label: MessageId;
    call: CallSpec;
    /** The call used instead of `call` when an item was loaded (edit mode). */
    editCall?: CallSpec;
    body: string;
    disableWhileInvalid?: boolean;
    successMessageId?: MessageId;
    /** Asked before submitting; its condition reads `{ row: loaded item, formData, route, screen, user }`. */
    confirm?: ConfirmSpec;
    onError?: ErrorPolicy;
    then?: { navigate?: string; reset?: boolean };
  };
  buttons?: ButtonSpec[];
  messages?: Record<string, MessageId>;
  operations?: OperationName[];
}

export interface MenuItemSpec {
  id: string;
  title: MessageId;
  description?: MessageId;
  route?: string;
  icon?: string;
  /** Admins only. */
  admin?: boolean;
  accessCodes?: number[];
  items?: MenuItemSpec[];
}

export interface MenuDocument {
  kind: 'menu';
  id: string;
  title: MessageId;
  placement?: 'grid' | 'topBar';
  filter?: boolean;
  columns?: 3 | 4;
  actionLabel?: MessageId;
  items: MenuItemSpec[];
}

/** A screen-level input of a page (e.g. the lookup type), held in the page's screen state. */
export interface PageInputSpec {
  name: string;
  label: MessageId;
  options: Array<{ value: string; label: MessageId }>;
  default?: string;
}

/** One document laid out on a page. */
export interface PagePartSpec {
  screen: string;
  /** Share of a row layout's width, 1 to 12 (default: equal shares). */
  width?: number;
  /** Tab or accordion label. */
  label?: MessageId;
  /** Form mode of a form part (default 'add'). */
  mode?: FormMode;
}

/**
 * A page: several screen documents laid out over one screen state (a form beside a table, tabs, an
 * accordion). Its inputs are the screen state; the parts read them as template values, and a part that
 * saves reloads the others.
 */
export interface PageDocument {
  kind: 'page';
  id: string;
  title: MessageId;
  /** A header line under the title; `{name}` placeholders read the screen inputs' option labels. */
  header?: MessageId;
  inputs?: PageInputSpec[];
  layout: 'row' | 'column' | 'tabs' | 'accordion';
  parts: PagePartSpec[];
}

export type ScreenDocument = RegisterDocument | FormDocument | MenuDocument | PageDocument;

const modules = import.meta.glob<ScreenDocument>(
  ['../../schemas/screens/**/*.json', '!../../schemas/screens/routes.json'],
  {
    import: 'default',
  },
);

function idOf(path: string): string {
  return path.replace(/^.*\/schemas\/screens\//, '').replace(/\.json$/, '');
}

const loaders = new Map(Object.entries(modules).map(([path, load]) => [idOf(path), load]));

/** Ids of every screen document, e.g. 'quality-assurance/form-register'. */
export function screenIds(): string[] {
  return [...loaders.keys()].sort();
}

const provided = new Map<string, ScreenDocument>();

/**
 * Makes a document available under `id` without a file (tests of renderer keywords, embedding hosts).
 * A provided document wins over a file of the same id.
 */
export function provideScreen(id: string, doc: ScreenDocument): void {
  provided.set(id, doc);
}

/**
 * Loads one screen document.
 * @throws Error for an id with no document (a programming error: routes name existing screens)
 */
export async function loadScreen(id: string): Promise<ScreenDocument> {
  const own = provided.get(id);
  if (own) return own;
  const load = loaders.get(id);
  if (!load) throw new Error(`Unknown screen document: ${id}`);
  return load();
}
