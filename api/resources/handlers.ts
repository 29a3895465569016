/**
 * The generic handlers of resources (DESIGN.md "Generic resources"): list, get, create, update, delete,
 * setStatus, setDefault over a declaration of schemas/resources. Each runs after the request pipeline
 * (session → tenant → access → validated body) and before the answer:
 * - tenant scoping: every filter carries clientId; another client's item is 404;
 * - the operation's rule (schemas/rules) checked against the stored item: 409/403 with its message;
 * - unique keys within the tenant (optionally ignoring white space and case): a unique index on the key the
 *   store derives (api/store/indexes.ts), never a check-then-insert scan; its DuplicateKeyError answers 409
 *   with the rule's message (api/http/errors.ts), also for concurrent creates of one name;
 * - audit fields created/modified (ISO date-time), createdBy/modifiedBy (full name), createdById/modifiedById;
 * - soft delete (isDeleted) where declared;
 * - the item written is validated against the entity schema, so a stored item always satisfies it.
 */
import { AppError } from '../../engine/errors';
import type { MessageId } from '../../engine/messages/catalogue';
import { ruleHolds, schemas, validateSchema } from '../../engine/validation/ajv';
import { nextSequence } from '../ids';
import { withoutStoreKey } from '../operations/documents';
import type { Filter } from '../store/port';
import type { OperationContext } from './context';
import { type ResourceDeclaration, resourceOf } from './declarations';
import { derives } from './derive';

type Item = Record<string, unknown> & { _id?: string; id?: number };

const ID = /^[1-9][0-9]{0,14}$/;

function collectionOf(context: OperationContext, resource: ResourceDeclaration) {
  return context.store.collection<Item>(resource.collection);
}

/** The tenant part of every filter. */
function scope(context: OperationContext, resource: ResourceDeclaration): Filter {
  const filter: Filter = {};
  if (resource.tenant) filter.clientId = context.clientId;
  if (resource.softDelete) filter.isDeleted = { $ne: true };
  return filter;
}

function notFound(resource: ResourceDeclaration): AppError {
  return new AppError(404, resource.notFoundMessageId ?? 'notFound.generic');
}

/** A filter value read from a path parameter as a positive integer. */
type IntegerParam = { param: string; type: 'integer' };

/**
 * The handler's filter with its values filled from the path parameters: `{param}` templates in strings,
 * `{ param, type: 'integer' }` read as a positive integer.
 * @throws AppError 404 (the resource's message) when an integer parameter is not a positive integer
 */
function fillFilter(
  resource: ResourceDeclaration,
  filter: Record<string, unknown>,
  params: Record<string, string>,
): Filter {
  return Object.fromEntries(
    Object.entries(filter).map(([key, value]) => {
      if (typeof value === 'string') return [key, value.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '')];
      if (value && typeof value === 'object' && (value as IntegerParam).type === 'integer') {
        const raw = params[(value as IntegerParam).param] ?? '';
        if (!ID.test(raw)) throw notFound(resource);
        return [key, Number(raw)];
      }
      return [key, value];
    }),
  );
}

/** The operation's own filter (handler.filter), filled from the path. */
function handlerFilter(context: OperationContext, resource: ResourceDeclaration): Filter {
  const filter = (context.operation.handler as { filter?: Record<string, unknown> }).filter;
  return filter ? fillFilter(resource, filter, context.params) : {};
}

/**
 * The stored item a path names: by `id` (a positive integer; anything else is 404) or by another
 * field `by` (a string parameter of the same name).
 * @throws AppError 404 when missing, deleted or another tenant's
 */
export async function findItem(context: OperationContext, resource: ResourceDeclaration, by = 'id'): Promise<Item> {
  const raw = context.params[by] ?? '';
  let value: string | number = raw;
  if (by === 'id') {
    if (!ID.test(raw)) throw notFound(resource);
    value = Number(raw);
  }
  const filter = { ...handlerFilter(context, resource), ...scope(context, resource), [by]: value };
  const item = await collectionOf(context, resource).findOne(filter);
  if (!item) throw notFound(resource);
  return item;
}

function checkRule(context: OperationContext, item: Item): void {
  const rule = context.operation.rule;
  if (rule && !ruleHolds(rule.$ref, item)) throw new AppError(rule.status, rule.messageId as MessageId);
}

/**
 * Refuses `item` when a field the resource declares in `references` names no stored item of the tenant
 * (e.g. a contact's organisation or role). An empty or absent value is left to the entity schema; on an
 * update, a value equal to `current`'s is kept without a check (a role deactivated since stays).
 * @throws AppError 400 with the reference's message id
 */
export async function checkReferences(
  context: OperationContext,
  resource: ResourceDeclaration,
  item: Item,
  current?: Item,
): Promise<void> {
  for (const ref of resource.references ?? []) {
    const value = item[ref.field];
    if (value === undefined || value === null || value === '') continue;
    if (current && current[ref.field] === value) continue;
    const filter: Filter = { ...(ref.filter ?? {}), [ref.key]: value };
    if (resource.tenant) filter.clientId = context.clientId;
    const found = await context.store.collection(ref.collection).findOne(filter);
    if (!found) throw new AppError(400, ref.messageId, { value: String(value) });
  }
}

/**
 * Refuses to delete `item` while an item of another collection names it (`referencedBy`).
 * @throws AppError 409 with the declaration's message id
 */
async function checkNotReferenced(context: OperationContext, resource: ResourceDeclaration, item: Item): Promise<void> {
  for (const ref of resource.referencedBy ?? []) {
    const filter: Filter = { [ref.field]: item.id };
    if (resource.tenant) filter.clientId = context.clientId;
    if ((await context.store.collection(ref.collection).countDocuments(filter)) > 0)
      throw new AppError(409, ref.messageId);
  }
}

function audit(context: OperationContext, resource: ResourceDeclaration, item: Item, creating: boolean): Item {
  if (!resource.audit) return item;
  const at = context.now.toISOString();
  const by = { name: context.user?.fullName ?? '', id: context.user?.id ?? 0 };
  const stamped: Item = { ...item, modified: at, modifiedBy: by.name, modifiedById: by.id };
  if (creating) Object.assign(stamped, { created: at, createdBy: by.name, createdById: by.id });
  return stamped;
}

function checkEntity(resource: ResourceDeclaration, item: Item): void {
  const result = validateSchema(resource.entity, item);
  if (!result.ok)
    throw new AppError(400, 'validation.invalidBody', { details: result.details[0]?.message ?? '' }, result.details);
}

/**
 * Prepares a new item of `resource` from `fields`: id, tenant, audit, derived fields; checked (its `unique`
 * rules are the store's unique indexes: the insert throws DuplicateKeyError, answered 409 with the rule's message).
 */
export async function newItem(context: OperationContext, resource: ResourceDeclaration, fields: Item): Promise<Item> {
  let item: Item = { ...fields, id: await nextSequence(context.store, resource.idCounter) };
  if (resource.tenant) item.clientId = context.clientId;
  item = audit(context, resource, item, true);
  if (resource.derive) item = derives[resource.derive](item, context.now) as Item;
  checkEntity(resource, item);
  await checkReferences(context, resource, item);
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

function bodyFields(body: unknown): Item {
  const fields = { ...(body as Item) };
  for (const key of CONTROLLED) delete fields[key];
  return fields;
}

/** The properties of a registered body schema (the fields a `replace` update clears when left out). */
function bodySchemaProperties(name: string): Record<string, unknown> {
  return ((schemas as Record<string, { properties?: Record<string, unknown> }>)[name]?.properties ?? {}) as Record<
    string,
    unknown
  >;
}

type Handler = (context: OperationContext, resource: ResourceDeclaration) => Promise<unknown>;

/** The generic handlers by kind. */
export const genericHandlers: Readonly<Record<string, Handler>> = {
  async list(context, resource) {
    const handler = context.operation.handler as { sort?: Record<string, 1 | -1> };
    const filter = { ...handlerFilter(context, resource), ...scope(context, resource) };
    const items = await collectionOf(context, resource).find(filter, { sort: handler.sort ?? { id: 1 } });
    return items.map(withoutStoreKey);
  },
  async get(context, resource) {
    const by = (context.operation.handler as { by?: string }).by;
    const item = await findItem(context, resource, by);
    checkRule(context, item);
    return withoutStoreKey(item);
  },
  async create(context, resource) {
    const item = await newItem(context, resource, bodyFields(context.body));
    await collectionOf(context, resource).insertOne(item);
    return withoutStoreKey(item);
  },
  async update(context, resource) {
    const current = await findItem(context, resource);
    checkRule(context, current);
    const { _id, ...kept } = current;
    const handler = context.operation.handler as { replace?: boolean };
    // replace: a field of the body schema the body leaves out is cleared, not kept (an emptied form field).
    if (handler.replace && context.operation.body)
      for (const field of Object.keys(bodySchemaProperties(context.operation.body))) delete kept[field];
    let item: Item = { ...kept, ...bodyFields(context.body) };
    item = audit(context, resource, item, false);
    if (resource.derive) item = derives[resource.derive](item, context.now) as Item;
    checkEntity(resource, item);
    await checkReferences(context, resource, item, current);
    const cleared = Object.keys(current).filter((key) => key !== '_id' && !(key in item));
    await collectionOf(context, resource).updateOne(
      { _id: current._id },
      cleared.length > 0 ? { $set: item, $unset: Object.fromEntries(cleared.map((k) => [k, ''])) } : { $set: item },
    );
    return withoutStoreKey(item);
  },
  async delete(context, resource) {
    const item = await findItem(context, resource);
    checkRule(context, item);
    await checkNotReferenced(context, resource, item);
    const collection = collectionOf(context, resource);
    if (resource.softDelete)
      await collection.updateOne({ _id: item._id }, { $set: audit(context, resource, { isDeleted: true }, false) });
    else await collection.deleteOne({ _id: item._id });
    return { id: item.id };
  },
  async setStatus(context, resource) {
    return setField(context, resource, (context.operation.handler as { field?: string }).field ?? 'status');
  },
  async setDefault(context, resource) {
    return setField(context, resource, 'isDefault');
  },
};

async function setField(context: OperationContext, resource: ResourceDeclaration, field: string): Promise<unknown> {
  const item = await findItem(context, resource);
  checkRule(context, item);
  const value = (context.operation.handler as { value?: unknown }).value;
  const change = audit(context, resource, { [field]: value }, false);
  await collectionOf(context, resource).updateOne({ _id: item._id }, { $set: change });
  const { _id, ...rest } = item;
  return { ...rest, ...change };
}

/** Runs the generic handler an operation names. */
export function runGeneric(context: OperationContext): Promise<unknown> {
  const handler = context.operation.handler as { kind: string; resource: string };
  return genericHandlers[handler.kind](context, resourceOf(handler.resource));
}
