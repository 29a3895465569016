/**
 * The subcontracting calls (administration-data.md §7 "Subcontractors (/api/settings/Subcontractors)"; §3; §4
 * "Lookup and settings-form items"; §9 last line): the directory, orders, payments with their computed figures,
 * packages with returns and security codes, files, the in-use protection of the SubContractorPackage and
 * SubContractorPaymentTerms lookup values; access (qs area, estimating admin), tenancy and bad input (400,
 * nothing saved).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { message } from '../engine/messages/catalogue';
import type {
  LookupValue,
  Subcontractor,
  SubcontractorOrder,
  SubcontractorPackage,
  SubcontractorPayment,
  SubcontractorReturn,
} from '../engine/types/generated';
import { DEMO_PASSWORD, demoSeed } from '../fixtures/seed';
import { clientPasswordDigest, hashPassword } from './auth/passwords';
import { type Harness, makeHarness } from './test/harness';

const B = '/api/settings/Subcontractors';
let h: Harness;
let admin: string;

beforeEach(async () => {
  h = await makeHarness();
  admin = await h.login('admin@demo.local');
  expect((await h.call('POST', '/api/authorization/setClient/1', { cookie: admin })).status).toBe(200);
});

async function json<T>(res: Response | Promise<Response>, status = 200): Promise<T> {
  const r = await res;
  const text = await r.text();
  expect(r.status, text).toBe(status);
  return JSON.parse(text) as T;
}

/** A user of client 1 with the qs area on their own projects: View on project 1, Edit on project 2. */
async function qsUser(): Promise<string> {
  await h.store.collection('users').insertOne({
    id: 90,
    fullName: 'Orla Quinn',
    email: 'qs@test.local',
    passwordHash: await hashPassword(clientPasswordDigest(DEMO_PASSWORD)),
    status: 'Active',
    processes: [],
    clientIds: [1],
    currentClient: 1,
    accesses: [
      {
        clientId: 1,
        flags: { accessTheirQS: true },
        projects: [
          { projectId: 1, activity: 'View' },
          { projectId: 2, activity: 'Edit' },
        ],
      },
    ],
  });
  return h.login('qs@test.local');
}

const lookup = async (type: string, name: string) =>
  (await h.store.collection<LookupValue>('lookupValues').findOne({ clientId: 1, type, name })) as LookupValue;

const newOrder = {
  subContractorId: 4,
  package: 'Electrical',
  paymentTerms: '60 days',
  contractSum: 120_000.5,
  retention: 2.5,
  type: 'Fixed Price',
  estimatedStartDate: '2026-03-02',
  answers: [
    { questionId: 1, answer: 'Yes' },
    { questionId: 3, answer: 'Other', other: 'Sent by post' },
  ],
};

describe('the subcontractor directory', () => {
  it('lists the client’s subcontractors by name, agencies apart, and gives the next free code', async () => {
    const all = await json<Subcontractor[]>(h.call('GET', `${B}/getall`, { cookie: admin }));
    const mine = demoSeed.subcontracting?.subcontractors.filter((s) => s.clientId === 1) ?? [];
    expect(all.map((s) => s.name)).toEqual(mine.map((s) => s.name).sort((a, b) => a.localeCompare(b)));
    const agencies = await json<Subcontractor[]>(h.call('GET', `${B}/getallagencies`, { cookie: admin }));
    expect(agencies.map((s) => s.name)).toEqual(['Atlantic Labour Agency']);
    const onProject2 = await json<Subcontractor[]>(
      h.call('GET', `${B}/getallagencieswithprojectid/2`, { cookie: admin }),
    );
    expect(onProject2.map((s) => s.id)).toEqual([3]);
    expect(await json(h.call('GET', `${B}/getallagencieswithprojectid/1`, { cookie: admin }))).toEqual([]);
    expect(await json(h.call('GET', `${B}/code`, { cookie: admin }))).toEqual({ code: 'SC0005' });
    const id = await h.call('GET', `${B}/aggregateId`, { cookie: admin });
    expect(await id.text()).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('adds one with the next code, changes it, and refuses a name or code twice', async () => {
    const made = await json<Subcontractor>(
      h.call('POST', B, { cookie: admin, body: { name: 'Clare Roofing', type: 'Subcontractor', location: 'Ennis' } }),
    );
    expect(made).toMatchObject({ code: 'SC0005', clientId: 1, createdBy: 'Niamh Gallagher' });
    const changed = await json<Subcontractor>(
      h.call('PUT', `${B}/${made.id}`, {
        cookie: admin,
        body: { name: 'Clare Roofing Ltd', code: 'CR1', type: 'Agency' },
      }),
    );
    expect(changed).toMatchObject({ name: 'Clare Roofing Ltd', code: 'CR1', type: 'Agency' });
    expect(changed.location).toBeUndefined();
    const recoded = await json<Subcontractor>(
      h.call('PUT', `${B}/${made.id}`, { cookie: admin, body: { name: 'Clare Roofing Ltd', type: 'Agency' } }),
    );
    // SC0005 is free again since the code became CR1.
    expect(recoded.code).toBe('SC0005');
    await json(
      h.call('PUT', `${B}/2`, {
        cookie: admin,
        body: { name: 'Shannon Formwork', code: 'SC0002', type: 'Subcontractor' },
      }),
    );
    const order = await json<SubcontractorOrder>(h.call('GET', `${B}/1/order/2`, { cookie: admin }));
    expect(order.subContractorName).toBe('Shannon Formwork');
    const bad = await h.call('PUT', `${B}/2`, { cookie: admin, body: { name: '', type: 'Subcontractor' } });
    expect(bad.status).toBe(400);
    const twice = await h.call('POST', B, {
      cookie: admin,
      body: { name: ' corrib  groundworks ltd', type: 'Subcontractor' },
    });
    expect(twice.status).toBe(409);
    expect((await twice.json()).message).toBe(message('subcontractors.duplicate'));
    const code = await h.call('POST', B, {
      cookie: admin,
      body: { name: 'Another', code: 'sc0001', type: 'Subcontractor' },
    });
    expect((await code.json()).messageId).toBe('subcontractors.duplicateCode');
  });

  it('refuses bad input with 400 and saves nothing', async () => {
    const before = await h.store.collection('subcontractors').countDocuments({});
    for (const body of [
      {},
      { name: '   ', type: 'Subcontractor' },
      { name: 'X', type: 'Plumber' },
      { name: 'X', type: 'Agency', code: 'has space' },
      { name: 'X'.repeat(101), type: 'Agency' },
      { name: 'X', type: 'Agency', extra: 1 },
      { name: 'X', type: 'Agency', $where: '1' },
    ]) {
      const res = await h.call('POST', B, { cookie: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await h.call('POST', B, { cookie: admin, raw: '{"name":' })).status).toBe(400);
    expect(await h.store.collection('subcontractors').countDocuments({})).toBe(before);
  });

  it('deletes a subcontractor only while nothing names it', async () => {
    const used = await h.call('DELETE', `${B}/1`, { cookie: admin });
    expect(used.status).toBe(409);
    expect((await used.json()).messageId).toBe('subcontractors.inUse');
    const recipient = await h.call('DELETE', `${B}/4`, { cookie: admin });
    expect(recipient.status).toBe(409);
    const made = await json<Subcontractor>(
      h.call('POST', B, { cookie: admin, body: { name: 'Gone', type: 'Agency' } }),
    );
    expect(await json(h.call('DELETE', `${B}/${made.id}`, { cookie: admin }))).toEqual({ id: made.id });
    expect((await h.call('GET', `${B}/${made.id}`, { cookie: admin })).status).toBe(404);
  });

  it('is changed by estimating admins only, and is the tenant’s own', async () => {
    const user = await h.login('user@demo.local');
    expect((await h.call('GET', `${B}/getall`, { cookie: user })).status).toBe(200);
    expect((await h.call('POST', B, { cookie: user, body: { name: 'Nope', type: 'Agency' } })).status).toBe(403);
    expect((await h.call('PUT', `${B}/1`, { cookie: user, body: { name: 'Nope', type: 'Agency' } })).status).toBe(403);
    expect((await h.call('DELETE', `${B}/1`, { cookie: user })).status).toBe(403);
    expect((await h.call('GET', `${B}/getall`)).status).toBe(401);
    // Client 2's subcontractor 5.
    expect((await h.call('GET', `${B}/5`, { cookie: admin })).status).toBe(404);
    expect((await h.call('PUT', `${B}/5`, { cookie: admin, body: { name: 'Mine', type: 'Agency' } })).status).toBe(404);
    expect((await h.call('DELETE', `${B}/5`, { cookie: admin })).status).toBe(404);
  });
});

describe('orders', () => {
  it('lists a project’s orders, one by package and subcontractor, and the unique list', async () => {
    const orders = await json<SubcontractorOrder[]>(h.call('GET', `${B}/1/orders`, { cookie: admin }));
    expect(orders.map((o) => o.orderNumber)).toEqual(['SC-001', 'SC-002']);
    expect(orders[0].answersToDisplay?.[2]).toEqual({
      questionId: 3,
      question: message('subcontractorOrders.question.3'),
      answer: 'Excavation method statement outstanding',
    });
    const one = await json<SubcontractorOrder>(h.call('GET', `${B}/1/order/Formwork/2`, { cookie: admin }));
    expect(one.id).toBe(2);
    expect((await h.call('GET', `${B}/1/order/Formwork/1`, { cookie: admin })).status).toBe(404);
    expect((await h.call('GET', `${B}/1/order/2`, { cookie: admin })).status).toBe(200);
    expect((await h.call('GET', `${B}/2/order/2`, { cookie: admin })).status).toBe(404);
    const unique = await json<Array<{ package: string; subContractorName: string }>>(
      h.call('GET', `${B}/1/orders/unique`, { cookie: admin }),
    );
    expect(unique.map((u) => [u.package, u.subContractorName])).toEqual([
      ['Formwork', 'Shannon Formwork Systems'],
      ['Groundworks', 'Corrib Groundworks Ltd'],
    ]);
    const all = await json<Array<{ projectCode: string }>>(h.call('GET', `${B}/getallordered`, { cookie: admin }));
    expect(all).toHaveLength(3);
    expect(new Set(all.map((o) => o.projectCode))).toEqual(new Set(['CCE-2401', 'CCE-2405']));
  });

  it('adds an order with its entry number, order number and answers; changes it', async () => {
    const made = await json<SubcontractorOrder>(
      h.call('POST', `${B}/1/order`, { cookie: admin, body: { ...newOrder, siteContactId: 2, accountContactId: 3 } }),
    );
    expect(made).toMatchObject({
      projectId: 1,
      entryNumber: 3,
      orderNumber: 'SC-003',
      subContractorName: 'Midlands Mechanical Services',
      enteredById: 1,
      files: [],
    });
    expect(made.answers?.every((a) => a.subContractorOrderId === made.id)).toBe(true);
    expect(made.answersToDisplay?.map((a) => a.answer)).toEqual(['Yes', 'Sent by post']);
    const changed = await json<SubcontractorOrder>(
      h.call('POST', `${B}/1/order`, {
        cookie: admin,
        body: { ...newOrder, id: made.id, orderNumber: 'ELEC-1', contractSum: 130_000, answers: [] },
      }),
    );
    expect(changed).toMatchObject({ id: made.id, entryNumber: 3, orderNumber: 'ELEC-1', contractSum: 130_000 });
    expect(changed.estimatedStartDate).toBe('2026-03-02');
    const other = await json<SubcontractorOrder>(
      h.call('POST', `${B}/2/order`, { cookie: admin, body: { ...newOrder, package: 'Groundworks' } }),
    );
    expect(other).toMatchObject({ entryNumber: 2, orderNumber: 'SC-002' });
  });

  it('refuses bad orders with 400 or 409 and saves nothing', async () => {
    const before = await h.store.collection('subcontractorOrders').countDocuments({});
    const cases: Array<[unknown, number, string?]> = [
      [{ ...newOrder, package: 'Scaffolding' }, 400, 'subcontractorOrders.unknownPackage'],
      [{ ...newOrder, package: 'Piling' }, 400, 'subcontractorOrders.unknownPackage'],
      [{ ...newOrder, paymentTerms: 'Electrical' }, 400, 'subcontractorOrders.unknownPaymentTerms'],
      [{ ...newOrder, subContractorId: 5 }, 400, 'subcontractorOrders.unknownSubcontractor'],
      [{ ...newOrder, contractSum: 10.005 }, 400, 'validation.money'],
      [{ ...newOrder, contractSum: -1 }, 400],
      [{ ...newOrder, retention: 101 }, 400],
      [{ ...newOrder, type: 'Other' }, 400],
      [{ ...newOrder, estimatedStartDate: '2026-13-45' }, 400],
      [
        {
          ...newOrder,
          answers: [
            { questionId: 1, answer: 'Yes' },
            { questionId: 1, answer: 'No' },
          ],
        },
        400,
        'subcontractorOrders.answerTwice',
      ],
      [{ ...newOrder, answers: [{ questionId: 2, answer: 'Other' }] }, 400],
      [{ ...newOrder, package: 'Groundworks', subContractorId: 1 }, 409, 'subcontractorOrders.duplicate'],
      [{ ...newOrder, orderNumber: 'sc-001' }, 409, 'subcontractorOrders.duplicateNumber'],
      [{ ...newOrder, id: 4 }, 404],
      [{ ...newOrder, siteContactId: 41 }, 400, 'subcontractorOrders.unknownContact'],
      [{ ...newOrder, copyToId: 0 }, 400],
    ];
    for (const [body, status, messageId] of cases) {
      const res = await h.call('POST', `${B}/1/order`, { cookie: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (messageId) expect((await res.json()).messageId).toBe(messageId);
    }
    expect(await h.store.collection('subcontractorOrders').countDocuments({})).toBe(before);
  });

  it('keeps an order with payments on its package and subcontractor, and deletes one without', async () => {
    const move = await h.call('POST', `${B}/1/order`, {
      cookie: admin,
      body: { ...newOrder, id: 1, package: 'Groundworks', subContractorId: 4 },
    });
    expect(move.status).toBe(409);
    expect((await h.call('DELETE', `${B}/1/order/1`, { cookie: admin })).status).toBe(409);
    const made = await json<SubcontractorOrder>(h.call('POST', `${B}/1/order`, { cookie: admin, body: newOrder }));
    expect(await json(h.call('DELETE', `${B}/1/order/${made.id}`, { cookie: admin }))).toEqual({ id: made.id });
    expect((await h.call('DELETE', `${B}/1/order/${made.id}`, { cookie: admin })).status).toBe(404);
  });

  it('recomputes the payments when the order’s retention changes', async () => {
    const order = await json<SubcontractorOrder>(h.call('GET', `${B}/1/order/1`, { cookie: admin }));
    const {
      id,
      entryNumber,
      clientId,
      projectId,
      answersToDisplay,
      files,
      subContractorName,
      dateEntered,
      enteredById,
      created,
      createdBy,
      createdById,
      modified,
      modifiedBy,
      modifiedById,
      ...input
    } = order;
    await json(h.call('POST', `${B}/1/order`, { cookie: admin, body: { ...input, id, retention: 0 } }));
    const payment = await json<SubcontractorPayment>(h.call('GET', `${B}/1/Payment/1`, { cookie: admin }));
    expect(payment.retention).toBe(0);
    expect(payment.amountPaidInValuation).toBe(payment.amountGross);
  });
});

describe('the in-use protection of the subcontracting lookup values', () => {
  it('protects a package and payment terms value while an order names it, and frees it after', async () => {
    const electrical = await lookup('SubContractorPackage', 'Electrical');
    const sixty = await lookup('SubContractorPaymentTerms', '60 days');
    expect(electrical.inUse).toBe(false);
    expect(await json(h.call('GET', `${B}/packageLookupInUse/${electrical.id}`, { cookie: admin }))).toBe(false);
    const made = await json<SubcontractorOrder>(h.call('POST', `${B}/1/order`, { cookie: admin, body: newOrder }));
    expect((await lookup('SubContractorPackage', 'Electrical')).inUse).toBe(true);
    expect((await lookup('SubContractorPaymentTerms', '60 days')).inUse).toBe(true);
    expect(await json(h.call('GET', `${B}/packageLookupInUse/${electrical.id}`, { cookie: admin }))).toBe(true);
    expect(await json(h.call('GET', `${B}/paymentTermLookupInUse/${sixty.id}`, { cookie: admin }))).toBe(true);
    for (const [path, messageId] of [
      [`/api/settings/lookupvalues/delete/${electrical.id}`, 'lookupValues.cannotDelete'],
      [`/api/settings/lookupvalues/deactivate/${electrical.id}`, 'lookupValues.cannotDeactivate'],
      [`/api/settings/lookupvalues/delete/${sixty.id}`, 'lookupValues.cannotDelete'],
      [`/api/settings/lookupvalues/deactivate/${sixty.id}`, 'lookupValues.cannotDeactivate'],
    ]) {
      const res = await h.call('DELETE', path, { cookie: admin });
      expect(res.status, path).toBe(409);
      expect((await res.json()).messageId).toBe(messageId);
    }
    // The lookup values screen reads inUse from the list.
    const listed = await json<LookupValue[]>(
      h.call('GET', '/api/settings/lookupvalues/getall/SubContractorPackage', { cookie: admin }),
    );
    expect(listed.find((v) => v.name === 'Electrical')?.inUse).toBe(true);
    await json(h.call('DELETE', `${B}/1/order/${made.id}`, { cookie: admin }));
    expect((await lookup('SubContractorPackage', 'Electrical')).inUse).toBe(false);
    expect(
      (await h.call('DELETE', `/api/settings/lookupvalues/deactivate/${sixty.id}`, { cookie: admin })).status,
    ).toBe(200);
    expect(
      (await h.call('DELETE', `/api/settings/lookupvalues/delete/${electrical.id}`, { cookie: admin })).status,
    ).toBe(200);
  });

  it('counts packages and payments too, per client', async () => {
    const mechanical = await lookup('SubContractorPackage', 'Mechanical');
    const pkg = await json<SubcontractorPackage>(
      h.call('POST', `${B}/2/Package`, { cookie: admin, body: { name: 'Mechanical' } }),
    );
    expect((await lookup('SubContractorPackage', 'Mechanical')).inUse).toBe(true);
    const other = await h.store
      .collection<LookupValue>('lookupValues')
      .findOne({ clientId: 2, type: 'SubContractorPackage', name: 'Mechanical' });
    expect(other?.inUse).toBe(false);
    await json(h.call('DELETE', `${B}/2/Package/${pkg.id}`, { cookie: admin }));
    expect((await lookup('SubContractorPackage', 'Mechanical')).inUse).toBe(false);
    // The seed's in-use flags are what the records name.
    expect((await lookup('SubContractorPackage', 'Groundworks')).inUse).toBe(true);
    expect((await lookup('SubContractorPaymentTerms', '45 days')).inUse).toBe(true);
    expect((await lookup('SubContractorPackage', 'Reinforcement')).inUse).toBe(false);
    expect((await lookup('SubContractorPackage', 'Electrical')).inUse).toBe(false);
    expect((await h.call('GET', `${B}/packageLookupInUse/${other?.id}`, { cookie: admin })).status).toBe(404);
    expect((await h.call('GET', `${B}/paymentTermLookupInUse/${mechanical.id}`, { cookie: admin })).status).toBe(404);
    const user = await h.login('user@demo.local');
    expect((await h.call('GET', `${B}/packageLookupInUse/${mechanical.id}`, { cookie: user })).status).toBe(403);
  });
});

describe('payments', () => {
  const newPayment = {
    subContractorId: 2,
    package: 'Formwork',
    dateOfClaim: '2024-08-31',
    status: 'Draft',
    lines: [
      { description: 'Slabs', amount: 60_000.1 },
      { description: 'Walls', amount: 20_000.2 },
    ],
    amountClaimedInValuation: 35_000,
    amountInDispute: 500,
  };

  it('computes the figures on the server, after the order’s earlier payments', async () => {
    const made = await json<SubcontractorPayment>(
      h.call('POST', `${B}/1/Payment`, { cookie: admin, body: newPayment }),
    );
    const earlier = await json<SubcontractorPayment>(h.call('GET', `${B}/1/Payment/4`, { cookie: admin }));
    expect(made).toMatchObject({
      orderNo: 'SC-002',
      contractValue: 312_500.5,
      retention: 3,
      amountGross: 80_000.3,
      previousPayments: earlier.amountPaidToDate,
      amountClaimedToDate: 85_000,
    });
    // 80,000.30 − 3% (2,400.01) − 500 in dispute − paid before.
    expect(made.amountPaidInValuation).toBe(
      Math.round((80_000.3 - 2_400.01 - 500 - earlier.amountPaidToDate) * 100) / 100,
    );
    expect(made.amountPaidToDate).toBe(Math.round((80_000.3 - 2_400.01 - 500) * 100) / 100);
  });

  it('recomputes the later payments when an earlier one is added or deleted', async () => {
    const before = await json<SubcontractorPayment>(h.call('GET', `${B}/1/Payment/4`, { cookie: admin }));
    const earlier = await json<SubcontractorPayment>(
      h.call('POST', `${B}/1/Payment`, {
        cookie: admin,
        body: {
          ...newPayment,
          dateOfClaim: '2024-06-30',
          lines: [{ description: 'Bases', amount: 10_000 }],
          amountInDispute: 0,
        },
      }),
    );
    expect(earlier.previousPayments).toBe(0);
    const after = await json<SubcontractorPayment>(h.call('GET', `${B}/1/Payment/4`, { cookie: admin }));
    expect(after.previousPayments).toBe(9_700);
    expect(after.amountPaidInValuation).toBe(Math.round((before.amountPaidInValuation - 9_700) * 100) / 100);
    expect(after.amountPaidToDate).toBe(before.amountPaidToDate);
    expect(after.amountClaimedToDate).toBe(before.amountClaimedToDate + 35_000);
    expect(await json(h.call('DELETE', `${B}/1/Payment/${earlier.id}`, { cookie: admin }))).toEqual({ id: earlier.id });
    const restored = await json<SubcontractorPayment>(h.call('GET', `${B}/1/Payment/4`, { cookie: admin }));
    expect(restored.previousPayments).toBe(0);
    expect(restored.amountPaidInValuation).toBe(before.amountPaidInValuation);
  });

  it('answers one payment with its project, logo and subcontractor; lists and accumulates', async () => {
    const one = await json<SubcontractorPayment>(h.call('GET', `${B}/1/Payment/2`, { cookie: admin }));
    expect(one.project).toEqual({ code: 'CCE-2401', name: 'Eyre Square Mixed-Use Development' });
    expect(one.subcontractor).toEqual({ id: 1, name: 'Corrib Groundworks Ltd', code: 'SC0001' });
    expect(typeof one.projectLogoUrl).toBe('string');
    const list = await json<SubcontractorPayment[]>(h.call('GET', `${B}/1/Payments`, { cookie: admin }));
    expect(list.map((p) => p.id)).toEqual([4, 3, 2, 1]);
    const accumulated = await json<Array<Record<string, unknown>>>(
      h.call('GET', `${B}/1/PaymentsAccumulated`, { cookie: admin }),
    );
    const latest = list.find((p) => p.id === 3) as SubcontractorPayment;
    expect(accumulated[0]).toMatchObject({
      orderNo: 'SC-001',
      subContractorName: 'Corrib Groundworks Ltd',
      payments: 3,
      amountPaidToDate: latest.amountPaidToDate,
      amountClaimedToDate: latest.amountClaimedToDate,
      remaining: Math.round((485_000 - latest.amountPaidToDate) * 100) / 100,
    });
    expect(accumulated[1]).toMatchObject({ orderNo: 'SC-002', payments: 1 });
    expect((await h.call('GET', `${B}/2/Payment/2`, { cookie: admin })).status).toBe(404);
  });

  it('refuses bad payments with 400 and saves nothing', async () => {
    const before = await h.store.collection('subcontractorPayments').countDocuments({});
    const cases: Array<[unknown, string?]> = [
      [{ ...newPayment, package: 'Electrical' }, 'subcontractorPayments.noOrder'],
      [{ ...newPayment, subContractorId: 5 }, 'subcontractorPayments.noOrder'],
      [{ ...newPayment, lines: [] }],
      [{ ...newPayment, lines: [{ description: 'x', amount: 1.234 }] }, 'validation.money'],
      [{ ...newPayment, lines: [{ description: '', amount: 1 }] }],
      [{ ...newPayment, amountInDispute: -5 }],
      [{ ...newPayment, status: 'Sent' }],
      [{ ...newPayment, dateOfClaim: 'yesterday' }],
      [{ ...newPayment, subContractorName: 'Other Ltd' }],
      [{ ...newPayment, notifyToId: 6 }, 'subcontractorPayments.unknownNotify'],
    ];
    for (const [body, messageId] of cases) {
      const res = await h.call('POST', `${B}/1/Payment`, { cookie: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (messageId) expect((await res.json()).messageId).toBe(messageId);
    }
    expect(await h.store.collection('subcontractorPayments').countDocuments({})).toBe(before);
  });
});

describe('packages and returns', () => {
  it('makes a return with its own security code for each recipient, and drops one taken off unanswered', async () => {
    const made = await json<SubcontractorPackage>(
      h.call('POST', `${B}/1/Package`, {
        cookie: admin,
        body: {
          name: 'Electrical',
          suppliersIds: [1, 4],
          managerIds: [1, 2],
          contactIds: [1, 2],
          clientsConsultantsContactsIds: [3],
          isResponseRequired: true,
          instructions: 'Price it',
        },
      }),
    );
    expect(made).toMatchObject({
      entryNumber: 1,
      revisionNumber: 0,
      attachments: [],
      projectName: 'Eyre Square Mixed-Use Development',
      clientName: 'Corrib Civil Engineering Ltd',
      enteredByFullName: 'Niamh Gallagher',
      managers: [
        { id: 1, fullName: 'Niamh Gallagher' },
        { id: 2, fullName: 'Cian Murphy' },
      ],
    });
    expect(made.securityCode).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const returns = (await json<SubcontractorReturn[]>(h.call('GET', `${B}/1/returns`, { cookie: admin }))).filter(
      (r) => r.subcontractorPackageId === made.id,
    );
    expect(returns.map((r) => r.recipientName).sort()).toEqual([
      'Corrib Groundworks Ltd',
      'Midlands Mechanical Services',
    ]);
    expect(new Set([made.securityCode, ...returns.map((r) => r.securityCode)]).size).toBe(3);
    expect(returns.every((r) => r.packageId === undefined || r.packageName === 'Electrical')).toBe(true);
    const kept = await json<SubcontractorPackage>(
      h.call('POST', `${B}/1/Package`, { cookie: admin, body: { id: made.id, name: 'Electrical', suppliersIds: [4] } }),
    );
    expect(kept.securityCode).toBe(made.securityCode);
    const left = (await json<SubcontractorReturn[]>(h.call('GET', `${B}/1/returns`, { cookie: admin }))).filter(
      (r) => r.subcontractorPackageId === made.id,
    );
    expect(left.map((r) => r.recipientName)).toEqual(['Midlands Mechanical Services']);
    expect(left[0].securityCode).toBe(returns.find((r) => r.recipientId === 4)?.securityCode);
    const one = await json<SubcontractorPackage>(h.call('GET', `${B}/1/Package/${made.id}`, { cookie: admin }));
    expect(one.managers).toEqual([]);
    expect(
      (await json<SubcontractorPackage[]>(h.call('GET', `${B}/1/Packages`, { cookie: admin }))).map((p) => p.id),
    ).toEqual([made.id]);
    expect(await json(h.call('DELETE', `${B}/1/Package/${made.id}`, { cookie: admin }))).toEqual({ id: made.id });
    expect(await h.store.collection('subcontractorReturns').countDocuments({ subcontractorPackageId: made.id })).toBe(
      0,
    );
  });

  it('refuses bad packages with 400 or 409 and saves nothing', async () => {
    const before = await h.store.collection('subcontractorPackages').countDocuments({});
    const cases: Array<[unknown, number, string?]> = [
      [{ name: 'Scaffolding' }, 400, 'subcontractorOrders.unknownPackage'],
      [{ name: 'Electrical', suppliersIds: [5] }, 400, 'subcontractorPackages.unknownRecipient'],
      [{ name: 'Electrical', managerIds: [6] }, 400, 'subcontractorPackages.unknownManager'],
      [{ name: 'Electrical', suppliersIds: [1, 1] }, 400],
      [{ name: 'Electrical', securityCode: 'mine' }, 400],
      [{ name: 'Electrical', contactIds: [1, 41] }, 400, 'subcontractorOrders.unknownContact'],
      [{ name: 'Groundworks' }, 409, 'subcontractorPackages.duplicate'],
    ];
    for (const [body, status, messageId] of cases) {
      const res = await h.call('POST', `${B}/3/Package`, { cookie: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (messageId) expect((await res.json()).messageId).toBe(messageId);
    }
    expect(await h.store.collection('subcontractorPackages').countDocuments({})).toBe(before);
  });

  it('lets the external recipient read and answer a return by its security code, without a login', async () => {
    const code = 'demo-return-groundworks-midlands-000000003';
    const view = await json<{ return: Record<string, unknown>; package: Record<string, unknown> }>(
      h.call('GET', `${B}/securityCode/${code}`),
    );
    expect(view.return).toMatchObject({ recipientName: 'Midlands Mechanical Services', responseDate: null });
    expect(view.package).toMatchObject({ name: 'Groundworks', projectName: 'Limerick Docklands Apartments Block B' });
    expect(JSON.stringify(view)).not.toContain('clientId');
    const answered = await json<{ return: Record<string, unknown> }>(
      h.call('POST', `${B}/returnPackage`, {
        body: { securityCode: code, subcontractorPrice: 198_750.25, comments: 'Incl. dewatering' },
      }),
    );
    expect(answered.return).toMatchObject({ subcontractorPrice: 198_750.25, comments: 'Incl. dewatering' });
    expect(typeof answered.return.responseDate).toBe('string');
    const pkg = await json<SubcontractorPackage>(h.call('GET', `${B}/3/Package/1`, { cookie: admin }));
    expect(pkg).toMatchObject({
      isPackageReceived: true,
      subcontractorPrice: 198_750.25,
      comments: 'Incl. dewatering',
    });
    const bad = await h.call('POST', `${B}/returnPackage`, { body: { securityCode: code, subcontractorPrice: 1.001 } });
    expect(bad.status).toBe(400);
    // Answered once: a second response is refused with the used-link text, and the first stays.
    const again = await h.call('POST', `${B}/returnPackage`, { body: { securityCode: code, subcontractorPrice: 5 } });
    expect(again.status).toBe(410);
    expect((await again.json()).message).toMatch(/already been used.*the packages/);
    expect(await json<SubcontractorPackage>(h.call('GET', `${B}/3/Package/1`, { cookie: admin }))).toMatchObject({
      subcontractorPrice: 198_750.25,
    });
    // A package code is not a return's code.
    expect((await h.call('GET', `${B}/securityCode/demo-package-groundworks-limerick-docks-0001`)).status).toBe(404);
  });

  it('answers unknown codes 404, and 429 after too many from one address', async () => {
    const res = await h.call('GET', `${B}/securityCode/${'x'.repeat(43)}`);
    expect(res.status).toBe(404);
    expect((await res.json()).message).toBe(message('subcontractorPackages.codeNotFound'));
    expect((await h.call('GET', `${B}/securityCode/short`)).status).toBe(404);
    for (let i = 0; i < 28; i++) await h.call('GET', `${B}/securityCode/${'y'.repeat(40)}${i}`);
    const limited = await h.call('GET', `${B}/securityCode/demo-return-groundworks-midlands-000000003`);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
  });
});

describe('files of orders, payments and packages', () => {
  function upload(path: string, files: Array<[string, string]>) {
    const form = new FormData();
    for (const [name, text] of files) form.append('uploads[]', new Blob([text], { type: 'text/plain' }), name);
    return h.app.request(path, { method: 'PUT', headers: { Cookie: admin }, body: form });
  }

  it('adds files to an order, lists and deletes them', async () => {
    const files = await json<Array<{ name: string; file: string }>>(
      upload(`${B}/upload/order/1`, [['insurance.txt', 'cover']]),
      200,
    );
    expect(files.map((f) => f.name)).toEqual(['insurance.txt']);
    expect(await json<unknown[]>(h.call('GET', `${B}/1/document/order`, { cookie: admin }))).toHaveLength(1);
    const docs = await json<{ order: unknown[]; payment: unknown[] }>(
      h.call('GET', `${B}/paymentDocs/1`, { cookie: admin }),
    );
    expect(docs.order).toHaveLength(1);
    expect(docs.payment).toHaveLength(0);
    const deleted = await h.call('DELETE', `${B}/file/delete`, { cookie: admin, body: { Url: files[0].file } });
    expect(deleted.status).toBe(200);
    expect(await json<unknown[]>(h.call('GET', `${B}/1/document/order`, { cookie: admin }))).toHaveLength(0);
    expect((await h.call('DELETE', `${B}/file/delete`, { cookie: admin, body: { Url: files[0].file } })).status).toBe(
      404,
    );
    expect((await h.call('GET', `${B}/1/document/invoice`, { cookie: admin })).status).toBe(404);
  });

  it('makes a package attachment uploaded again its next revision', async () => {
    await json(
      upload(`${B}/upload/package/1`, [
        ['GA plan.pdf.txt', 'rev A'],
        ['spec.txt', 'spec'],
      ]),
    );
    const attachments = await json<SubcontractorPackage['attachments']>(
      upload(`${B}/upload/package/1`, [['GA plan.pdf.txt', 'rev B']]),
    );
    expect(attachments.map((a) => [a.fileName, a.revisionNumber])).toEqual([
      ['GA plan.pdf.txt', 1],
      ['spec.txt', 1],
      ['GA plan.pdf.txt', 2],
    ]);
    const pkg = await json<SubcontractorPackage>(h.call('GET', `${B}/3/Package/1`, { cookie: admin }));
    expect(pkg.revisionNumber).toBe(1);
    const view = await json<{ package: { attachments: unknown[]; revisionNumber: number } }>(
      h.call('GET', `${B}/securityCode/demo-return-groundworks-corrib-0000000001`),
    );
    expect(view.package.attachments).toHaveLength(3);
    const del = await h.call('DELETE', `${B}/file/delete`, { cookie: admin, body: { Url: attachments[0].fileUrl } });
    expect(del.status).toBe(200);
    expect(await json<unknown[]>(h.call('GET', `${B}/1/document/package`, { cookie: admin }))).toHaveLength(2);
  });
});

describe('access and tenancy', () => {
  it('lets a qs user read their View project and change only their Edit project', async () => {
    const qs = await qsUser();
    expect((await h.call('GET', `${B}/1/orders`, { cookie: qs })).status).toBe(200);
    expect((await h.call('GET', `${B}/1/PaymentsAccumulated`, { cookie: qs })).status).toBe(200);
    const refused = await h.call('POST', `${B}/1/order`, { cookie: qs, body: newOrder });
    expect(refused.status).toBe(403);
    expect((await h.call('DELETE', `${B}/1/Payment/1`, { cookie: qs })).status).toBe(403);
    expect(
      (await h.call('DELETE', `${B}/file/delete`, { cookie: qs, body: { Url: 'subcontractors/orders/1/x.txt' } }))
        .status,
    ).toBe(403);
    expect(
      (await h.call('POST', `${B}/2/order`, { cookie: qs, body: { ...newOrder, package: 'Mechanical' } })).status,
    ).toBe(200);
    // Project 3 is not theirs; the all-projects list is for qs admins.
    expect((await h.call('GET', `${B}/3/Packages`, { cookie: qs })).status).toBe(403);
    expect((await h.call('GET', `${B}/1/document/package`, { cookie: qs })).status).toBe(403);
    expect((await h.call('GET', `${B}/getallordered`, { cookie: qs })).status).toBe(403);
  });

  it('refuses users without the qs area, and hides another client’s projects and records', async () => {
    const user = await h.login('user@demo.local');
    expect((await h.call('GET', `${B}/1/orders`, { cookie: user })).status).toBe(403);
    expect((await h.call('POST', `${B}/1/Payment`, { cookie: user, body: {} })).status).toBe(403);
    expect((await h.call('GET', `${B}/1/orders`)).status).toBe(401);
    for (const path of [`${B}/5/orders`, `${B}/5/Payments`, `${B}/5/Packages`, `${B}/5/returns`, `${B}/5/order/4`]) {
      expect((await h.call('GET', path, { cookie: admin })).status, path).toBe(404);
    }
    expect((await h.call('POST', `${B}/5/order`, { cookie: admin, body: newOrder })).status).toBe(404);
    // Client 2's payment 5 and package 2 through the record-addressed calls.
    expect((await h.call('GET', `${B}/5/document/payment`, { cookie: admin })).status).toBe(404);
    expect((await h.call('GET', `${B}/2/document/package`, { cookie: admin })).status).toBe(404);
    const all = await json<SubcontractorOrder[]>(h.call('GET', `${B}/getallordered`, { cookie: admin }));
    expect(all.every((o) => o.clientId === 1)).toBe(true);
  });
});
