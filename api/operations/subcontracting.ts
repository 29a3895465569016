/**
 * Store logic of subcontracting (administration-data.md §3 Subcontractor, order, payment, package, return;
 * §4 "Lookup and settings-form items"): the lookup values' in-use flags, the payments' computed figures, and
 * the security codes of package returns. The named operations (api/operations/named/subcontractors.ts) call
 * these; every function is scoped to one client.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { AppError, detail } from '../../engine/errors';
import type { MessageId } from '../../engine/messages/catalogue';
import {
  lookupKey,
  lookupNamesInUse,
  PACKAGE_LOOKUP,
  PAYMENT_TERMS_LOOKUP,
  type ProtectedLookupType,
} from '../../engine/rules/subcontractor-lookups';
import { accumulatePayments, isMoney } from '../../engine/rules/subcontractor-payments';
import type {
  LookupValue,
  SubcontractorOrder,
  SubcontractorPackage,
  SubcontractorPayment,
  SubcontractorReturn,
} from '../../engine/types/generated';
import type { Store } from '../store/port';

type Stored<T> = T & { _id?: string; [key: string]: unknown };

/** The collections of subcontracting, typed. */
export function subcontractingCollections(store: Store) {
  return {
    subcontractors: store.collection<Stored<Record<string, unknown>>>('subcontractors'),
    orders: store.collection<Stored<SubcontractorOrder>>('subcontractorOrders'),
    payments: store.collection<Stored<SubcontractorPayment>>('subcontractorPayments'),
    packages: store.collection<Stored<SubcontractorPackage>>('subcontractorPackages'),
    returns: store.collection<Stored<SubcontractorReturn>>('subcontractorReturns'),
    lookupValues: store.collection<Stored<LookupValue>>('lookupValues'),
  };
}

/**
 * Sets `inUse` of the client's SubContractorPackage and SubContractorPaymentTerms lookup values to what the
 * orders, payments and packages name now (engine/rules/subcontractor-lookups.ts), so the lookup value rules
 * (schemas/rules/lookup-value.json) refuse deleting or deactivating a value in use. Run after every write of
 * those records. Only values whose flag changes are written.
 */
export async function refreshLookupInUse(store: Store, clientId: number): Promise<void> {
  const c = subcontractingCollections(store);
  const records = {
    orders: await c.orders.find({ clientId }, { projection: { package: 1, paymentTerms: 1 } }),
    payments: await c.payments.find({ clientId }, { projection: { package: 1 } }),
    packages: await c.packages.find({ clientId }, { projection: { name: 1 } }),
  };
  for (const type of [PACKAGE_LOOKUP, PAYMENT_TERMS_LOOKUP] as const) {
    const used = lookupNamesInUse(type, records);
    for (const value of await c.lookupValues.find({ clientId, type })) {
      const inUse = used.has(lookupKey(value.name));
      if ((value.inUse === true) !== inUse) await c.lookupValues.updateOne({ _id: value._id }, { $set: { inUse } });
    }
  }
}

/**
 * The client's lookup value of `type` named `name` (compared as lookupKey), or null.
 */
export async function findLookupValue(
  store: Store,
  clientId: number,
  type: ProtectedLookupType,
  name: string,
): Promise<LookupValue | null> {
  const values = await subcontractingCollections(store).lookupValues.find({ clientId, type });
  return values.find((v) => lookupKey(v.name) === lookupKey(name)) ?? null;
}

/**
 * Refuses a lookup value that is not an Active value of its type; a value equal to `current` (an order kept
 * as it was) is let through, since an in-use value cannot be deactivated anyway.
 * @throws AppError 400 with `messageId` and `{ value }`
 */
export async function requireActiveLookup(
  store: Store,
  clientId: number,
  type: ProtectedLookupType,
  name: string,
  messageId: MessageId,
  current?: string,
): Promise<LookupValue | null> {
  const value = await findLookupValue(store, clientId, type, name);
  if (current !== undefined && lookupKey(current) === lookupKey(name)) return value;
  if (value?.status !== 'Active') throw new AppError(400, messageId, { value: name });
  return value;
}

/**
 * Refuses money fields with more than 2 decimals (administration-data.md §9 "Numeric entry: 2 decimals and
 * 16 digits"); the schemas have already checked they are numbers within range.
 * @throws AppError 400 validation.money, every problem in details
 */
export function checkMoney(values: Record<string, unknown>): void {
  const problems = Object.entries(values)
    .filter(([, v]) => v !== undefined && !isMoney(v))
    .map(([field]) => ({ field, detail: detail(`/${field.replace(/\./g, '/')}`, 'validation.money', { field }) }));
  if (problems.length === 0) return;
  throw new AppError(
    400,
    'validation.money',
    { field: problems[0].field },
    problems.map((p) => p.detail),
  );
}

/** The order a payment belongs to: the project's order of its package and subcontractor. */
export async function orderOfPayment(
  store: Store,
  clientId: number,
  projectId: number,
  pkg: string,
  subContractorId: number,
): Promise<Stored<SubcontractorOrder> | null> {
  const orders = await subcontractingCollections(store).orders.find({ clientId, projectId, subContractorId });
  return orders.find((o) => lookupKey(o.package) === lookupKey(pkg)) ?? null;
}

/**
 * Recomputes and stores the figures of every payment of an order (engine/rules/subcontractor-payments.ts):
 * each payment takes the order's number, contract sum and retention, then the to-date figures in claim order.
 * Run after a payment of the order is saved or deleted, and after the order changes.
 */
export async function recomputePayments(
  store: Store,
  clientId: number,
  projectId: number,
  pkg: string,
  subContractorId: number,
): Promise<void> {
  const c = subcontractingCollections(store);
  const order = await orderOfPayment(store, clientId, projectId, pkg, subContractorId);
  const own = (await c.payments.find({ clientId, projectId, subContractorId })).filter(
    (p) => lookupKey(p.package) === lookupKey(pkg),
  );
  const withOrder = own.map((p) => ({
    ...p,
    orderNo: order?.orderNumber ?? p.orderNo,
    contractValue: order?.contractSum ?? p.contractValue,
    retention: order?.retention ?? p.retention,
  }));
  for (const p of accumulatePayments(withOrder)) {
    const { _id, ...fields } = p;
    await c.payments.updateOne({ _id }, { $set: fields });
  }
}

/** A new security code: 32 random bytes, base64url (43 characters), unguessable. */
export function newSecurityCode(): string {
  return randomBytes(32).toString('base64url');
}

const CODE = /^[A-Za-z0-9_-]{32,100}$/;

/**
 * The return a security code names, over every client (the code is the recipient's only key; the return's
 * clientId then binds everything that follows to its client). The code is looked up by index and then compared
 * in constant time, so the answer's timing says nothing about how much of a guess was right.
 * @returns the return, or null for a malformed or unknown code
 */
export async function returnOfCode(store: Store, code: string): Promise<Stored<SubcontractorReturn> | null> {
  if (!CODE.test(code)) return null;
  const found = await subcontractingCollections(store).returns.findOne({ securityCode: code });
  if (!found) return null;
  const a = Buffer.from(found.securityCode);
  const b = Buffer.from(code);
  return a.length === b.length && timingSafeEqual(a, b) ? found : null;
}

/** Unknown codes allowed from one address in a window. */
export const CODE_ATTEMPT_LIMIT = 30;
/** The window of unknown codes, 15 minutes. */
export const CODE_WINDOW_MS = 15 * 60_000;

interface AttemptDoc {
  [key: string]: unknown;
  key: string;
  failures: number;
  expiresAt: Date;
}

/**
 * Refuses an address that has tried CODE_ATTEMPT_LIMIT unknown security codes in the window (the login
 * limiter's store-backed counters, `loginAttempts`, under the key `securityCode:<address>`).
 * @throws AppError 429 subcontractorPackages.tooManyAttempts with Retry-After
 */
export async function checkCodeAttempts(store: Store, address: string | undefined, now: Date): Promise<void> {
  const doc = await store
    .collection<AttemptDoc>('loginAttempts')
    .findOne({ key: `securityCode:${address ?? 'unknown'}` });
  if (!doc || new Date(doc.expiresAt).getTime() <= now.getTime() || doc.failures < CODE_ATTEMPT_LIMIT) return;
  const seconds = Math.max(1, Math.ceil((new Date(doc.expiresAt).getTime() - now.getTime()) / 1000));
  throw new AppError(429, 'subcontractorPackages.tooManyAttempts', { minutes: Math.ceil(seconds / 60) }).withHeader(
    'Retry-After',
    String(seconds),
  );
}

/** Counts an unknown security code against the address. */
export async function recordCodeFailure(store: Store, address: string | undefined, now: Date): Promise<void> {
  const attempts = store.collection<AttemptDoc>('loginAttempts');
  const key = `securityCode:${address ?? 'unknown'}`;
  const doc = await attempts.findOne({ key });
  if (!doc || new Date(doc.expiresAt).getTime() <= now.getTime())
    await attempts.updateOne(
      { key },
      { $set: { failures: 1, windowStart: now, expiresAt: new Date(now.getTime() + CODE_WINDOW_MS) } },
      { upsert: true },
    );
  else await attempts.updateOne({ key }, { $inc: { failures: 1 } });
}
