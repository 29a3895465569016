/**
 * The mail configuration (api/config.ts SMTP_URL, MAIL_FROM; README "Configuration") and the choice of the mail
 * port's adapter (api/mail/transport.ts transportOf).
 */
import { describe, expect, it } from 'vitest';
import { readConfig } from '../config';
import { DEFAULT_MAIL_FROM, fromDomain, transportOf } from './transport';

describe('mail configuration', () => {
  it('defaults to the file outbox and the default From', () => {
    const config = readConfig({ DATA_DIR: '/tmp/x' });
    expect(config.smtpUrl).toBeUndefined();
    expect(config.mailFrom).toBe(DEFAULT_MAIL_FROM);
    expect(transportOf(config).kind).toBe('file');
  });

  it('takes an smtp:// or smtps:// SMTP_URL and one MAIL_FROM address', () => {
    const config = readConfig({
      SMTP_URL: 'smtps://u:p%40ss@mail.example.com:465',
      MAIL_FROM: 'Forms <no-reply@example.com>',
    });
    const transport = transportOf(config);
    expect(transport).toMatchObject({ kind: 'smtp', from: 'Forms <no-reply@example.com>' });
    transport.close();
    expect(fromDomain(config.mailFrom)).toBe('example.com');
    expect(readConfig({ MAIL_FROM: 'no-reply@example.com' }).mailFrom).toBe('no-reply@example.com');
  });

  it('refuses another scheme without echoing the password, and a From with two addresses or a line break', () => {
    expect(() => readConfig({ SMTP_URL: 'http://user:secret@mail.example.com' })).toThrow(/^SMTP_URL must be/);
    expect(() => readConfig({ SMTP_URL: 'http://user:secret@mail.example.com' })).not.toThrow(/secret/);
    for (const from of ['a@b.c, d@e.f', 'Forms <a@b.c>\r\nBcc: x@y.z', 'nobody'])
      expect(() => readConfig({ MAIL_FROM: from })).toThrow(/^MAIL_FROM must be/);
  });
});
