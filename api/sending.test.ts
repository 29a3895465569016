/**
 * Sending (issue 25 §3; docs/links-and-mail.md "Sending"): 'Send to...' a form to a contact or an organisation of
 * the project for rfi, cvi, submittal or daywork (a one-time link stored hashed with the recipient, its e-mail
 * queued with the link, the answer without the token, all or nothing; the e-mail's link opening the external
 * form once), the kinds' rules of the organisation and contact look-ups, tenancy (404) and access (403), the links
 * sent for an entry or a form and their revocation, and a subcontractor package's return link by e-mail with its
 * existing security code, the recipient's download of the package's documents and upload of the return's files,
 * gated by that code.
 */
import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { message } from '../engine/messages/catalogue';
import type { FormDefinition, OutgoingMail, SecureLink } from '../engine/types/generated';
import { demoSeed } from '../fixtures/seed';
import { checkLink } from './links/secure-links';
import { type Harness, makeHarness, sampleAnswers } from './test/harness';

const SEND = '/api/projects/1/forms/quality-assurance/send';
const RFI = 6;
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

const links = () => h.store.collection<SecureLink & { [key: string]: unknown }>('secureLinks').find({});
const mails = () => h.store.collection<OutgoingMail & { [key: string]: unknown }>('outgoingMails').find({});
const contact = (id: number) => demoSeed.contacts?.find((c) => c.id === id) as NonNullable<typeof demoSeed.contacts>[0];
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

interface Sent {
  sent: Array<{ linkId: number; recipientName: string; recipientEmail: string; expiresAt: string }>;
}

describe('Send to... a contact', () => {
  it('stores a one-time link hashed with the recipient, queues its e-mail with the link, and never answers the token', async () => {
    const c1 = contact(1);
    const res = await h.call('POST', SEND, {
      cookie: admin,
      body: { formId: RFI, kind: 'rfi', contactId: 1, message: 'Please answer by Friday.\nBcc: evil@example.com' },
    });
    const text = await res.text();
    expect(res.status, text).toBe(200);
    const answer = JSON.parse(text) as Sent;
    expect(answer.sent).toEqual([
      {
        linkId: expect.any(Number),
        recipientName: `${c1.firstName} ${c1.lastName}`,
        recipientEmail: c1.email,
        expiresAt: expect.any(String),
      },
    ]);
    const [link] = await links();
    expect(link).toMatchObject({
      id: answer.sent[0].linkId,
      clientId: 1,
      kind: 'rfi',
      projectId: 1,
      formArea: 'quality-assurance',
      formId: RFI,
      recipientName: `${c1.firstName} ${c1.lastName}`,
      recipientEmail: c1.email,
      recipientOrganisation: 'Corrib Design Partnership',
      contactId: 1,
      organisationId: c1.organizationId,
      oneTime: true,
      createdBy: expect.any(String),
    });
    expect(link.entryNumber).toBeUndefined();
    expect(link.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    // 30 days by default.
    expect(Date.parse(link.expiresAt) - Date.parse(String(link.created))).toBe(30 * 24 * 3600_000);

    const [mail] = await mails();
    expect(mail).toMatchObject({ clientId: 1, kind: 'secure-link', state: 'queued', to: [{ address: c1.email }] });
    expect(mail.subject).toBe(
      message('mail.secureLink.subject', {
        kind: 'RFI',
        formTitle: 'Request for Information',
        projectName: 'CCE-2401 Eyre Square Mixed-Use Development',
      }),
    );
    const token = /\/external\/([A-Za-z0-9_-]{43})\b/.exec(mail.text)?.[1] as string;
    expect(token).toBeDefined();
    expect(sha256(token)).toBe(link.tokenHash);
    expect(mail.html).toContain(`/external/${token}`);
    expect(mail.text).toContain('Please answer by Friday.');
    expect(text).not.toContain(token);
    expect(text).not.toContain(link.tokenHash);
    // The token opens what it was issued for, and nothing else.
    const expected = { clientId: 1, kind: 'rfi' as const, projectId: 1, formArea: 'quality-assurance', formId: RFI };
    const use = { address: '203.0.113.9', action: 'open' };
    expect((await checkLink(h.store, token, expected, use)).state).toBe('valid');
    expect((await checkLink(h.store, token, { ...expected, formId: 1 }, use)).state).toBe('mismatch');
  });

  it('links a reply to the entry, and an entry that is not there is 404 with nothing written', async () => {
    const def = demoSeed.formDefinitions.find((f) => f.id === RFI) as FormDefinition;
    const saved = await json<{ entryNumber: number }>(
      h.call('PUT', '/api/projects/1/forms/quality-assurance/submit', {
        cookie: admin,
        body: { formId: RFI, answers: sampleAnswers(def).filter((a) => a.questionId <= 3) },
      }),
    );
    await json(
      h.call('POST', SEND, {
        cookie: admin,
        body: { formId: RFI, entryNumber: saved.entryNumber, kind: 'rfi', contactId: 1 },
      }),
    );
    expect((await links())[0].entryNumber).toBe(saved.entryNumber);
    const [mail] = await mails();
    expect(mail.text).toContain(message('mail.secureLink.reply', { entryNumber: saved.entryNumber }));
    await json(
      h.call('POST', SEND, { cookie: admin, body: { formId: RFI, entryNumber: 999, kind: 'rfi', contactId: 1 } }),
      404,
    );
    expect(await links()).toHaveLength(1);
  });

  it('sends to each contact of an organisation on the project with an e-mail', async () => {
    const answer = await json<Sent>(
      h.call('POST', SEND, { cookie: admin, body: { formId: RFI, kind: 'cvi', organisationId: 1 } }),
    );
    // Contacts 1-3 of organisation 1 are on project 1 (4 is not).
    expect(answer.sent.map((s) => s.recipientEmail).sort()).toEqual([1, 2, 3].map((id) => contact(id).email).sort());
    expect(await links()).toHaveLength(3);
    expect((await mails()).map((m) => m.to[0].address).sort()).toEqual(answer.sent.map((s) => s.recipientEmail).sort());
  });

  it('refuses a recipient the kind or the project does not admit, with a catalogue text and nothing written', async () => {
    const refused = async (body: object, messageId: Parameters<typeof message>[0], params = {}) => {
      const problem = await json<{ message: string }>(
        h.call('POST', SEND, { cookie: admin, body: { formId: RFI, ...body } }),
        400,
      );
      expect(problem.message).toBe(message(messageId, params));
    };
    const name = (id: number) => `${contact(id).firstName} ${contact(id).lastName}`;
    // Daywork sheets go to subcontractors only (contact 1 is of a consultant).
    await refused({ kind: 'daywork', contactId: 1 }, 'sending.notUsable', { name: name(1), kind: 'Daywork' });
    await refused({ kind: 'daywork', organisationId: 1 }, 'sending.notUsable', {
      name: 'Corrib Design Partnership',
      kind: 'Daywork',
    });
    // Contact 4 is not on project 1.
    await refused({ kind: 'rfi', contactId: 4 }, 'sending.notUsable', { name: name(4), kind: 'RFI' });
    await refused({ kind: 'rfi', contactId: 1, organisationId: 2 }, 'sending.notOfOrganisation', { name: name(1) });
    await refused({ kind: 'rfi' }, 'sending.noRecipient');
    await refused({ kind: 'rfi', contactId: 1, expiresAt: '2020-01-01T00:00:00Z' }, 'sending.expiresInPast');
    await h.store.collection('contacts').updateOne({ clientId: 1, id: 2 }, { $unset: { email: '' } });
    await refused({ kind: 'rfi', contactId: 2 }, 'sending.noEmail', { name: name(2) });
    await json(h.call('POST', SEND, { cookie: admin, body: { formId: RFI, kind: 'nope', contactId: 1 } }), 400);
    expect(await links()).toHaveLength(0);
    expect(await mails()).toHaveLength(0);
    // A subcontractor's contact on the project takes daywork (contact 21, Western Groundworks).
    const ok = await json<Sent>(
      h.call('POST', SEND, { cookie: admin, body: { formId: RFI, kind: 'daywork', contactId: 21 } }),
    );
    expect(ok.sent).toHaveLength(1);
  });

  it("another client's contact or organisation, or a form not on the project, is 404; a view user 403", async () => {
    await json(h.call('POST', SEND, { cookie: admin, body: { formId: RFI, kind: 'rfi', contactId: 41 } }), 404);
    await json(h.call('POST', SEND, { cookie: admin, body: { formId: RFI, kind: 'rfi', organisationId: 11 } }), 404);
    // The RFI form is offered on project 1 only; form 2 is client 2's.
    await json(
      h.call('POST', '/api/projects/2/forms/quality-assurance/send', {
        cookie: admin,
        body: { formId: RFI, kind: 'rfi', contactId: 1 },
      }),
      404,
    );
    await json(h.call('POST', SEND, { cookie: admin, body: { formId: 2, kind: 'rfi', contactId: 1 } }), 404);
    const view = await h.login('view@demo.local');
    await json(h.call('POST', SEND, { cookie: view, body: { formId: RFI, kind: 'rfi', contactId: 1 } }), 403);
    await json(h.call('GET', `${SEND}/${RFI}/links/0`, { cookie: view }), 403);
    expect(await links()).toHaveLength(0);
    expect(await mails()).toHaveLength(0);
  });
});

describe('the sent link at work', () => {
  it("the e-mail's link opens the RFI form signed out, takes one reply into the register, then is refused", async () => {
    await json(h.call('POST', SEND, { cookie: admin, body: { formId: RFI, kind: 'rfi', contactId: 1 } }));
    const [mail] = await mails();
    const url = /https?:\/\/[^\s]+\/external\/([A-Za-z0-9_-]{43})/.exec(mail.text);
    expect(url).not.toBeNull();
    const token = (url as RegExpExecArray)[1];
    const opened = await h.call('GET', `/api/external/${token}`);
    expect(opened.status, await opened.clone().text()).toBe(200);
    expect(JSON.stringify(await opened.json())).toContain('Request for Information');
    const answers = [
      { questionId: 1, answers: ['Lintel over door D12'] },
      { questionId: 2, answers: ['Which lintel size applies?'] },
      { questionId: 3, answers: ['Use the 215 mm precast lintel.'] },
    ];
    const saved = await h.call('POST', `/api/external/${token}/submit`, { body: { formId: RFI, answers } });
    expect(saved.status, await saved.clone().text()).toBe(201);
    const { entryNumber } = (await saved.json()) as { entryNumber: number };
    const register = await json<{ items: Array<Record<string, unknown>> }>(
      h.call('POST', `/api/projects/1/forms/quality-assurance/getall/${RFI}`, { cookie: admin, body: {} }),
    );
    expect(register.items.find((r) => r.entryNumber === entryNumber)).toMatchObject({
      enteredBy: `${contact(1).firstName} ${contact(1).lastName}`,
    });
    const [listed] = await json<Array<Record<string, unknown>>>(
      h.call('GET', `${SEND}/${RFI}/links/0`, { cookie: admin }),
    );
    expect(listed).toMatchObject({ state: 'used', usedAt: expect.any(String) });
    expect((await h.call('GET', `/api/external/${token}`)).status).toBe(410);
  });
});

describe('links sent', () => {
  it('lists the links of the form (or of an entry) and revokes one: its token stops working at once', async () => {
    await json(h.call('POST', SEND, { cookie: admin, body: { formId: RFI, kind: 'rfi', contactId: 1 } }));
    const later = new Date(Date.now() + 7 * 24 * 3600_000).toISOString();
    await json(
      h.call('POST', SEND, { cookie: admin, body: { formId: RFI, kind: 'submittal', contactId: 2, expiresAt: later } }),
    );
    const listed = await json<Array<Record<string, unknown>>>(
      h.call('GET', `${SEND}/${RFI}/links/0`, { cookie: admin }),
    );
    expect(listed).toHaveLength(2);
    expect(listed[0]).toMatchObject({
      kind: 'submittal',
      recipientEmail: contact(2).email,
      expiresAt: later,
      usedAt: null,
      revokedAt: null,
      lastUse: null,
      state: 'valid',
    });
    expect(JSON.stringify(listed)).not.toContain('tokenHash');
    expect(await json(h.call('GET', `${SEND}/${RFI}/links/1`, { cookie: admin }))).toEqual([]);

    const [first] = (await mails()).filter((m) => m.to[0].address === contact(1).email);
    const token = /\/external\/([A-Za-z0-9_-]{43})/.exec(first.text)?.[1] as string;
    const target = { clientId: 1, formId: RFI };
    expect((await checkLink(h.store, token, target, { address: '198.51.100.7', action: 'open' })).state).toBe('valid');
    const id = listed[1].id as number;
    const [again] = (
      await json<Array<Record<string, unknown>>>(h.call('GET', `${SEND}/${RFI}/links/0`, { cookie: admin }))
    ).filter((l) => l.id === id);
    expect(again).toMatchObject({ lastUse: expect.any(String), lastUseAddress: '198.51.100.7', uses: 1 });

    const revoked = await json<Record<string, unknown>>(
      h.call('POST', `${SEND}/links/${id}/revoke`, { cookie: admin }),
    );
    expect(revoked).toMatchObject({ id, state: 'revoked', revokedAt: expect.any(String) });
    expect((await checkLink(h.store, token, target, { address: '198.51.100.7', action: 'open' })).state).toBe(
      'revoked',
    );
    // Not a link of this project or area, or none: 404; a view user: 403.
    await json(
      h.call('POST', `/api/projects/2/forms/quality-assurance/send/links/${id}/revoke`, { cookie: admin }),
      404,
    );
    await json(
      h.call('POST', `/api/projects/1/forms/health-and-safety/send/links/${id}/revoke`, { cookie: admin }),
      404,
    );
    await json(h.call('POST', `${SEND}/links/999/revoke`, { cookie: admin }), 404);
    const view = await h.login('view@demo.local');
    await json(h.call('POST', `${SEND}/links/${id}/revoke`, { cookie: view }), 403);
  });
});

describe('subcontractor package return link', () => {
  const SUB = '/api/settings/Subcontractors';
  const CODE = 'demo-return-groundworks-midlands-000000003';

  it('queues the e-mail of the return page with the existing security code, to a contact or an address', async () => {
    const answer = await json<{ sent: unknown[] }>(
      h.call('POST', `${SUB}/3/returns/3/send`, { cookie: admin, body: { contactId: 21, message: 'Due Friday' } }),
    );
    expect(answer.sent).toEqual([
      { recipientName: `${contact(21).firstName} ${contact(21).lastName}`, recipientEmail: contact(21).email },
    ]);
    await json(
      h.call('POST', `${SUB}/3/returns/3/send`, { cookie: admin, body: { email: 'estimating@midlands.example' } }),
    );
    const sent = await mails();
    expect(sent.map((m) => [m.kind, m.to[0].address])).toEqual([
      ['package-return', contact(21).email],
      ['package-return', 'estimating@midlands.example'],
    ]);
    expect(sent[1].to[0].name).toBe('Midlands Mechanical Services');
    expect(sent[0].text).toContain(`/package-return/${CODE}`);
    expect(sent[0].subject).toContain('Groundworks');
    // No recipient, another project's or client's return, a view user.
    await json(h.call('POST', `${SUB}/3/returns/3/send`, { cookie: admin, body: {} }), 400);
    await json(h.call('POST', `${SUB}/1/returns/3/send`, { cookie: admin, body: { contactId: 21 } }), 404);
    await json(h.call('POST', `${SUB}/3/returns/2/send`, { cookie: admin, body: { contactId: 21 } }), 404);
    await json(h.call('POST', `${SUB}/3/returns/3/send`, { cookie: admin, body: { contactId: 41 } }), 404);
    const view = await h.login('view@demo.local');
    await json(h.call('POST', `${SUB}/3/returns/3/send`, { cookie: view, body: { contactId: 21 } }), 403);
    expect(await mails()).toHaveLength(2);
  });

  it("lets the code's holder download the package's documents, and nothing else", async () => {
    const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const path = 'subcontractors/packages/1/batch/Drawings.pdf';
    await h.store.files.put(`1/${path}`, pdf, 'application/pdf');
    const attachment = {
      id: 77,
      fileName: 'Drawings.pdf',
      fileUrl: `/api/files/download?file=${encodeURIComponent(path)}`,
      originalPath: path,
      isFolder: false,
      revisionNumber: 1,
      type: 'Document',
    };
    await h.store
      .collection('subcontractorPackages')
      .updateOne({ clientId: 1, id: 1 }, { $set: { attachments: [attachment] } });
    const view = await json<{ package: { attachments: Array<{ id: number }> } }>(
      h.call('GET', `${SUB}/securityCode/${CODE}`),
    );
    expect(view.package.attachments.map((a) => a.id)).toEqual([77]);
    const res = await h.call('GET', `${SUB}/securityCode/${CODE}/document/77`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(pdf);
    expect((await h.call('GET', `${SUB}/securityCode/${CODE}/document/78`)).status).toBe(404);
    // Client 2's code does not reach client 1's package.
    expect(
      (await h.call('GET', `${SUB}/securityCode/demo-return-formwork-aire-valley-00000002/document/77`)).status,
    ).toBe(404);
    expect((await h.call('GET', `${SUB}/securityCode/not-a-code-at-all-0000000000000000000/document/77`)).status).toBe(
      404,
    );
  });

  it("takes the return's files from the code's holder until the return is sent, then refuses the code", async () => {
    const upload = (name: string, bytes: Uint8Array, code = CODE) => {
      const form = new FormData();
      form.append('uploads[]', new File([bytes as BlobPart], name, { type: 'application/pdf' }));
      return h.app.request(`${SUB}/securityCode/${code}/upload`, { method: 'PUT', body: form });
    };
    const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const res = await upload('Price breakdown.pdf', pdf);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual([
      { name: 'Price breakdown.pdf', size: pdf.length, contentType: 'application/pdf' },
    ]);
    // Stored in the return's client, listed on the return, shown to the recipient by name.
    expect((await h.store.files.get('1/subcontractors/returns/3/Price breakdown.pdf'))?.bytes).toBeDefined();
    const [stored] = await h.store
      .collection<{ id: number; files?: unknown[] }>('subcontractorReturns')
      .find({ id: 3 });
    expect(stored.files).toEqual([
      expect.objectContaining({ name: 'Price breakdown.pdf', addedByFullName: 'Midlands Mechanical Services' }),
    ]);
    const view = await json<{ return: { files: unknown[] } }>(h.call('GET', `${SUB}/securityCode/${CODE}`));
    expect(view.return.files).toEqual([{ name: 'Price breakdown.pdf', size: pdf.length }]);
    // A file whose bytes are not an allowed type, an unknown code: refused, nothing stored.
    expect(
      (await upload('tool.pdf', new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0])))
        .status,
    ).toBe(415);
    expect((await upload('x.pdf', pdf, 'not-a-code-at-all-0000000000000000000')).status).toBe(404);
    await json(h.call('POST', `${SUB}/returnPackage`, { body: { securityCode: CODE, subcontractorPrice: 1000 } }));
    // Sent: the code is used up (the §8 text for packages), as a second returnPackage is.
    expect((await upload('late.pdf', pdf)).status).toBe(410);
    expect(await h.store.files.get('1/subcontractors/returns/3/late.pdf')).toBeNull();
  });
});
