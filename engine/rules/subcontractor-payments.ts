/**
 * Subcontractor payment figures (administration-data.md §3 "Subcontractor payment"; issue 9 "Subcontracting":
 * lines, retention, amounts claimed and paid to date, accumulated payments). Pure: the API computes every
 * figure with these before it stores a payment, and recomputes the order's later payments when one changes.
 *
 * Money is a number of currency units with at most 2 decimals (administration-data.md §9 "Numeric entry: 2
 * decimals and 16 digits"); sums are made in whole cents so 0.1 + 0.2 is 0.3. A payment belongs to one order:
 * the project's order of its `package` and `subContractorId` (GET …/order/{package}/{sub}).
 *
 * A valuation (the UK practice of interim payments under a subcontract):
 * - amountGross: the gross valuation of the work done to date, the sum of the payment's lines;
 * - retention held: amountGross × retention % (the order's retention), rounded to the cent;
 * - net to date: amountGross − retention held + amountRetentionPaid (retention released so far);
 * - previousPayments: the sum of amountPaidInValuation of the order's earlier payments (by dateOfClaim, then id);
 * - amountPaidInValuation: net to date − amountInDispute − previousPayments (negative when earlier payments
 *   overpaid: a contra the next valuation recovers);
 * - amountPaidToDate: previousPayments + amountPaidInValuation;
 * - amountClaimedToDate: the earlier payments' amountClaimedInValuation plus this one's.
 */

/** Money stays below 10^14: 16 digits, 2 of them decimals (§9). */
export const MAX_MONEY_EXCLUSIVE = 100_000_000_000_000;

/** Whole cents of an amount (rounded half away from zero). */
export function toCents(amount: number): number {
  return Math.sign(amount) * Math.round(Math.abs(amount) * 100);
}

/** An amount from whole cents. */
export function fromCents(cents: number): number {
  return cents / 100 || 0;
}

/** An amount rounded to the cent. */
export function roundMoney(amount: number): number {
  return fromCents(toCents(amount));
}

/** True when `amount` is a finite number with at most 2 decimals below ±MAX_MONEY_EXCLUSIVE. */
export function isMoney(amount: unknown): amount is number {
  if (typeof amount !== 'number' || !Number.isFinite(amount) || Math.abs(amount) >= MAX_MONEY_EXCLUSIVE) return false;
  return Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6;
}

/** One line of a payment: what it values, and the value of the work done to date (currency units). */
export interface PaymentLine {
  description: string;
  amount: number;
}

/** The sum of the lines' amounts: the payment's amountGross. */
export function linesTotal(lines: readonly PaymentLine[]): number {
  return fromCents(lines.reduce((sum, line) => sum + toCents(line.amount), 0));
}

/**
 * The retention held on a gross valuation: amountGross × retention / 100, to the cent.
 * @param retention percent, 0-100
 */
export function retentionHeld(amountGross: number, retention: number): number {
  return fromCents(Math.round((toCents(amountGross) * retention) / 100));
}

/** What a payment brings to the computation (entered on the payment form, or its order's). */
export interface PaymentInput {
  id: number;
  /** yyyy-mm-dd */
  dateOfClaim: string;
  lines: readonly PaymentLine[];
  /** Percent, the order's retention. */
  retention: number;
  amountRetentionPaid?: number;
  amountClaimedInValuation?: number;
  amountInDispute?: number;
}

/** The figures the server computes for a payment. */
export interface PaymentFigures {
  amountGross: number;
  previousPayments: number;
  amountPaidInValuation: number;
  amountPaidToDate: number;
  amountClaimedToDate: number;
}

/** Earlier payments first: by dateOfClaim, then by id. */
export function byClaimOrder(a: Pick<PaymentInput, 'id' | 'dateOfClaim'>, b: Pick<PaymentInput, 'id' | 'dateOfClaim'>) {
  return a.dateOfClaim < b.dateOfClaim ? -1 : a.dateOfClaim > b.dateOfClaim ? 1 : a.id - b.id;
}

/**
 * The figures of every payment of one order, each after the ones before it (see the module comment).
 * @param payments the order's payments, in any order
 * @returns the payments in claim order, each with its computed figures
 */
export function accumulatePayments<T extends PaymentInput>(payments: readonly T[]): Array<T & PaymentFigures> {
  let paidCents = 0;
  let claimedCents = 0;
  return [...payments].sort(byClaimOrder).map((payment) => {
    const amountGross = linesTotal(payment.lines);
    const netCents =
      toCents(amountGross) -
      toCents(retentionHeld(amountGross, payment.retention)) +
      toCents(payment.amountRetentionPaid ?? 0);
    const paidNowCents = netCents - toCents(payment.amountInDispute ?? 0) - paidCents;
    const previousPayments = fromCents(paidCents);
    paidCents += paidNowCents;
    claimedCents += toCents(payment.amountClaimedInValuation ?? 0);
    return {
      ...payment,
      amountGross,
      previousPayments,
      amountPaidInValuation: fromCents(paidNowCents),
      amountPaidToDate: fromCents(paidCents),
      amountClaimedToDate: fromCents(claimedCents),
    };
  });
}

/** An order as the accumulated figures read it. */
export interface OrderForPayments {
  package: string;
  subContractorId: number;
  orderNumber: string;
  contractSum: number;
  retention: number;
}

/** A stored payment as the accumulated figures read it. */
export type StoredPaymentFigures = PaymentInput &
  PaymentFigures & { package: string; subContractorId: number; amountInDispute?: number };

/** One row of the accumulated payments of a project (GET …/{projectId}/PaymentsAccumulated). */
export interface AccumulatedPayments {
  orderNo: string;
  package: string;
  subContractorId: number;
  contractValue: number;
  retention: number;
  /** How many payments the order has. */
  payments: number;
  /** The latest payment's figures (0 without payments). */
  amountGross: number;
  amountClaimedToDate: number;
  amountPaidToDate: number;
  amountInDispute: number;
  retentionHeld: number;
  /** contractValue − amountPaidToDate. */
  remaining: number;
  /** The latest payment's dateOfClaim, when there is one. */
  lastDateOfClaim?: string;
}

/**
 * The accumulated payments of each order: its latest payment's to-date figures.
 * @returns one row per order, in the orders' order
 */
export function accumulatedByOrder(
  orders: readonly OrderForPayments[],
  payments: readonly StoredPaymentFigures[],
): AccumulatedPayments[] {
  return orders.map((order) => {
    const own = payments
      .filter((p) => p.package === order.package && p.subContractorId === order.subContractorId)
      .sort(byClaimOrder);
    const latest = own.at(-1);
    const amountPaidToDate = latest?.amountPaidToDate ?? 0;
    return {
      orderNo: order.orderNumber,
      package: order.package,
      subContractorId: order.subContractorId,
      contractValue: order.contractSum,
      retention: order.retention,
      payments: own.length,
      amountGross: latest?.amountGross ?? 0,
      amountClaimedToDate: latest?.amountClaimedToDate ?? 0,
      amountPaidToDate,
      amountInDispute: latest?.amountInDispute ?? 0,
      retentionHeld: latest ? retentionHeld(latest.amountGross, latest.retention) : 0,
      remaining: fromCents(toCents(order.contractSum) - toCents(amountPaidToDate)),
      ...(latest ? { lastDateOfClaim: latest.dateOfClaim } : {}),
    };
  });
}
