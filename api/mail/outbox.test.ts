/**
 * The mail queue (api/mail/outbox.ts; issue 25 §5): a queued message's fields, and header injection attempts in
 * names and subjects neutralised, addresses refused unless plain.
 */
import { describe, expect, it } from 'vitest';
import { openEmbeddedStore } from '../store/embedded';
import { headerText, queueMail } from './outbox';

describe('queueMail', () => {
  it('stores the message queued for now, names and subject on one line', async () => {
    const store = await openEmbeddedStore(':memory:');
    await store.ensureIndexes();
    const now = new Date('2026-11-26T10:00:00.000Z');
    const mail = await queueMail(
      store,
      {
        clientId: 1,
        kind: 'secure-link',
        to: [{ name: 'Aoife\r\nBcc: victim@example.com', address: 'aoife@example.com' }],
        subject: 'RFI 12\nBcc: victim@example.com',
        text: 'Hello',
      },
      now,
    );
    expect(mail).toMatchObject({
      kind: 'secure-link',
      to: [{ name: 'Aoife Bcc: victim@example.com', address: 'aoife@example.com' }],
      subject: 'RFI 12 Bcc: victim@example.com',
      state: 'queued',
      attempts: 0,
      nextAttemptAt: now.toISOString(),
    });
    expect(await store.collection('outgoingMails').countDocuments({ state: 'queued' })).toBe(1);
  });

  it('refuses an address that is not one plain address', async () => {
    const store = await openEmbeddedStore(':memory:');
    await store.ensureIndexes();
    for (const address of ['a@b.c\r\nBcc: x@y.z', 'a@b.c, x@y.z', 'Name <a@b.c>', 'nobody'])
      await expect(
        queueMail(store, { kind: 'notification', to: [{ address }], subject: 's', text: 't' }),
      ).rejects.toThrow(RangeError);
    expect(await store.collection('outgoingMails').countDocuments({})).toBe(0);
    expect(headerText('a\u0000b\u2028c')).toBe('a b c');
  });
});
