/**
 * The subcontracting calls (administration-data.md §7 "Subcontractors (/api/settings/Subcontractors)"; §3
 * Subcontractor, Subcontractor order, Subcontractor payment, Subcontractor package, Package attachment, Return;
 * §4 "Lookup and settings-form items"; §9 last line) that no generic resource handler can say. Access is the
 * catalogue's (`can`: the qs area on the project, estimating admin for the directory) except where a call finds
 * its project through a record (the file calls), which ask the same question here. Every write of an order,
 * payment or package keeps the lookup values' `inUse` flags true to what the records name
 * (api/operations/subcontracting.ts refreshLookupInUse). docs/api.md "Subcontracting" lists every call.
 */
import { randomUUID } from 'node:crypto';
import { AppError } from '../../../engine/errors';
import { type AccessAction, can, projectScope } from '../../../engine/rules/access';
import {
  isLookupInUse,
  lookupKey,
  PACKAGE_LOOKUP,
  PAYMENT_TERMS_LOOKUP,
} from '../../../engine/rules/subcontractor-lookups';
import { answersToDisplay, questionAnsweredTwice } from '../../../engine/rules/subcontractor-orders';
import { accumulatedByOrder } from '../../../engine/rules/subcontractor-payments';
import type {
  Client,
  Project,
  SubcontractorOrder,
  SubcontractorOrderInput,
  SubcontractorPackage,
  SubcontractorPackageInput,
  SubcontractorPayment,
  SubcontractorPaymentInput,
  SubcontractorReturn,
  User,
} from '../../../engine/types/generated';
import { validateSchema } from '../../../engine/validation/ajv';
import { fileKey, publicPath } from '../../files/paths';
import { nextSequence } from '../../ids';
import { clientAddress } from '../../middleware/security';
import { accessSubject } from '../../middleware/session';
import type { NamedOperation, OperationContext } from '../../resources/context';
import { resourceOf, uniqueRuleRefusing } from '../../resources/declarations';
import { genericHandlers, newItem } from '../../resources/handlers';
import { inTransaction } from '../../resources/transaction';
import { DuplicateKeyError } from '../../store/port';
import { withoutStoreKey } from '../documents';
import { findProject } from '../projects';
import {
  checkCodeAttempts,
  checkMoney,
  newSecurityCode,
  orderOfPayment,
  recomputePayments,
  recordCodeFailure,
  refreshLookupInUse,
  requireActiveLookup,
  returnOfCode,
  subcontractingCollections,
} from '../subcontracting';
import { uploadInto } from './files';

const ID = /^[1-9][0-9]{0,8}$/;

function tenant(context: OperationContext): number {
  if (context.clientId === undefined) throw new AppError(409, 'auth.noClientSelected');
  return context.clientId;
}

/** A positive integer path parameter; anything else is 404 with `messageId`. */
function idParam(
  context: OperationContext,
  name: string,
  messageId:
    | 'notFound.generic'
    | 'subcontractorOrders.notFound'
    | 'subcontractorPayments.notFound'
    | 'subcontractorPackages.notFound' = 'notFound.generic',
): number {
  const raw = context.params[name] ?? '';
  if (!ID.test(raw)) throw new AppError(404, messageId);
  return Number(raw);
}

function actor(context: OperationContext) {
  return { id: context.user?.id ?? 0, fullName: context.user?.fullName ?? '' };
}

/**
 * Refuses a user without `action` in the qs area on the project (docs/access.md), for calls that find the
 * project through a record.
 * @throws AppError 403 auth.forbidden
 */
function requireQs(context: OperationContext, action: AccessAction, projectId: number): void {
  if (!context.user || !can(accessSubject(context.user, context.clientId), action, { area: 'qs', projectId }))
    throw new AppError(403, 'auth.forbidden');
}

const c = (context: OperationContext) => subcontractingCollections(context.store);

/**
 * Refuses ids that are not contacts of the client (the directory of administration-data.md §3 Contact).
 * @throws AppError 400 subcontractorOrders.unknownContact with the first missing id
 */
async function requireContacts(context: OperationContext, ids: readonly (number | undefined)[]): Promise<void> {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  if (wanted.length === 0) return;
  const found = await context.store
    .collection<{ id: number }>('contacts')
    .find({ clientId: tenant(context), id: { $in: wanted } }, { projection: { id: 1 } });
  const missing = wanted.find((id) => !found.some((f) => f.id === id));
  if (missing !== undefined) throw new AppError(400, 'subcontractorOrders.unknownContact', { value: missing });
}

// ───────────────────────────── the directory ─────────────────────────────

const CODE_PATTERN = /^SC(\d+)$/i;

/** The next free code of the client's subcontractors: SC + (highest SC number + 1), 4 digits at least. */
async function nextFreeCode(context: OperationContext): Promise<string> {
  const all = await c(context).subcontractors.find({ clientId: tenant(context) }, { projection: { code: 1 } });
  const highest = all.reduce((max, s) => {
    const m = CODE_PATTERN.exec(String(s.code ?? ''));
    return m ? Math.max(max, Number(m[1])) : max;
  }, 0);
  return `SC${String(highest + 1).padStart(4, '0')}`;
}

/** GET …/code: `{ code }`, the next free subcontractor code (nothing is used up). */
export const nextCode: NamedOperation = async (context) => ({ code: await nextFreeCode(context) });

/** GET …/aggregateId: a new random UUID as text (the folder of a record's files before it is saved). */
export const aggregateId: NamedOperation = async (context) => context.http.text(randomUUID());

/**
 * POST …/Subcontractors: a new subcontractor; without a code the next free one (409 on a clash of name or code,
 * from the unique indexes). A next free code taken meanwhile by a concurrent create is taken again, so that a
 * clash of names answers with the name's message.
 */
export const create: NamedOperation = async (context) => {
  const resource = resourceOf('subcontractor');
  const defaulted = !(context.body as Record<string, unknown>).code;
  for (let attempt = 1; ; attempt += 1) {
    const body = { ...(context.body as Record<string, unknown>) };
    if (defaulted) body.code = await nextFreeCode(context);
    const item = await newItem(context, resource, body);
    try {
      await context.store.collection(resource.collection).insertOne(item);
      return withoutStoreKey(item);
    } catch (error) {
      const codeTaken =
        error instanceof DuplicateKeyError && uniqueRuleRefusing(error)?.messageId === 'subcontractors.duplicateCode';
      if (!defaulted || !codeTaken || attempt >= 20) throw error;
    }
  }
};

/**
 * PUT …/Subcontractors/{id}: the generic update (fields left out are cleared), a code left out being the next
 * free one, as on creation. The subcontractor's name is kept on its orders (subContractorName).
 */
export const update: NamedOperation = inTransaction(async (context) => {
  const body = { ...(context.body as Record<string, unknown>) };
  if (!body.code) body.code = await nextFreeCode(context);
  // The generic update, replacing: a field the body leaves out is cleared.
  const operation = { ...context.operation, handler: { kind: 'update', resource: 'subcontractor', replace: true } };
  const saved = (await genericHandlers.update(
    { ...context, body, operation } as OperationContext,
    resourceOf('subcontractor'),
  )) as {
    id: number;
    name: string;
  };
  const orders = c(context).orders;
  for (const o of await orders.find({ clientId: tenant(context), subContractorId: saved.id }))
    if (o.subContractorName !== saved.name)
      await orders.updateOne({ _id: o._id }, { $set: { subContractorName: saved.name } });
  const payments = c(context).payments;
  for (const p of await payments.find({ clientId: tenant(context), subContractorId: saved.id }))
    if (p.subContractorName !== saved.name)
      await payments.updateOne({ _id: p._id }, { $set: { subContractorName: saved.name } });
  return saved;
});

/** DELETE …/Subcontractors/{id}: 409 subcontractors.inUse while an order, payment or package names it. */
export const remove: NamedOperation = async (context) => {
  const clientId = tenant(context);
  const id = idParam(context, 'id');
  const found = await c(context).subcontractors.findOne({ clientId, id });
  if (!found) throw new AppError(404, 'subcontractors.notFound');
  const used =
    (await c(context).orders.countDocuments({ clientId, subContractorId: id })) +
    (await c(context).payments.countDocuments({ clientId, subContractorId: id })) +
    (await c(context).packages.countDocuments({ clientId, suppliersIds: id }));
  if (used > 0) throw new AppError(409, 'subcontractors.inUse');
  await c(context).subcontractors.deleteOne({ _id: found._id });
  return { id };
};

/** GET …/getallagencieswithprojectid/{projectId}: the agencies with an order on the project, by name. */
export const agenciesOfProject: NamedOperation = async (context) => {
  const clientId = tenant(context);
  const projectId = idParam(context, 'projectId');
  const orders = await c(context).orders.find({ clientId, projectId }, { projection: { subContractorId: 1 } });
  const ids = [...new Set(orders.map((o) => o.subContractorId))];
  const agencies = await c(context).subcontractors.find(
    { clientId, type: 'Agency', id: { $in: ids } },
    { sort: { name: 1 } },
  );
  return agencies.map(withoutStoreKey);
};

/**
 * GET …/getallordered: every order of the projects the user may list in the qs area (qs/subcontractors, the
 * all-projects list), newest first, each with projectCode and projectName.
 */
export const allOrders: NamedOperation = async (context) => {
  const clientId = tenant(context);
  const scope = context.user ? projectScope(accessSubject(context.user, clientId), 'qs') : { id: { $in: [] } };
  const projects = await context.store
    .collection<Project>('projects')
    .find({ ...scope, clientId }, { projection: { id: 1, code: 1, name: 1 } });
  const byId = new Map(projects.map((p) => [p.id, p]));
  const orders = await c(context).orders.find(
    { clientId, projectId: { $in: [...byId.keys()] } },
    { sort: { dateEntered: -1, id: -1 } },
  );
  return orders.map((o) => ({
    ...withoutStoreKey(o),
    projectCode: byId.get(o.projectId)?.code ?? '',
    projectName: byId.get(o.projectId)?.name ?? '',
  }));
};

// ───────────────────────────── orders ─────────────────────────────

/** GET …/{projectId}/orders/unique: one row per package and subcontractor, by package then subcontractor. */
export const ordersUnique: NamedOperation = async (context) => {
  const orders = await c(context).orders.find(
    { clientId: tenant(context), projectId: idParam(context, 'projectId') },
    { sort: { package: 1, subContractorName: 1 } },
  );
  const seen = new Set<string>();
  return orders.flatMap((o) => {
    const key = `${lookupKey(o.package)}|${o.subContractorId}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return [
      {
        id: o.id,
        orderNumber: o.orderNumber,
        package: o.package,
        subContractorId: o.subContractorId,
        subContractorName: o.subContractorName ?? '',
        contractSum: o.contractSum,
        retention: o.retention,
        label: `${o.package} - ${o.subContractorName ?? ''} (${o.orderNumber})`,
      },
    ];
  });
};

/** GET …/{projectId}/order/{package}/{sub}: the project's order of a package name and a subcontractor id. */
export const orderOf: NamedOperation = async (context) => {
  const sub = idParam(context, 'sub', 'subcontractorOrders.notFound');
  const order = await orderOfPayment(
    context.store,
    tenant(context),
    idParam(context, 'projectId'),
    decodeURIComponent(context.params.package ?? ''),
    sub,
  );
  if (!order) throw new AppError(404, 'subcontractorOrders.notFound');
  return withoutStoreKey(order);
};

/**
 * POST …/{projectId}/order: a new order (entryNumber, orderNumber SC-nnn by default, dateEntered, enteredById)
 * or, with `id`, the changes of one. 400 for an unknown subcontractor, a package or payment terms that is not an
 * Active lookup value of its type, a question answered twice, money with more than 2 decimals; 409 for a second
 * order of the same package and subcontractor, or order number, on the project, or for moving an order with
 * payments to another package or subcontractor. The order's payments are recomputed with its new figures.
 */
export const saveOrder: NamedOperation = inTransaction(async (context) => {
  const clientId = tenant(context);
  const projectId = idParam(context, 'projectId');
  const body = context.body as SubcontractorOrderInput;
  const col = c(context);
  checkMoney({ contractSum: body.contractSum, budgetSum: body.budgetSum, retention: body.retention });
  const current = body.id ? await col.orders.findOne({ clientId, projectId, id: body.id }) : null;
  if (body.id && !current) throw new AppError(404, 'subcontractorOrders.notFound');
  const sub = await col.subcontractors.findOne({ clientId, id: body.subContractorId });
  if (!sub) throw new AppError(400, 'subcontractorOrders.unknownSubcontractor', { value: body.subContractorId });
  await requireActiveLookup(
    context.store,
    clientId,
    PACKAGE_LOOKUP,
    body.package,
    'subcontractorOrders.unknownPackage',
    current?.package,
  );
  await requireActiveLookup(
    context.store,
    clientId,
    PAYMENT_TERMS_LOOKUP,
    body.paymentTerms,
    'subcontractorOrders.unknownPaymentTerms',
    current?.paymentTerms,
  );
  await requireContacts(context, [body.accountContactId, body.siteContactId, body.copyToId]);
  const twice = questionAnsweredTwice(body.answers ?? []);
  if (twice !== undefined) throw new AppError(400, 'subcontractorOrders.answerTwice', { value: twice });
  // One order per subcontractor and package, and order numbers unique, within the project: unique indexes
  // (schemas/resources/subcontractor-order.json), 409 with their messages when the order is written.
  const moved =
    current &&
    (current.subContractorId !== body.subContractorId || lookupKey(current.package) !== lookupKey(body.package));
  if (moved) {
    const paid = await orderPayments(context, projectId, current);
    if (paid > 0) throw new AppError(409, 'subcontractorOrders.hasPayments');
  }
  const now = context.now.toISOString();
  const id = current?.id ?? (await nextSequence(context.store, 'subcontractorOrders'));
  const entryNumber =
    current?.entryNumber ?? (await nextSequence(context.store, `subcontractorOrders:${clientId}:${projectId}`));
  const { id: _ignored, ...fields } = body;
  const order: SubcontractorOrder = {
    ...fields,
    id,
    clientId,
    projectId,
    entryNumber,
    orderNumber: body.orderNumber?.trim() || current?.orderNumber || `SC-${String(entryNumber).padStart(3, '0')}`,
    answers: (body.answers ?? []).map((a) => ({ ...a, subContractorOrderId: id })),
    answersToDisplay: answersToDisplay(body.answers ?? []),
    files: current?.files ?? [],
    subContractorName: String(sub.name),
    dateEntered: current?.dateEntered ?? now,
    enteredById: current?.enteredById ?? actor(context).id,
    created: current?.created ?? now,
    createdBy: current?.createdBy ?? actor(context).fullName,
    createdById: current?.createdById ?? actor(context).id,
    modified: now,
    modifiedBy: actor(context).fullName,
    modifiedById: actor(context).id,
  };
  await checkEntityOf(context, 'subcontractor-order', order as unknown as Record<string, unknown>);
  if (current) {
    await replaceStored(context, 'subcontractorOrders', current, order);
  } else await col.orders.insertOne({ ...order });
  await recomputePayments(context.store, clientId, projectId, order.package, order.subContractorId);
  await refreshLookupInUse(context.store, clientId);
  return order;
});

async function orderPayments(context: OperationContext, projectId: number, order: SubcontractorOrder): Promise<number> {
  const payments = await c(context).payments.find({
    clientId: order.clientId,
    projectId,
    subContractorId: order.subContractorId,
  });
  return payments.filter((p) => lookupKey(p.package) === lookupKey(order.package)).length;
}

/**
 * Writes `next` over the stored `current` (same `_id`): its fields set, the fields it no longer has removed.
 */
async function replaceStored(
  context: OperationContext,
  collection: 'subcontractorOrders' | 'subcontractorPayments' | 'subcontractorPackages',
  current: { _id?: string },
  next: object,
): Promise<void> {
  const cleared = Object.keys(current).filter((k) => k !== '_id' && !(k in next));
  const set = next as Record<string, unknown>;
  await context.store
    .collection(collection)
    .updateOne(
      { _id: current._id },
      cleared.length > 0 ? { $set: set, $unset: Object.fromEntries(cleared.map((k) => [k, ''])) } : { $set: set },
    );
}

/**
 * The item checked against its entity schema before it is written (400 like the generic handlers); its unique
 * rules are the store's indexes, checked by the write.
 */
async function checkEntityOf(
  _context: OperationContext,
  resource: string,
  item: Record<string, unknown>,
): Promise<void> {
  const declaration = resourceOf(resource);
  const result = validateSchema(declaration.entity, item);
  if (!result.ok)
    throw new AppError(400, 'validation.invalidBody', { details: result.details[0]?.message ?? '' }, result.details);
}

/** DELETE …/{projectId}/order/{id}: `{ id }`; 409 while the order has payments. Its files go too. */
export const deleteOrder: NamedOperation = inTransaction(async (context) => {
  const clientId = tenant(context);
  const projectId = idParam(context, 'projectId');
  const id = idParam(context, 'id', 'subcontractorOrders.notFound');
  const order = await c(context).orders.findOne({ clientId, projectId, id });
  if (!order) throw new AppError(404, 'subcontractorOrders.notFound');
  if ((await orderPayments(context, projectId, order)) > 0) throw new AppError(409, 'subcontractorOrders.hasPayments');
  await c(context).orders.deleteOne({ _id: order._id });
  await context.store.files.deleteFolder(`${clientId}/${filesFolder('order', id)}/`);
  await refreshLookupInUse(context.store, clientId);
  return { id };
});

/** GET …/packageLookupInUse/{id}: true when the SubContractorPackage value is named by a record. */
export const packageLookupInUse: NamedOperation = (context) => lookupInUse(context, PACKAGE_LOOKUP);

/** GET …/paymentTermLookupInUse/{id}: true when the SubContractorPaymentTerms value is named by an order. */
export const paymentTermLookupInUse: NamedOperation = (context) => lookupInUse(context, PAYMENT_TERMS_LOOKUP);

async function lookupInUse(context: OperationContext, type: typeof PACKAGE_LOOKUP | typeof PAYMENT_TERMS_LOOKUP) {
  const clientId = tenant(context);
  const value = await c(context).lookupValues.findOne({ clientId, type, id: idParam(context, 'id') });
  if (!value) throw new AppError(404, 'notFound.generic');
  const col = c(context);
  return isLookupInUse(type, value.name, {
    orders: await col.orders.find({ clientId }, { projection: { package: 1, paymentTerms: 1 } }),
    payments: await col.payments.find({ clientId }, { projection: { package: 1 } }),
    packages: await col.packages.find({ clientId }, { projection: { name: 1 } }),
  });
}

// ───────────────────────────── payments ─────────────────────────────

/** GET …/{projectId}/PaymentsAccumulated: each order's accumulated payments, with subContractorName. */
export const paymentsAccumulated: NamedOperation = async (context) => {
  const clientId = tenant(context);
  const projectId = idParam(context, 'projectId');
  const orders = await c(context).orders.find({ clientId, projectId }, { sort: { entryNumber: 1 } });
  const payments = await c(context).payments.find({ clientId, projectId });
  const rows = accumulatedByOrder(orders, payments);
  return rows.map((row, i) => ({ ...row, subContractorName: orders[i].subContractorName ?? '' }));
};

/** GET …/{projectId}/Payment/{id}: the payment with project { code, name }, projectLogoUrl and subcontractor. */
export const payment: NamedOperation = async (context) => {
  const clientId = tenant(context);
  const projectId = idParam(context, 'projectId');
  const found = await c(context).payments.findOne({
    clientId,
    projectId,
    id: idParam(context, 'id', 'subcontractorPayments.notFound'),
  });
  if (!found) throw new AppError(404, 'subcontractorPayments.notFound');
  const project = await findProject(context.store, clientId, projectId);
  const sub = await c(context).subcontractors.findOne({ clientId, id: found.subContractorId });
  return {
    ...withoutStoreKey(found),
    project: { code: project.code, name: project.name },
    projectLogoUrl: project.logoUrl ?? '',
    subcontractor: sub ? { id: Number(sub.id), name: String(sub.name), code: String(sub.code) } : undefined,
  };
};

/**
 * POST …/{projectId}/Payment: a new payment or, with `id`, the changes of one. Its order (package and
 * subcontractor on the project) must exist (400 subcontractorPayments.noOrder); money has at most 2 decimals
 * (400). The figures are the server's: the order's payments are recomputed in claim order and stored.
 */
export const savePayment: NamedOperation = inTransaction(async (context) => {
  const clientId = tenant(context);
  const projectId = idParam(context, 'projectId');
  const body = context.body as SubcontractorPaymentInput;
  const col = c(context);
  checkMoney({
    amountRetentionPaid: body.amountRetentionPaid,
    amountClaimedInValuation: body.amountClaimedInValuation,
    amountInDispute: body.amountInDispute,
    ...Object.fromEntries(body.lines.map((l, i) => [`lines.${i}.amount`, l.amount])),
  });
  const current = body.id ? await col.payments.findOne({ clientId, projectId, id: body.id }) : null;
  if (body.id && !current) throw new AppError(404, 'subcontractorPayments.notFound');
  const order = await orderOfPayment(context.store, clientId, projectId, body.package, body.subContractorId);
  if (!order) throw new AppError(400, 'subcontractorPayments.noOrder');
  if (body.notifyToId !== undefined && (await managersOf(context, [body.notifyToId])).length === 0)
    throw new AppError(400, 'subcontractorPayments.unknownNotify', { value: body.notifyToId });
  const now = context.now.toISOString();
  const id = current?.id ?? (await nextSequence(context.store, 'subcontractorPayments'));
  const { id: _ignored, ...fields } = body;
  const stored: SubcontractorPayment = {
    ...fields,
    package: order.package,
    id,
    clientId,
    projectId,
    orderNo: order.orderNumber,
    contractValue: order.contractSum,
    retention: order.retention,
    subContractorName: order.subContractorName,
    // Placeholders until the order's payments are recomputed below.
    amountGross: 0,
    previousPayments: 0,
    amountPaidInValuation: 0,
    amountPaidToDate: 0,
    amountClaimedToDate: 0,
    files: current?.files ?? [],
    dateEntered: current?.dateEntered ?? now,
    enteredById: current?.enteredById ?? actor(context).id,
    created: current?.created ?? now,
    createdBy: current?.createdBy ?? actor(context).fullName,
    createdById: current?.createdById ?? actor(context).id,
    modified: now,
    modifiedBy: actor(context).fullName,
    modifiedById: actor(context).id,
  };
  await checkEntityOf(context, 'subcontractor-payment', stored as unknown as Record<string, unknown>);
  if (current) {
    await replaceStored(context, 'subcontractorPayments', current, stored);
    if (current.subContractorId !== stored.subContractorId || lookupKey(current.package) !== lookupKey(stored.package))
      await recomputePayments(context.store, clientId, projectId, current.package, current.subContractorId);
  } else await col.payments.insertOne({ ...stored });
  await recomputePayments(context.store, clientId, projectId, stored.package, stored.subContractorId);
  await refreshLookupInUse(context.store, clientId);
  return withoutStoreKey((await col.payments.findOne({ clientId, id })) as SubcontractorPayment);
});

/** DELETE …/{projectId}/Payment/{id}: `{ id }`; the order's later payments are recomputed; its files go too. */
export const deletePayment: NamedOperation = inTransaction(async (context) => {
  const clientId = tenant(context);
  const projectId = idParam(context, 'projectId');
  const id = idParam(context, 'id', 'subcontractorPayments.notFound');
  const found = await c(context).payments.findOne({ clientId, projectId, id });
  if (!found) throw new AppError(404, 'subcontractorPayments.notFound');
  await c(context).payments.deleteOne({ _id: found._id });
  await context.store.files.deleteFolder(`${clientId}/${filesFolder('payment', id)}/`);
  await recomputePayments(context.store, clientId, projectId, found.package, found.subContractorId);
  await refreshLookupInUse(context.store, clientId);
  return { id };
});

// ───────────────────────────── packages and returns ─────────────────────────────

/** The managers of a package as `{ id, fullName }`, from the client's users. */
async function managersOf(context: OperationContext, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const users = await context.store
    .collection<User>('users')
    .find({ clientIds: tenant(context), id: { $in: [...ids] } }, { projection: { id: 1, fullName: 1 } });
  return ids.flatMap((id) => {
    const u = users.find((x) => x.id === id);
    return u ? [{ id: u.id, fullName: u.fullName }] : [];
  });
}

/** GET …/{projectId}/Packages: the project's packages by entry number, without their security codes' returns. */
export const packages: NamedOperation = async (context) => {
  const list = await c(context).packages.find(
    { clientId: tenant(context), projectId: idParam(context, 'projectId') },
    { sort: { entryNumber: 1 } },
  );
  return list.map(withoutStoreKey);
};

/** GET …/{projectId}/Package/{id}: one package with its managers `{ id, fullName }`. */
export const packageOne: NamedOperation = async (context) => {
  const found = await c(context).packages.findOne({
    clientId: tenant(context),
    projectId: idParam(context, 'projectId'),
    id: idParam(context, 'id', 'subcontractorPackages.notFound'),
  });
  if (!found) throw new AppError(404, 'subcontractorPackages.notFound');
  return { ...withoutStoreKey(found), managers: await managersOf(context, found.managerIds ?? []) };
};

/**
 * POST …/{projectId}/Package: a new package (securityCode, aggregateId, entryNumber, revision 0, no attachments)
 * or, with `id`, the changes of one. The name is an Active SubContractorPackage value (400), unique on the
 * project (409); recipients (suppliersIds) are the client's subcontractors and managers its users (400). Each
 * recipient without a return gets one with a new security code; a recipient taken off loses a return that has
 * no response yet.
 */
export const savePackage: NamedOperation = inTransaction(async (context) => {
  const clientId = tenant(context);
  const projectId = idParam(context, 'projectId');
  const body = context.body as SubcontractorPackageInput;
  const col = c(context);
  const current = body.id ? await col.packages.findOne({ clientId, projectId, id: body.id }) : null;
  if (body.id && !current) throw new AppError(404, 'subcontractorPackages.notFound');
  const lookup = await requireActiveLookup(
    context.store,
    clientId,
    PACKAGE_LOOKUP,
    body.name,
    'subcontractorOrders.unknownPackage',
    current?.name,
  );
  // One package of a name within the project: a unique index (schemas/resources/subcontractor-package.json).
  const recipients = await col.subcontractors.find({ clientId, id: { $in: body.suppliersIds ?? [] } });
  const missing = (body.suppliersIds ?? []).find((id) => !recipients.some((r) => r.id === id));
  if (missing !== undefined) throw new AppError(400, 'subcontractorPackages.unknownRecipient', { value: missing });
  await requireContacts(context, [...(body.contactIds ?? []), ...(body.clientsConsultantsContactsIds ?? [])]);
  const managers = await managersOf(context, body.managerIds ?? []);
  const noManager = (body.managerIds ?? []).find((id) => !managers.some((m) => m.id === id));
  if (noManager !== undefined) throw new AppError(400, 'subcontractorPackages.unknownManager', { value: noManager });
  const project = await findProject(context.store, clientId, projectId);
  const client = await context.store.collection<Client>('clients').findOne({ id: clientId });
  const now = context.now.toISOString();
  const id = current?.id ?? (await nextSequence(context.store, 'subcontractorPackages'));
  const { id: _ignored, ...fields } = body;
  const keep = <K extends keyof SubcontractorPackage>(key: K) =>
    current?.[key] !== undefined ? { [key]: current[key] } : {};
  const pkg: SubcontractorPackage = {
    ...fields,
    ...keep('isPackageReceived'),
    ...keep('subcontractorPrice'),
    ...keep('pricedAt'),
    ...keep('receivedAt'),
    ...keep('comments'),
    id,
    clientId,
    projectId,
    entryNumber:
      current?.entryNumber ?? (await nextSequence(context.store, `subcontractorPackages:${clientId}:${projectId}`)),
    securityCode: current?.securityCode ?? newSecurityCode(),
    aggregateId: current?.aggregateId ?? randomUUID(),
    revisionNumber: current?.revisionNumber ?? 0,
    attachments: current?.attachments ?? [],
    managers,
    projectName: project.name,
    clientName: client?.name ?? '',
    dateEntered: current?.dateEntered ?? now,
    enteredById: current?.enteredById ?? actor(context).id,
    enteredByFullName: current?.enteredByFullName ?? actor(context).fullName,
    created: current?.created ?? now,
    createdBy: current?.createdBy ?? actor(context).fullName,
    createdById: current?.createdById ?? actor(context).id,
    modified: now,
    modifiedBy: actor(context).fullName,
    modifiedById: actor(context).id,
  };
  await checkEntityOf(context, 'subcontractor-package', pkg as unknown as Record<string, unknown>);
  if (current) {
    await replaceStored(context, 'subcontractorPackages', current, pkg);
  } else await col.packages.insertOne({ ...pkg });
  // Returns: one per recipient.
  const returns = await col.returns.find({ clientId, subcontractorPackageId: id });
  for (const r of returns) {
    const stays = recipients.some((s) => s.id === r.recipientId);
    if (!stays && !r.responseDate) await col.returns.deleteOne({ _id: r._id });
    else if (r.packageName !== pkg.name)
      await col.returns.updateOne({ _id: r._id }, { $set: { packageName: pkg.name } });
  }
  for (const s of recipients) {
    if (returns.some((r) => r.recipientId === s.id)) continue;
    const made: SubcontractorReturn = {
      id: await nextSequence(context.store, 'subcontractorReturns'),
      clientId,
      projectId,
      packageName: pkg.name,
      ...(lookup ? { packageId: lookup.id } : {}),
      subcontractorPackageId: id,
      recipientName: String(s.name),
      recipientId: Number(s.id),
      securityCode: newSecurityCode(),
      created: now,
      createdBy: actor(context).fullName,
      createdById: actor(context).id,
    };
    await col.returns.insertOne({ ...made });
  }
  await refreshLookupInUse(context.store, clientId);
  return pkg;
});

/** DELETE …/{projectId}/Package/{id}: `{ id }`, with its returns and attachments. */
export const deletePackage: NamedOperation = inTransaction(async (context) => {
  const clientId = tenant(context);
  const projectId = idParam(context, 'projectId');
  const id = idParam(context, 'id', 'subcontractorPackages.notFound');
  const found = await c(context).packages.findOne({ clientId, projectId, id });
  if (!found) throw new AppError(404, 'subcontractorPackages.notFound');
  await c(context).packages.deleteOne({ _id: found._id });
  for (const r of await c(context).returns.find({ clientId, subcontractorPackageId: id }))
    await c(context).returns.deleteOne({ _id: r._id });
  await context.store.files.deleteFolder(`${clientId}/${filesFolder('package', id)}/`);
  await refreshLookupInUse(context.store, clientId);
  return { id };
});

/** What the external recipient sees of a return and its package (no ids of the client, no other recipients). */
async function recipientView(context: OperationContext, found: SubcontractorReturn) {
  const pkg = await c(context).packages.findOne({ clientId: found.clientId, id: found.subcontractorPackageId });
  if (!pkg) throw new AppError(404, 'subcontractorPackages.codeNotFound');
  return {
    return: {
      packageName: found.packageName,
      recipientName: found.recipientName,
      responseDate: found.responseDate ?? null,
      subcontractorPrice: found.subcontractorPrice ?? null,
      comments: found.comments ?? '',
    },
    package: {
      name: pkg.name,
      projectName: pkg.projectName ?? '',
      clientName: pkg.clientName ?? '',
      instructions: pkg.instructions ?? '',
      isResponseRequired: pkg.isResponseRequired === true,
      revisionNumber: pkg.revisionNumber,
      attachments: pkg.attachments.map((a) => ({
        fileName: a.fileName,
        revisionNumber: a.revisionNumber,
        type: a.type,
      })),
    },
  };
}

/** The return of a security code for the public calls: 429 after too many unknown codes, 404 for one. */
async function returnForRecipient(context: OperationContext, code: string) {
  const address = clientAddress(context.http);
  await checkCodeAttempts(context.store, address, context.now);
  const found = await returnOfCode(context.store, code);
  if (!found) {
    await recordCodeFailure(context.store, address, context.now);
    throw new AppError(404, 'subcontractorPackages.codeNotFound');
  }
  return found;
}

/**
 * GET …/securityCode/{code} (public, no login): the return the code names and its package, as the external
 * recipient's response page reads them. Unknown or malformed codes answer 404; 30 of them from one address in 15
 * minutes answer 429 (Retry-After) until the window ends.
 */
export const securityCode: NamedOperation = async (context) => {
  const found = await returnForRecipient(context, context.params.code ?? '');
  return recipientView(context, found);
};

/**
 * POST …/returnPackage (public, no login) `{ securityCode, subcontractorPrice?, comments? }`: records the
 * recipient's response: the return's responseDate (now), price and comments; the package's isPackageReceived,
 * receivedAt, and subcontractorPrice and pricedAt when a price is given, and comments. Answers the recipient's
 * view, as securityCode does.
 */
export const returnPackage: NamedOperation = inTransaction(async (context) => {
  const body = context.body as { securityCode: string; subcontractorPrice?: number; comments?: string };
  checkMoney({ subcontractorPrice: body.subcontractorPrice });
  const found = await returnForRecipient(context, body.securityCode);
  const now = context.now.toISOString();
  const response = {
    responseDate: now,
    ...(body.subcontractorPrice !== undefined ? { subcontractorPrice: body.subcontractorPrice } : {}),
    ...(body.comments !== undefined ? { comments: body.comments } : {}),
    modified: now,
    modifiedBy: found.recipientName,
  };
  await c(context).returns.updateOne({ _id: found._id }, { $set: response });
  await c(context).packages.updateOne(
    { clientId: found.clientId, id: found.subcontractorPackageId },
    {
      $set: {
        isPackageReceived: true,
        receivedAt: now,
        ...(body.subcontractorPrice !== undefined
          ? { subcontractorPrice: body.subcontractorPrice, pricedAt: now }
          : {}),
        ...(body.comments !== undefined ? { comments: body.comments } : {}),
      },
    },
  );
  return recipientView(context, { ...found, ...response });
});

// ───────────────────────────── files ─────────────────────────────

type FileKind = 'order' | 'payment' | 'package';
const KINDS: readonly FileKind[] = ['order', 'payment', 'package'];

/** The folder of a record's files (client-relative): subcontractors/{kind}s/{id}. */
function filesFolder(kind: FileKind, id: number): string {
  return `subcontractors/${kind}s/${id}`;
}

function kindParam(context: OperationContext): FileKind {
  const kind = (context.params.x ?? '') as FileKind;
  if (!KINDS.includes(kind)) throw new AppError(404, 'notFound.generic');
  return kind;
}

const FILE_COLLECTIONS = {
  order: 'subcontractorOrders',
  payment: 'subcontractorPayments',
  package: 'subcontractorPackages',
} as const;

const FILE_NOT_FOUND = {
  order: 'subcontractorOrders.notFound',
  payment: 'subcontractorPayments.notFound',
  package: 'subcontractorPackages.notFound',
} as const;

type FileRecord = Record<string, unknown> & { _id: string; projectId: number };

/** The record of a file call, its project's access checked (403), or 404. */
async function fileRecord(context: OperationContext, kind: FileKind, id: number, action: AccessAction) {
  const collection = context.store.collection<FileRecord>(FILE_COLLECTIONS[kind]);
  const found = await collection.findOne({ clientId: tenant(context), id });
  if (!found) throw new AppError(404, FILE_NOT_FOUND[kind]);
  requireQs(context, action, found.projectId);
  return { found, collection };
}

/** GET …/{id}/document/{x} (x: order, payment, package): the record's files (a package's attachments). */
export const documents: NamedOperation = async (context) => {
  const kind = kindParam(context);
  const { found } = await fileRecord(context, kind, idParam(context, 'id'), 'view');
  return kind === 'package' ? (found.attachments ?? []) : (found.files ?? []);
};

/** GET …/paymentDocs/{id}: the files of a payment and of its order, `{ payment, order }`. */
export const paymentDocs: NamedOperation = async (context) => {
  const { found } = await fileRecord(context, 'payment', idParam(context, 'id'), 'view');
  const p = found as unknown as SubcontractorPayment;
  const order = await orderOfPayment(context.store, tenant(context), p.projectId, p.package, p.subContractorId);
  return { payment: p.files ?? [], order: order?.files ?? [] };
};

/**
 * PUT …/upload/{x}/{id} (multipart uploads[]): adds the files to the order, payment or package (the file calls'
 * checks: name, 10 MB, type from the bytes). A package's files are its attachments: each upload goes to a folder
 * of its own, and a file name uploaded again is the next revision of that attachment (revisionNumber + 1) and
 * raises the package's revisionNumber. Answers the record's files.
 */
export const upload: NamedOperation = async (context) => {
  const kind = kindParam(context);
  const id = idParam(context, 'id');
  const { found, collection } = await fileRecord(context, kind, id, 'edit');
  const batch = kind === 'package' ? `/${randomUUID()}` : '';
  const answer = await uploadInto(context, `${filesFolder(kind, id)}${batch}`);
  const stored = (await answer.clone().json()) as Array<{
    name: string;
    file: string;
    url: string;
    size: number;
    contentType: string;
    modified: string;
  }>;
  const now = context.now.toISOString();
  const by = actor(context);
  if (kind !== 'package') {
    const files = [
      ...((found.files as Array<{ name: string }>) ?? []).filter((f) => !stored.some((s) => s.name === f.name)),
    ];
    for (const s of stored) files.push({ ...s, added: now, addedById: by.id, addedByFullName: by.fullName } as never);
    await collection.updateOne({ _id: found._id }, { $set: { files } });
    return files;
  }
  const attachments = [...((found.attachments as SubcontractorPackage['attachments']) ?? [])];
  let revised = false;
  for (const s of stored) {
    const previous = attachments.filter((a) => a.fileName === s.name);
    const revisionNumber = previous.reduce((m, a) => Math.max(m, a.revisionNumber), 0) + 1;
    if (previous.length > 0) revised = true;
    attachments.push({
      id: await nextSequence(context.store, 'subcontractorPackageAttachments'),
      fileName: s.name,
      fileUrl: s.url,
      isFolder: false,
      subContractorPackageId: id,
      type: s.contentType.startsWith('image/') ? 'Image' : /dwg|dxf/i.test(s.name) ? 'Drawing' : 'Document',
      added: now,
      addedById: by.id,
      addedByFullName: by.fullName,
      originalPath: s.file,
      revisionNumber,
      isUploaded: true,
    });
  }
  const revisionNumber = Number(found.revisionNumber ?? 0) + (revised ? 1 : 0);
  await collection.updateOne({ _id: found._id }, { $set: { attachments, revisionNumber } });
  return attachments;
};

/**
 * DELETE …/file/delete `{ Url }` (or `{ Urls }`): removes the files from the order, payment or package holding
 * them, and from the file store. 404 when a file is no record's (nothing removed); 403 without edit access on its
 * project.
 */
export const deleteFile: NamedOperation = async (context) => {
  const clientId = tenant(context);
  const body = context.body as { Url?: string; Urls?: string[] };
  const urls = body.Urls ?? (body.Url ? [body.Url] : []);
  const paths = urls.map((u) => {
    const m = /[?&]file=([^&]+)/.exec(u);
    return m ? decodeURIComponent(m[1]) : u;
  });
  const plan: Array<{ kind: FileKind; record: FileRecord; path: string }> = [];
  for (const path of paths) {
    const m = /^subcontractors\/(order|payment|package)s\/(\d+)\//.exec(path);
    if (!m) throw new AppError(404, 'files.notFound');
    const { found } = await fileRecord(context, m[1] as FileKind, Number(m[2]), 'edit');
    const held =
      m[1] === 'package'
        ? ((found.attachments as Array<{ originalPath?: string }>) ?? []).some((a) => a.originalPath === path)
        : ((found.files as Array<{ file: string }>) ?? []).some((f) => f.file === path);
    if (!held) throw new AppError(404, 'files.notFound');
    plan.push({ kind: m[1] as FileKind, record: found, path });
  }
  for (const { kind, record, path } of plan) {
    const collection = context.store.collection<FileRecord>(FILE_COLLECTIONS[kind]);
    const fresh = (await collection.findOne({ _id: record._id })) ?? record;
    if (kind === 'package')
      await collection.updateOne(
        { _id: record._id },
        {
          $set: {
            attachments: ((fresh.attachments as Array<{ originalPath?: string }>) ?? []).filter(
              (a) => a.originalPath !== path,
            ),
          },
        },
      );
    else
      await collection.updateOne(
        { _id: record._id },
        { $set: { files: ((fresh.files as Array<{ file: string }>) ?? []).filter((f) => f.file !== path) } },
      );
    await context.store.files.delete(fileKey(clientId, path));
  }
  return { deleted: new Set(plan.map((p) => publicPath(`${clientId}/${p.path}`))).size };
};
