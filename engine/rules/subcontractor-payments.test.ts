import { describe, expect, it } from 'vitest';
import { isLookupInUse, lookupNamesInUse } from './subcontractor-lookups';
import {
  accumulatedByOrder,
  accumulatePayments,
  isMoney,
  linesTotal,
  retentionHeld,
  roundMoney,
} from './subcontractor-payments';

describe('money', () => {
  it('accepts at most 2 decimals and 16 digits', () => {
    expect(isMoney(12.34)).toBe(true);
    expect(isMoney(0.1 + 0.2)).toBe(true);
    expect(isMoney(0.001)).toBe(false);
    expect(isMoney(12.345)).toBe(false);
    expect(isMoney(99_999_999_999_999.98)).toBe(true);
    expect(isMoney(100_000_000_000_000)).toBe(false);

    expect(isMoney(Number.NaN)).toBe(false);
    expect(isMoney('12')).toBe(false);
    expect(roundMoney(0.1 + 0.2)).toBe(0.3);
  });

  it('totals lines in cents', () => {
    expect(linesTotal([])).toBe(0);
    expect(
      linesTotal([
        { description: 'a', amount: 0.1 },
        { description: 'b', amount: 0.2 },
      ]),
    ).toBe(0.3);
    expect(
      linesTotal([
        { description: 'a', amount: 1000.55 },
        { description: 'b', amount: -0.55 },
      ]),
    ).toBe(1000);
  });

  it('holds retention as a percentage of the gross, to the cent', () => {
    expect(retentionHeld(10_000, 5)).toBe(500);
    expect(retentionHeld(333.33, 3)).toBe(10);
    expect(retentionHeld(1234.56, 2.5)).toBe(30.86);
    expect(retentionHeld(1000, 0)).toBe(0);
  });
});

describe('accumulatePayments', () => {
  const line = (amount: number) => [{ description: 'Work to date', amount }];

  it('computes previous payments, paid and claimed to date in claim order', () => {
    const computed = accumulatePayments([
      { id: 7, dateOfClaim: '2026-03-31', lines: line(25_000), retention: 5, amountClaimedInValuation: 14_000 },
      { id: 3, dateOfClaim: '2026-02-28', lines: line(10_000), retention: 5, amountClaimedInValuation: 10_500 },
    ]);
    expect(computed.map((p) => p.id)).toEqual([3, 7]);
    expect(computed[0]).toMatchObject({
      amountGross: 10_000,
      previousPayments: 0,
      amountPaidInValuation: 9_500,
      amountPaidToDate: 9_500,
      amountClaimedToDate: 10_500,
    });
    expect(computed[1]).toMatchObject({
      amountGross: 25_000,
      previousPayments: 9_500,
      amountPaidInValuation: 14_250,
      amountPaidToDate: 23_750,
      amountClaimedToDate: 24_500,
    });
  });

  it('deducts the amount in dispute and adds retention released', () => {
    const [first, second] = accumulatePayments([
      { id: 1, dateOfClaim: '2026-01-31', lines: line(1000), retention: 10, amountInDispute: 100 },
      { id: 2, dateOfClaim: '2026-02-28', lines: line(1000), retention: 10, amountRetentionPaid: 50 },
    ]);
    expect(first.amountPaidInValuation).toBe(800);
    // The dispute is settled: 1000 − 100 + 50 − 800 already paid.
    expect(second.amountPaidInValuation).toBe(150);
    expect(second.amountPaidToDate).toBe(950);
  });

  it('orders payments of the same date by id, and lets a lower valuation go negative', () => {
    const computed = accumulatePayments([
      { id: 5, dateOfClaim: '2026-01-31', lines: line(500), retention: 0 },
      { id: 4, dateOfClaim: '2026-01-31', lines: line(800), retention: 0 },
    ]);
    expect(computed.map((p) => [p.id, p.amountPaidInValuation])).toEqual([
      [4, 800],
      [5, -300],
    ]);
  });

  it('keeps cents exact over many payments', () => {
    const payments = Array.from({ length: 30 }, (_, i) => ({
      id: i + 1,
      dateOfClaim: `2026-01-${String(i + 1).padStart(2, '0')}`,
      lines: line(roundMoney(0.1 * (i + 1))),
      retention: 3,
      amountClaimedInValuation: 0.1,
    }));
    const last = accumulatePayments(payments).at(-1);
    expect(last?.amountPaidToDate).toBe(roundMoney(3 - retentionHeld(3, 3)));
    expect(last?.amountClaimedToDate).toBe(3);
  });
});

describe('accumulatedByOrder', () => {
  it('gives each order its latest payment figures and what remains', () => {
    const orders = [
      { package: 'Groundworks', subContractorId: 1, orderNumber: 'SC-001', contractSum: 50_000, retention: 5 },
      { package: 'Roofing', subContractorId: 2, orderNumber: 'SC-002', contractSum: 20_000, retention: 3 },
    ];
    const payments = accumulatePayments([
      { id: 1, dateOfClaim: '2026-01-31', lines: line(10_000), retention: 5 },
      { id: 2, dateOfClaim: '2026-02-28', lines: line(20_000), retention: 5, amountInDispute: 1000 },
    ]).map((p) => ({ ...p, package: 'Groundworks', subContractorId: 1 }));
    const rows = accumulatedByOrder(orders, payments);
    expect(rows[0]).toMatchObject({
      orderNo: 'SC-001',
      payments: 2,
      amountGross: 20_000,
      amountPaidToDate: 18_000,
      amountInDispute: 1000,
      retentionHeld: 1000,
      remaining: 32_000,
      lastDateOfClaim: '2026-02-28',
    });
    expect(rows[1]).toMatchObject({ orderNo: 'SC-002', payments: 0, amountPaidToDate: 0, remaining: 20_000 });
    expect(rows[1].lastDateOfClaim).toBeUndefined();
  });

  function line(amount: number) {
    return [{ description: 'Work to date', amount }];
  }
});

describe('lookup values in use', () => {
  const records = {
    orders: [{ package: 'Groundworks', paymentTerms: '30 days' }],
    payments: [{ package: 'Formwork ' }],
    packages: [{ name: 'Mechanical' }],
  };

  it('finds packages named by orders, payments and packages, ignoring case and spaces', () => {
    expect([...lookupNamesInUse('SubContractorPackage', records)].sort()).toEqual([
      'formwork',
      'groundworks',
      'mechanical',
    ]);
    expect(isLookupInUse('SubContractorPackage', ' groundworks', records)).toBe(true);
    expect(isLookupInUse('SubContractorPackage', 'Roofing', records)).toBe(false);
  });

  it('finds payment terms named by orders only', () => {
    expect(isLookupInUse('SubContractorPaymentTerms', '30  Days', records)).toBe(true);
    expect(isLookupInUse('SubContractorPaymentTerms', 'Groundworks', records)).toBe(false);
    expect(lookupNamesInUse('SubContractorPaymentTerms', { orders: [], payments: [], packages: [] }).size).toBe(0);
  });
});
