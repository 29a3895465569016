/**
 * Lifecycle hooks of the generic handlers (issue 20 §1; DESIGN.md "Generic resources"), in the spirit of Payload's
 * collection hooks: small named functions a resource declaration (schemas/resources, every operation over it) or a
 * catalogue operation (schemas/api/operations.json `handler.hooks`, that operation only) names by stage. The
 * functions live one per file in api/hooks and are collected in its registry; api/catalogue.ts hands the registry
 * to the handlers, so this folder never imports them. Resource hooks run before the operation's.
 *
 * Every stage gets `HookArgs`: the operation's context, the resource, and `store`, the store to read and write
 * through (the transaction's, when the operation writes: a hook's writes are kept or dropped with the item's).
 * Caches keyed by the store (sessions, form versions) are forgotten through `context.store`.
 */
import type { GenericKind } from '../../engine/api/operations';
import type { Store } from '../store/port';
import type { GenericContext } from './context';
import type { ResourceDeclaration } from './declarations';

/** A stored item as the handlers see it. */
export type Item = Record<string, unknown> & { _id?: string; id?: number };

/** What every hook gets. */
export interface HookArgs {
  context: GenericContext;
  resource: ResourceDeclaration;
  /** The store to read and write through: the transaction's while the operation writes. */
  store: Store;
  /** The generic kind running (create, update, import...). */
  kind: GenericKind;
}

/** where: an extra filter of a list or get (e.g. the projects the user may see); `false` answers nothing. */
export type WhereHook = (args: HookArgs) => Promise<Record<string, unknown> | false> | Record<string, unknown> | false;

/**
 * beforeValidate: the incoming data (body fields; a sheet row's) before the item is assembled; `current` is the
 * stored item of an update. Returns the data to use (defaults filled, values trimmed, names looked up).
 */
export type BeforeValidateHook<T extends Item = Item> = (data: T, args: HookArgs & { current?: T }) => Promise<T> | T;

/**
 * beforeChange: the assembled item (id, tenant, audit fields; an update's merged with `current`) before the entity
 * schema, unique keys and references are checked and it is written. Returns the item to write; throws to refuse.
 */
export type BeforeChangeHook<T extends Item = Item> = (item: T, args: HookArgs & { current?: T }) => Promise<T> | T;

/**
 * afterChange: after the write, inside its transaction: what other collections follow the item (`previous`: the
 * item before an update). May return the item as answered (e.g. re-read after a recompute).
 */
export type AfterChangeHook<T extends Item = Item> = (
  item: T,
  args: HookArgs & { previous?: T },
) => Promise<T | undefined> | T | undefined;

/** afterRead: every answered item at once (a list, or the one item of a get or write); returns them as answered. */
export type AfterReadHook<T extends Item = Item> = (items: T[], args: HookArgs) => Promise<unknown[]> | unknown[];

/** beforeDelete: refuses (throws) a delete the declaration's referencedBy cannot say. */
export type BeforeDeleteHook<T extends Item = Item> = (item: T, args: HookArgs) => Promise<void> | void;

/** afterDelete: after the delete, inside its transaction: what goes with the item (its files, its children). */
export type AfterDeleteHook<T extends Item = Item> = (item: T, args: HookArgs) => Promise<void> | void;

/** One row of an imported sheet: a new item (no id) or the changed fields of the stored item `id`. */
export interface SheetRow {
  id?: number;
  fields: Item;
}

/**
 * A CSV sheet (the `import` and `download` kinds): how a resource's items are read from an uploaded sheet and
 * written as one. Its template and its rows share `columns` (engine/rules/*-sheets).
 */
export interface Sheet<T extends Item = Item> {
  /** The CSV text of the items (none: the template). */
  csv(items: T[]): string;
  /** The download's file name, with or without the items. */
  fileName(withData: boolean): string;
  /** How the sheet is imported (the `import` kind); a sheet that is only downloaded has none. */
  import?: SheetImport;
}

/** How an uploaded sheet becomes items (the `import` kind). */
export interface SheetImport {
  /**
   * The rows of the uploaded files (multipart uploads[]), every one checked against the store; a refusal is an
   * AppError with one detail per problem (nothing is written).
   */
  read(files: File[], args: HookArgs): Promise<SheetRow[]>;
  /** The fields an update row clears when it leaves them empty. */
  clearable: readonly string[];
  /** The answer of an import. */
  answer(counts: { created: number; updated: number }): unknown;
}

/** A hook as the registry holds it: each is typed for its own items, called with the items of its resource. */
type Registered = (...args: never[]) => unknown;

/** Every hook and sheet, by stage and name (api/hooks/index.ts). */
export interface HookRegistry {
  where: Readonly<Record<string, WhereHook>>;
  beforeValidate: Readonly<Record<string, Registered>>;
  beforeChange: Readonly<Record<string, Registered>>;
  afterChange: Readonly<Record<string, Registered>>;
  afterRead: Readonly<Record<string, Registered>>;
  beforeDelete: Readonly<Record<string, Registered>>;
  afterDelete: Readonly<Record<string, Registered>>;
  sheets: Readonly<Record<string, Sheet>>;
}
