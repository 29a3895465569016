/**
 * Hooks of the order and payment saves (administration-data.md §3 Subcontractor order, Subcontractor payment, §7
 * "Subcontractors"; docs/api.md "Subcontracting"): POST …/{projectId}/order and …/Payment are the generic `save`
 * (a new record, or with `id` the changes of one), and these hooks check the input and keep the figures, in the
 * save's transaction: an order's subcontractor, Active package and payment terms, the client's contacts, a
 * question answered once, no move of an order with payments; a payment's order and manager to notify; money with
 * at most 2 decimals; then each order's payments recomputed and the lookup values' inUse flags refreshed.
 */
import { randomUUID } from 'node:crypto';
import { AppError } from '../../engine/errors';
import { lookupKey, PACKAGE_LOOKUP, PAYMENT_TERMS_LOOKUP } from '../../engine/rules/subcontractor-lookups';
import { answersToDisplay, questionAnsweredTwice } from '../../engine/rules/subcontractor-orders';
import type {
  SubcontractorOrder,
  SubcontractorPackage,
  SubcontractorPayment,
  SubcontractorReturn,
  User,
} from '../../engine/types/generated';
import { nextSequence } from '../ids';
import {
  checkMoney,
  findLookupValue,
  newSecurityCode,
  orderOfPayment,
  recomputePayments,
  requireActiveLookup,
} from '../operations/subcontracting';
import type { AfterChangeHook, BeforeChangeHook, BeforeValidateHook, HookArgs, Item } from '../resources/hooks';
import { orderWithoutPayments } from './subcontracting-deletes';

type Order = SubcontractorOrder & Item;
type Payment = SubcontractorPayment & Item;
type Package = SubcontractorPackage & Item;

/** Who enters a record: the caller's id. */
const callerId = ({ context }: HookArgs) => context.user?.id ?? 0;

/**
 * Refuses ids that are not contacts of the client (the directory of administration-data.md §3 Contact).
 * @throws AppError 400 subcontractorOrders.unknownContact with the first missing id
 */
async function requireContacts({ store, context }: HookArgs, ids: readonly (number | undefined)[]): Promise<void> {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  if (wanted.length === 0) return;
  const found = await store
    .collection<{ id: number }>('contacts')
    .find({ clientId: context.clientId, id: { $in: wanted } }, { projection: { id: 1 } });
  const missing = wanted.find((id) => !found.some((f) => f.id === id));
  if (missing !== undefined) throw new AppError(400, 'subcontractorOrders.unknownContact', { value: missing });
}

/**
 * beforeValidate of an order save: the checks above (400; 409 subcontractorOrders.hasPayments for moving an order
 * with payments to another package or subcontractor), then the server's fields: entryNumber (per project),
 * orderNumber (SC-nnn by default), answersToDisplay, subContractorName, dateEntered, enteredById, files kept.
 */
export const orderInput: BeforeValidateHook<Order> = async (data, args) => {
  const { store, context, current } = args;
  const clientId = Number(context.clientId);
  checkMoney({ contractSum: data.contractSum, budgetSum: data.budgetSum, retention: data.retention });
  const sub = await store.collection<Item>('subcontractors').findOne({ clientId, id: data.subContractorId });
  if (!sub) throw new AppError(400, 'subcontractorOrders.unknownSubcontractor', { value: data.subContractorId });
  const { package: pkg, paymentTerms } = data;
  await requireActiveLookup(
    store,
    clientId,
    PACKAGE_LOOKUP,
    pkg,
    'subcontractorOrders.unknownPackage',
    current?.package,
  );
  await requireActiveLookup(
    store,
    clientId,
    PAYMENT_TERMS_LOOKUP,
    paymentTerms,
    'subcontractorOrders.unknownPaymentTerms',
    current?.paymentTerms,
  );
  await requireContacts(args, [data.accountContactId, data.siteContactId, data.copyToId]);
  const twice = questionAnsweredTwice(data.answers ?? []);
  if (twice !== undefined) throw new AppError(400, 'subcontractorOrders.answerTwice', { value: twice });
  if (current && (current.subContractorId !== data.subContractorId || lookupKey(current.package) !== lookupKey(pkg)))
    await orderWithoutPayments(current, args);
  const entryNumber =
    current?.entryNumber ?? (await nextSequence(store, `subcontractorOrders:${clientId}:${context.params.projectId}`));
  return {
    ...data,
    entryNumber,
    orderNumber: data.orderNumber?.trim() || current?.orderNumber || `SC-${String(entryNumber).padStart(3, '0')}`,
    answersToDisplay: answersToDisplay(data.answers ?? []),
    files: current?.files ?? [],
    subContractorName: String(sub.name),
    dateEntered: current?.dateEntered ?? context.now.toISOString(),
    enteredById: current?.enteredById ?? callerId(args),
  };
};

/** beforeChange of an order save: each answer names its order. */
export const orderAnswers: BeforeChangeHook<Order> = (order) => ({
  ...order,
  answers: (order.answers ?? []).map((a) => ({ ...a, subContractorOrderId: order.id })),
});

/**
 * beforeValidate of a payment save: money with at most 2 decimals, its order (package and subcontractor on the
 * project; 400 subcontractorPayments.noOrder) and the manager to notify (a user of the client; 400), then the
 * order's figures and placeholders until the order's payments are recomputed (afterChange recomputeOrderPayments).
 */
export const paymentInput: BeforeValidateHook<Payment> = async (data, args) => {
  const { store, context, current } = args;
  const clientId = Number(context.clientId);
  checkMoney({
    amountRetentionPaid: data.amountRetentionPaid,
    amountClaimedInValuation: data.amountClaimedInValuation,
    amountInDispute: data.amountInDispute,
    ...Object.fromEntries((data.lines ?? []).map((l, i) => [`lines.${i}.amount`, l.amount])),
  });
  const projectId = Number(context.params.projectId);
  const order = await orderOfPayment(store, clientId, projectId, data.package, data.subContractorId);
  if (!order) throw new AppError(400, 'subcontractorPayments.noOrder');
  if (
    data.notifyToId !== undefined &&
    !(await store.collection<User>('users').findOne({ clientIds: clientId, id: data.notifyToId }))
  )
    throw new AppError(400, 'subcontractorPayments.unknownNotify', { value: data.notifyToId });
  return {
    ...data,
    package: order.package,
    orderNo: order.orderNumber,
    contractValue: order.contractSum,
    retention: order.retention,
    subContractorName: order.subContractorName,
    amountGross: 0,
    previousPayments: 0,
    amountPaidInValuation: 0,
    amountPaidToDate: 0,
    amountClaimedToDate: 0,
    files: current?.files ?? [],
    dateEntered: current?.dateEntered ?? context.now.toISOString(),
    enteredById: current?.enteredById ?? callerId(args),
  };
};

/**
 * afterChange of an order or payment save: the payments of its order recomputed in claim order (and of the order
 * it left, when a payment moved); answers the record as stored then.
 */
export const recomputeOrderFigures: AfterChangeHook<Order | Payment> = async (item, { store, resource, previous }) => {
  const { clientId, projectId } = item;
  if (
    previous &&
    (previous.subContractorId !== item.subContractorId || lookupKey(previous.package) !== lookupKey(item.package))
  )
    await recomputePayments(store, clientId, projectId, previous.package, previous.subContractorId);
  await recomputePayments(store, clientId, projectId, item.package, item.subContractorId);
  return (await store.collection<Order | Payment>(resource.collection).findOne({ clientId, id: item.id })) ?? item;
};

/**
 * beforeValidate of a package save: the name an Active SubContractorPackage value (400), recipients (suppliersIds)
 * the client's subcontractors, contacts the client's and managers its users (400); then the server's fields:
 * entryNumber (per project), securityCode, aggregateId, revisionNumber, attachments, managers, projectName,
 * clientName, dateEntered, enteredById and enteredByFullName (kept by a change).
 */
export const packageInput: BeforeValidateHook<Package> = async (data, args) => {
  const { store, context, current } = args;
  const clientId = Number(context.clientId);
  const projectId = Number(context.params.projectId);
  await requireActiveLookup(
    store,
    clientId,
    PACKAGE_LOOKUP,
    data.name,
    'subcontractorOrders.unknownPackage',
    current?.name,
  );
  const suppliers = data.suppliersIds ?? [];
  const recipients = await store.collection<Item>('subcontractors').find({ clientId, id: { $in: suppliers } });
  const missing = suppliers.find((id) => !recipients.some((r) => r.id === id));
  if (missing !== undefined) throw new AppError(400, 'subcontractorPackages.unknownRecipient', { value: missing });
  await requireContacts(args, [...(data.contactIds ?? []), ...(data.clientsConsultantsContactsIds ?? [])]);
  const managerIds = data.managerIds ?? [];
  const users = await store
    .collection<User>('users')
    .find({ clientIds: clientId, id: { $in: managerIds } }, { projection: { id: 1, fullName: 1 } });
  const managers = managerIds.flatMap((id) =>
    users.filter((u) => u.id === id).map((u) => ({ id: u.id, fullName: u.fullName })),
  );
  const noManager = managerIds.find((id) => !managers.some((m) => m.id === id));
  if (noManager !== undefined) throw new AppError(400, 'subcontractorPackages.unknownManager', { value: noManager });
  const project = await store.collection<Item>('projects').findOne({ clientId, id: projectId });
  if (!project) throw new AppError(404, 'notFound.project');
  const client = await store.collection<Item>('clients').findOne({ id: clientId });
  return {
    ...data,
    entryNumber: current?.entryNumber ?? (await nextSequence(store, `subcontractorPackages:${clientId}:${projectId}`)),
    securityCode: current?.securityCode ?? newSecurityCode(),
    aggregateId: current?.aggregateId ?? randomUUID(),
    revisionNumber: current?.revisionNumber ?? 0,
    attachments: current?.attachments ?? [],
    managers,
    projectName: String(project.name),
    clientName: String(client?.name ?? ''),
    dateEntered: current?.dateEntered ?? context.now.toISOString(),
    enteredById: current?.enteredById ?? callerId(args),
    enteredByFullName: current?.enteredByFullName ?? context.user?.fullName ?? '',
  };
};

/**
 * afterChange of a package save: one return per recipient; a recipient without one gets one with a new security
 * code, a recipient taken off loses a return that has no response yet, and the others follow a renamed package.
 */
export const packageReturns: AfterChangeHook<Package> = async (pkg, { store, context }) => {
  const clientId = pkg.clientId;
  const returns = store.collection<Item>('subcontractorReturns');
  const recipients = await store
    .collection<Item>('subcontractors')
    .find({ clientId, id: { $in: pkg.suppliersIds ?? [] } });
  const existing = await returns.find({ clientId, subcontractorPackageId: pkg.id });
  for (const r of existing) {
    const stays = recipients.some((s) => s.id === r.recipientId);
    if (!stays && !r.responseDate) await returns.deleteOne({ _id: r._id });
    else if (r.packageName !== pkg.name) await returns.updateOne({ _id: r._id }, { $set: { packageName: pkg.name } });
  }
  const lookup = await findLookupValue(store, clientId, PACKAGE_LOOKUP, pkg.name);
  const now = context.now.toISOString();
  for (const s of recipients) {
    if (existing.some((r) => r.recipientId === s.id)) continue;
    const made: SubcontractorReturn = {
      id: await nextSequence(store, 'subcontractorReturns'),
      clientId,
      projectId: pkg.projectId,
      packageName: pkg.name,
      ...(lookup ? { packageId: lookup.id } : {}),
      subcontractorPackageId: pkg.id,
      recipientName: String(s.name),
      recipientId: Number(s.id),
      securityCode: newSecurityCode(),
      created: now,
      createdBy: context.user?.fullName ?? '',
      createdById: context.user?.id ?? 0,
    };
    await returns.insertOne({ ...made });
  }
  return pkg;
};
