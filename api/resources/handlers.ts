/**
 * The generic handlers of resources (DESIGN.md "Generic resources"; issue 20 §1): list, get, create, createMany,
 * update, save, delete, setStatus, setDefault, import and download over a declaration of schemas/resources, each
 * running after the request pipeline (session → tenant → access → typed params → validated body):
 * - tenant scoping: every filter carries clientId; another client's item is 404 with the resource's message;
 * - the handler's filter (constants, `{param}` values of the typed path) and the `where` hooks (rows a user may
 *   see); for a create, the filter's values are the new item's fields (the path's project, form, area);
 * - the operation's rule (schemas/rules) checked against the stored item: 409/403 with its message;
 * - lifecycle hooks (api/resources/hooks.ts): beforeValidate on the incoming data, beforeChange on the assembled
 *   item, afterChange after the write, beforeDelete and afterDelete around a delete, afterRead on the answer;
 * - unique keys within the tenant (optionally ignoring white space and case): a unique index on the key the
 *   store derives (api/store/indexes.ts), never a check-then-insert scan; its DuplicateKeyError answers 409 with
 *   the rule's message (api/http/errors.ts), also for concurrent creates of one name; references to other items:
 *   400; referencedBy: a delete while another item names this one is 409; a renamed item's name copied to the
 *   items that keep it (`propagate`);
 * - audit fields (./documents.ts), soft delete, derived fields; the item written satisfies the entity schema;
 * - every write runs in one store transaction (`store.withTransaction`) with what its hooks and propagation write;
 * - `join` copies fields of another resource's item (a name for an id), `select` picks what is answered.
 */
import type { GenericHandler, HookNames, Join } from '../../engine/api/operations';
import { AppError } from '../../engine/errors';
import type { MessageId } from '../../engine/messages/catalogue';
import { ruleHolds, schemas, validateSchema } from '../../engine/validation/ajv';
import { nextSequence, reserveSequence } from '../ids';
import { DuplicateKeyError, type Filter, type Store } from '../store/port';
import type { GenericContext } from './context';
import { type ResourceDeclaration, resourceOf, uniqueRuleRefusing } from './declarations';
import { derives } from './derive';
import { actorOf, auditFields, modifiedFields, withoutStoreKey } from './documents';
import type {
  AfterChangeHook,
  AfterDeleteHook,
  AfterReadHook,
  BeforeChangeHook,
  BeforeDeleteHook,
  BeforeValidateHook,
  HookArgs,
  HookRegistry,
  Item,
  Sheet,
} from './hooks';

/** One generic operation being answered: its context, handler, resource and the hooks it may name. */
interface Run {
  context: GenericContext;
  handler: GenericHandler;
  resource: ResourceDeclaration;
  hooks: HookRegistry;
}

/** What a write needs of a request: the store, the tenant, the user and the clock (named operations too). */
export type WriteContext = Pick<GenericContext, 'store' | 'clientId' | 'user' | 'now'>;

function collectionOf(store: Store, resource: ResourceDeclaration) {
  return store.collection<Item>(resource.collection);
}

/** The tenant part of every filter. */
function scope(context: WriteContext, resource: ResourceDeclaration): Filter {
  const filter: Filter = {};
  if (resource.tenant) filter.clientId = context.clientId;
  if (resource.softDelete) filter.isDeleted = { $ne: true };
  return filter;
}

function notFound(resource: ResourceDeclaration): AppError {
  return new AppError(404, resource.notFoundMessageId ?? 'notFound.generic');
}

/**
 * A filter of the catalogue with its values filled from the typed path parameters: a string that is exactly
 * `{param}` is the parameter's value (a number for an id), `{param}` inside a longer string is its text; other
 * values (constants, operators such as `{ "$ne": "Archived" }`) stay as they are.
 */
function fillFilter(filter: Readonly<Record<string, unknown>>, params: GenericContext['params']): Filter {
  return Object.fromEntries(
    Object.entries(filter).map(([key, value]) => {
      if (typeof value !== 'string') return [key, value];
      const whole = /^\{(\w+)\}$/.exec(value);
      if (whole) return [key, params[whole[1]]];
      return [key, value.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''))];
    }),
  );
}

/** The names of a stage's hooks: the resource's first, then the operation's. */
function stage<K extends keyof HookNames>(run: Run, name: K): readonly string[] {
  return [...(run.resource.hooks?.[name] ?? []), ...(run.handler.hooks?.[name] ?? [])];
}

/** A registered hook of a stage, as its stage's type (the registry holds each typed for its own items). */
function hook<F>(run: Run, name: keyof HookNames, hookName: string): F {
  const found = (run.hooks[name] as Readonly<Record<string, unknown>>)[hookName];
  // Only a catalogue or declaration naming a hook that is not registered (api/catalogue.test.ts checks them).
  if (typeof found !== 'function') throw new Error(`No ${name} hook ${hookName}`);
  return found as F;
}

function argsOf(run: Run, store: Store): HookArgs {
  return { context: run.context, resource: run.resource, store, kind: run.handler.kind };
}

/** Both filters: one object, or `$and` of the two when they test a field each (neither overrides the other). */
function both(a: Filter, b: Filter): Filter {
  return Object.keys(b).some((key) => key in a) ? { $and: [a, b] } : { ...a, ...b };
}

/**
 * The filter of a list or get: the handler's, the `where` hooks', the tenant's; null when a hook answers that
 * nothing may be seen.
 */
async function readFilter(run: Run, store: Store): Promise<Filter | null> {
  let filter: Filter = run.handler.filter ? fillFilter(run.handler.filter, run.context.params) : {};
  for (const name of stage(run, 'where')) {
    const extra = await run.hooks.where[name]?.(argsOf(run, store));
    if (extra === undefined) throw new Error(`No where hook ${name}`);
    if (extra === false) return null;
    filter = both(filter, extra);
  }
  return both(filter, scope(run.context, run.resource));
}

/**
 * The value naming the item of a get, update or delete: the path's `by` parameter (default id) or the body's id;
 * null when the path declares no such parameter, so the handler's filter and where hooks alone name the one item
 * (the session's current client).
 */
function itemKey(run: Run): { field: string; value: unknown } | null {
  if (run.handler.idIn === 'body') return { field: 'id', value: (run.context.body as Item | undefined)?.id };
  const field = run.handler.by ?? 'id';
  // Only a get may be named by its filter alone; a write whose path declares no key names nothing (404).
  if (!(field in (run.context.operation.params ?? {})))
    return run.handler.kind === 'get' ? null : { field, value: undefined };
  return { field, value: run.context.params[field] };
}

/**
 * The stored item the request names, within the handler's filter, the where hooks and the tenant.
 * @throws AppError 404 (the resource's message) when missing, deleted, filtered out or another tenant's
 */
async function findItem(run: Run, store: Store): Promise<Item> {
  const key = itemKey(run);
  const filter = await readFilter(run, store);
  if (!filter || (key && (key.value === undefined || key.value === null))) throw notFound(run.resource);
  const item = await collectionOf(store, run.resource).findOne(key ? both(filter, { [key.field]: key.value }) : filter);
  if (!item) throw notFound(run.resource);
  return item;
}

function checkRule(run: Run, item: Item): void {
  const rule = run.context.operation.rule;
  if (rule && !ruleHolds(rule.$ref, item)) throw new AppError(rule.status, rule.messageId as MessageId);
}

/**
 * Refuses `item` when a field the resource declares in `references` names no stored item of the tenant
 * (e.g. a contact's organisation or role). An empty or absent value is left to the entity schema; on an
 * update, a value equal to `current`'s is kept without a check (a role deactivated since stays).
 * @throws AppError 400 with the reference's message id
 */
async function checkReferences(
  context: WriteContext,
  resource: ResourceDeclaration,
  store: Store,
  item: Item,
  current?: Item,
): Promise<void> {
  for (const ref of resource.references ?? []) {
    const value = item[ref.field];
    if (value === undefined || value === null || value === '') continue;
    if (current && current[ref.field] === value) continue;
    const filter: Filter = { ...(ref.filter ?? {}), [ref.key]: value };
    if (resource.tenant) filter.clientId = context.clientId;
    const found = await store.collection(ref.collection).findOne(filter);
    if (!found) throw new AppError(400, ref.messageId, { value: String(value) });
  }
}

/**
 * Refuses to delete `item` while an item of another collection names it (`referencedBy`).
 * @throws AppError 409 with the declaration's message id
 */
async function checkNotReferenced(run: Run, store: Store, item: Item): Promise<void> {
  for (const ref of run.resource.referencedBy ?? []) {
    const filter: Filter = { [ref.field]: item.id };
    if (run.resource.tenant) filter.clientId = run.context.clientId;
    if ((await store.collection(ref.collection).countDocuments(filter)) > 0) throw new AppError(409, ref.messageId);
  }
}

/** Copies a renamed item's field to the items of other collections that keep it (`propagate`). */
async function propagate(run: Run, store: Store, current: Item, item: Item): Promise<void> {
  for (const p of run.resource.propagate ?? []) {
    if (current[p.from] === item[p.from]) continue;
    const filter: Filter = { [p.by]: item.id, [p.field]: { $ne: item[p.from] } };
    if (run.resource.tenant) filter.clientId = run.context.clientId;
    await store.collection(p.collection).updateMany(filter, { $set: { [p.field]: item[p.from] } });
  }
}

function audit(context: WriteContext, resource: ResourceDeclaration, item: Item, current: Item | undefined): Item {
  if (!resource.audit) return item;
  const actor = actorOf(context.user);
  return { ...item, ...(current ? modifiedFields(actor, context.now) : auditFields(null, actor, context.now)) };
}

function checkEntity(resource: ResourceDeclaration, item: Item): void {
  const result = validateSchema(resource.entity, item);
  if (!result.ok)
    throw new AppError(400, 'validation.invalidBody', { details: result.details[0]?.message ?? '' }, result.details);
}

/**
 * Prepares a new item of `resource` from `fields`: id (the next of its counter unless given), tenant, audit,
 * derived fields; checked against the entity schema and references (its `unique` rules are the store's unique
 * indexes: the insert throws DuplicateKeyError, answered 409 with the rule's message). For named operations that
 * write an item of a resource beside their own logic (an invitation, a user's offline list).
 */
export async function newItem(
  context: WriteContext,
  resource: ResourceDeclaration,
  fields: Item,
  store: Store = context.store,
): Promise<Item> {
  let item: Item = { ...fields, id: await nextSequence(store, resource.idCounter) };
  if (resource.tenant) item.clientId = context.clientId;
  item = audit(context, resource, item, undefined);
  if (resource.derive) item = derives[resource.derive](item, context.now) as Item;
  checkEntity(resource, item);
  await checkReferences(context, resource, store, item);
  return item;
}

const CONTROLLED = [
  '_id',
  'id',
  'clientId',
  'created',
  'createdBy',
  'createdById',
  'modified',
  'modifiedBy',
  'modifiedById',
];

/** The fields a body may set: everything but the store key, the id, the tenant and the audit fields. */
function bodyFields(body: unknown): Item {
  const fields: Item = { ...(body && typeof body === 'object' ? (body as Item) : {}) };
  for (const key of CONTROLLED) delete fields[key];
  return fields;
}

/**
 * The properties of a registered body schema that the body sets (the fields a `replace` update clears when left
 * out): not those the server sets, which a body may carry only to have them ignored (readOnly).
 */
function bodySchemaProperties(name: string): string[] {
  const properties = (schemas as Record<string, { properties?: Record<string, { readOnly?: boolean }> }>)[name]
    ?.properties;
  return Object.entries(properties ?? {})
    .filter(([, schema]) => schema.readOnly !== true)
    .map(([field]) => field);
}

/** The handler filter's plain values (the path's project, form, area): fields of every item it creates. */
function filterFields(run: Run): Item {
  const filled = run.handler.filter ? fillFilter(run.handler.filter, run.context.params) : {};
  return Object.fromEntries(
    Object.entries(filled).filter(([, v]) => v === null || ['string', 'number', 'boolean'].includes(typeof v)),
  );
}

async function beforeValidate(run: Run, store: Store, data: Item, current?: Item): Promise<Item> {
  let out = data;
  for (const name of stage(run, 'beforeValidate'))
    out = await hook<BeforeValidateHook>(run, 'beforeValidate', name)(out, { ...argsOf(run, store), current });
  return out;
}

async function beforeChange(run: Run, store: Store, item: Item, current?: Item): Promise<Item> {
  let out = item;
  for (const name of stage(run, 'beforeChange'))
    out = await hook<BeforeChangeHook>(run, 'beforeChange', name)(out, { ...argsOf(run, store), current });
  return out;
}

async function afterChange(run: Run, store: Store, item: Item, previous?: Item): Promise<Item> {
  let out = item;
  for (const name of stage(run, 'afterChange'))
    out = (await hook<AfterChangeHook>(run, 'afterChange', name)(out, { ...argsOf(run, store), previous })) ?? out;
  return out;
}

/** Fills each join's fields from the other resource's items, one read per join. */
async function join(run: Run, store: Store, items: Item[]): Promise<Item[]> {
  let out = items;
  for (const j of run.handler.join ?? []) out = await joinOne(run, store, j, out);
  return out;
}

async function joinOne(run: Run, store: Store, j: Join, items: Item[]): Promise<Item[]> {
  const other = resourceOf(j.resource);
  const key = j.key ?? 'id';
  const wanted = [...new Set(items.map((i) => i[j.on]).filter((v) => v !== undefined && v !== null))];
  const found =
    wanted.length === 0
      ? []
      : await collectionOf(store, other).find({ ...scope(run.context, other), [key]: { $in: wanted } });
  const byKey = new Map(found.map((f) => [f[key], f]));
  return items.map((item) => {
    const match = byKey.get(item[j.on]);
    const added: Item = {};
    for (const [field, from] of Object.entries(j.fields)) {
      const value = match?.[from];
      if (value !== undefined) added[field] = value;
      else if (j.default !== undefined) added[field] = j.default;
    }
    return { ...item, ...added };
  });
}

function select(run: Run, answered: unknown[]): unknown[] {
  const chosen = run.handler.select;
  if (chosen === undefined) return answered;
  if (typeof chosen === 'string') return answered.map((a) => (a as Item)[chosen]);
  // Every chosen field is answered: null where the item has none (an optional field, a join without a match).
  return answered.map((a) => Object.fromEntries(chosen.map((f) => [f, (a as Item)[f] ?? null])));
}

/** Items as answered: without the store key, joined, through the afterRead hooks, selected. */
async function answerItems(run: Run, store: Store, items: Item[]): Promise<unknown[]> {
  let answered: unknown[] = await join(run, store, items.map(withoutStoreKey) as Item[]);
  for (const name of stage(run, 'afterRead'))
    answered = await hook<AfterReadHook>(run, 'afterRead', name)(answered as Item[], argsOf(run, store));
  return select(run, answered);
}

/** The answer of a write: the item as answered, with the handler's status (201 for a creation that says so). */
async function answerWrite(run: Run, store: Store, item: Item): Promise<unknown> {
  const [answer] = await answerItems(run, store, [item]);
  return run.handler.status === 201 ? run.context.http.json(answer, 201) : answer;
}

/**
 * Assembles a new item from `data` (after beforeValidate): the handler filter's fields, id (given, or the next of
 * the counter), tenant, audit, derived fields, beforeChange; checked against the entity schema and references.
 */
async function assembleNew(run: Run, store: Store, data: Item, id?: number): Promise<Item> {
  const { context, resource } = run;
  let item: Item = { ...data, ...filterFields(run), id: id ?? (await nextSequence(store, resource.idCounter)) };
  if (resource.tenant) item.clientId = context.clientId;
  item = audit(context, resource, item, undefined);
  if (resource.derive) item = derives[resource.derive](item, context.now) as Item;
  item = await beforeChange(run, store, item);
  checkEntity(resource, item);
  await checkReferences(context, resource, store, item);
  return item;
}

/**
 * Assembles the change of `current` by `data` (after beforeValidate): `clear` fields removed first (a replace),
 * audit, derived fields, beforeChange; checked against the entity schema and references.
 */
async function assembleChange(
  run: Run,
  store: Store,
  current: Item,
  data: Item,
  clear: readonly string[],
): Promise<Item> {
  const { context, resource } = run;
  const { _id, ...kept } = current;
  for (const field of clear) delete kept[field];
  let item: Item = { ...kept, ...data };
  item = audit(context, resource, item, current);
  if (resource.derive) item = derives[resource.derive](item, context.now) as Item;
  item = await beforeChange(run, store, item, current);
  checkEntity(resource, item);
  await checkReferences(context, resource, store, item, current);
  return item;
}

/** Writes `item` over the stored `current`: its fields set, the fields it no longer has removed. */
async function replaceStored(run: Run, store: Store, current: Item, item: Item): Promise<void> {
  const { _id, ...fields } = item;
  const cleared = Object.keys(current).filter((key) => key !== '_id' && !(key in fields));
  await collectionOf(store, run.resource).updateOne(
    { _id: current._id },
    cleared.length > 0 ? { $set: fields, $unset: Object.fromEntries(cleared.map((k) => [k, ''])) } : { $set: fields },
  );
}

/** Changes the stored item the request names by `data` (update, setStatus, setDefault); answers it. */
async function change(run: Run, data: (current: Item) => Item, replace: boolean): Promise<unknown> {
  return run.context.store.withTransaction(async (tx) => {
    const current = await findItem(run, tx);
    checkRule(run, current);
    const incoming = await beforeValidate(run, tx, data(current), current);
    const body = run.context.operation.body;
    const clear =
      replace && body ? bodySchemaProperties(body).filter((f) => !(f in incoming) && !CONTROLLED.includes(f)) : [];
    let item = await assembleChange(run, tx, current, incoming, clear);
    await replaceStored(run, tx, current, item);
    await propagate(run, tx, current, item);
    item = await afterChange(run, tx, item, current);
    return answerWrite(run, tx, item);
  });
}

/** How often a create whose defaulted unique value was taken meanwhile is tried again. */
const DEFAULTED_ATTEMPTS = 20;

/**
 * Whether `error` is a unique index refusing a value the body did not give (a beforeValidate default such as the
 * next free subcontractor code, taken meanwhile by a concurrent create): then the create is tried again, so that
 * only a clash of what the user typed answers 409.
 */
function defaultedValueTaken(body: Item, error: unknown): boolean {
  if (!(error instanceof DuplicateKeyError)) return false;
  const rule = uniqueRuleRefusing(error);
  return rule?.fields.every((f) => body[f] === undefined || body[f] === null || body[f] === '') === true;
}

async function create(run: Run): Promise<unknown> {
  const body = bodyFields(run.context.body);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run.context.store.withTransaction(async (tx) => {
        const data = await beforeValidate(run, tx, { ...body });
        let item = await assembleNew(run, tx, data);
        await collectionOf(tx, run.resource).insertOne(item);
        item = await afterChange(run, tx, item);
        return answerWrite(run, tx, item);
      });
    } catch (error) {
      if (attempt >= DEFAULTED_ATTEMPTS || !defaultedValueTaken(body, error)) throw error;
    }
  }
}

/**
 * createMany: every line of the body (a list) becomes a new item, all or none: a unique key twice in the list or
 * already stored answers 409 and nothing is written. Answers the items.
 */
async function createMany(run: Run): Promise<unknown> {
  const lines = Array.isArray(run.context.body) ? (run.context.body as Item[]) : [];
  return run.context.store.withTransaction(async (tx) => {
    const items: Item[] = [];
    for (const line of lines) items.push(await assembleNew(run, tx, await beforeValidate(run, tx, { ...line })));
    const saved: Item[] = [];
    for (const item of items) {
      await collectionOf(tx, run.resource).insertOne(item);
      saved.push(await afterChange(run, tx, item));
    }
    return answerItems(run, tx, saved);
  });
}

/** The uploaded files of a multipart request (field uploads[] or uploads). @throws AppError 415 not multipart */
async function uploadedFiles(context: GenericContext): Promise<File[]> {
  const type = (context.http.req.header('content-type') ?? '').toLowerCase();
  if (!type.startsWith('multipart/form-data')) throw new AppError(415, 'security.unsupportedMediaType');
  let form: FormData;
  try {
    form = await context.http.req.formData();
  } catch {
    return [];
  }
  return [...form.getAll('uploads[]'), ...form.getAll('uploads')].filter(
    (f): f is File => typeof f === 'object' && f !== null && 'arrayBuffer' in f && 'name' in f,
  );
}

function sheetOf(run: Run): Sheet {
  const sheet = run.handler.sheet ? run.hooks.sheets[run.handler.sheet] : undefined;
  if (!sheet) throw new Error(`No sheet ${run.handler.sheet}`);
  return sheet;
}

/** How many updates of an import are sent together (the embedded store commits a group with one fsync). */
const UPDATE_GROUP = 250;

/**
 * import: a CSV sheet (multipart uploads[]) read by the handler's sheet (api/hooks/sheets), all rows or none: a row
 * without id is a new item (beforeValidate, ids in one counter step, one insert of them all), a row with the id of
 * a stored item changes it (its sheet fields replaced; a clearable field left empty is removed). Every item is
 * checked (entity, unique keys, references) before the first write. Answers the sheet's answer of the counts.
 */
async function importSheet(run: Run): Promise<unknown> {
  const sheet = sheetOf(run).import;
  // Only a catalogue naming a download-only sheet in an import (api/catalogue.test.ts checks the names).
  if (!sheet) throw new Error(`Sheet ${run.handler.sheet} is not imported`);
  const files = await uploadedFiles(run.context);
  return run.context.store.withTransaction(async (tx) => {
    const rows = await sheet.read(files, argsOf(run, tx));
    const added = rows.filter((r) => r.id === undefined);
    const changed = rows.filter((r) => r.id !== undefined);
    const first = added.length > 0 ? await reserveSequence(tx, run.resource.idCounter, added.length) : 0;
    const creates: Item[] = [];
    for (const [i, row] of added.entries())
      creates.push(await assembleNew(run, tx, await beforeValidate(run, tx, row.fields), first + i));
    const stored = await collectionOf(tx, run.resource).find({
      ...scope(run.context, run.resource),
      id: { $in: changed.map((r) => r.id) },
    });
    const byId = new Map(stored.map((s) => [s.id, s]));
    const updates: { current: Item; item: Item }[] = [];
    for (const row of changed) {
      const current = byId.get(row.id);
      if (!current) throw notFound(run.resource);
      const fields = await beforeValidate(run, tx, row.fields, current);
      const clear = sheet.clearable.filter((f) => !(f in fields));
      updates.push({ current, item: await assembleChange(run, tx, current, fields, clear) });
    }
    if (creates.length > 0) await collectionOf(tx, run.resource).insertMany(creates);
    for (let start = 0; start < updates.length; start += UPDATE_GROUP)
      await Promise.all(
        updates.slice(start, start + UPDATE_GROUP).map(({ current, item }) => replaceStored(run, tx, current, item)),
      );
    for (const item of creates) await afterChange(run, tx, item);
    for (const { current, item } of updates) {
      await propagate(run, tx, current, item);
      await afterChange(run, tx, item, current);
    }
    return sheet.answer({ created: creates.length, updated: updates.length });
  });
}

/** download: the sheet's CSV, the template alone or (withData true) with the tenant's items in the handler's order. */
async function download(run: Run): Promise<Response> {
  const sheet = sheetOf(run);
  const withData = run.context.params.withData === true;
  let items: Item[] = [];
  if (withData) {
    const filter = await readFilter(run, run.context.store);
    if (filter)
      items = await join(
        run,
        run.context.store,
        (
          await collectionOf(run.context.store, run.resource).find(filter, { sort: { ...(run.handler.sort ?? {}) } })
        ).map(withoutStoreKey) as Item[],
      );
  }
  return new Response(sheet.csv(items), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(sheet.fileName(withData))}`,
      'Cache-Control': 'private, no-store',
    },
  });
}

type Handler = (run: Run) => Promise<unknown>;

/** The generic handlers by kind. */
const genericHandlers: Readonly<Record<GenericHandler['kind'], Handler>> = {
  async list(run) {
    const store = run.context.store;
    const filter = await readFilter(run, store);
    if (!filter) return [];
    const items = await collectionOf(store, run.resource).find(filter, {
      sort: { ...(run.handler.sort ?? { id: 1 }) },
    });
    return answerItems(run, store, items);
  },
  async get(run) {
    const item = await findItem(run, run.context.store);
    checkRule(run, item);
    return (await answerItems(run, run.context.store, [item]))[0];
  },
  create,
  createMany,
  update: (run) => change(run, () => bodyFields(run.context.body), run.handler.replace === true),
  /** save: an update of the body's id when it has one, else a create (the spec's POST of a new or changed item). */
  save: (run) =>
    (run.context.body as Item | undefined)?.id !== undefined
      ? change({ ...run, handler: { ...run.handler, idIn: 'body' } }, () => bodyFields(run.context.body), true)
      : create(run),
  async delete(run) {
    return run.context.store.withTransaction(async (tx) => {
      const item = await findItem(run, tx);
      checkRule(run, item);
      await checkNotReferenced(run, tx, item);
      for (const name of stage(run, 'beforeDelete'))
        await hook<BeforeDeleteHook>(run, 'beforeDelete', name)(item, argsOf(run, tx));
      const collection = collectionOf(tx, run.resource);
      if (run.resource.softDelete)
        await collection.updateOne(
          { _id: item._id },
          { $set: audit(run.context, run.resource, { isDeleted: true }, item) },
        );
      else await collection.deleteOne({ _id: item._id });
      for (const name of stage(run, 'afterDelete'))
        await hook<AfterDeleteHook>(run, 'afterDelete', name)(item, argsOf(run, tx));
      return { id: item.id };
    });
  },
  setStatus: (run) => change(run, () => ({ [run.handler.field ?? 'status']: run.handler.value }), false),
  setDefault: (run) => change(run, () => ({ isDefault: run.handler.value }), false),
  import: importSheet,
  download,
};

/** Runs the generic handler an operation names, with the registry of hooks its declarations may name. */
export function runGeneric(context: GenericContext, hooks: HookRegistry): Promise<unknown> {
  const handler = context.operation.handler as GenericHandler;
  return genericHandlers[handler.kind]({ context, handler, resource: resourceOf(handler.resource), hooks });
}
