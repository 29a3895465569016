/**
 * The e-mail templates (api/mail/templates.ts; issue 25 §5): catalogue texts, values escaped in HTML, links only
 * http(s), the letterhead with the client's name and logo.
 */
import { describe, expect, it } from 'vitest';
import { letterhead, linkKindName, notificationMail, passwordResetMail, secureLinkMail } from './templates';

describe('mail templates', () => {
  it('a secure link names the sender, form, project, kind, link and expiry, in text and escaped HTML', () => {
    const mail = secureLinkMail({
      clientId: 1,
      to: { name: 'Aoife <b>', address: 'aoife@example.com' },
      senderName: 'Jane "Site" Doe',
      formTitle: 'RFI <script>alert(1)</script>',
      projectName: 'CCE-2401',
      kind: 'rfi',
      link: 'https://forms.example.com/external/abc',
      expiresAt: '2026-12-26T10:05:00.000Z',
    });
    expect(mail).toMatchObject({ clientId: 1, kind: 'secure-link', to: [{ address: 'aoife@example.com' }] });
    expect(mail.subject).toBe('RFI: RFI <script>alert(1)</script> (CCE-2401)');
    expect(mail.text).toContain('Jane "Site" Doe has sent you the RFI form \'RFI <script>alert(1)</script>\'');
    expect(mail.text).toContain('Open the form: https://forms.example.com/external/abc');
    expect(mail.text).toContain('The link works until 26 Dec 2026 10:05 UTC.');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.html).toContain('href="https://forms.example.com/external/abc"');
  });

  it('names every link kind from the catalogue', () => {
    expect(linkKindName('public-form')).toBe('Public form');
    expect(linkKindName('shared-folder')).toBe('Shared folder');
    expect(linkKindName('rfi')).toBe('RFI');
  });

  it('refuses a link that is not http(s)', () => {
    expect(() =>
      passwordResetMail({ to: { address: 'a@b.cd' }, link: 'javascript:alert(1)', expiresAt: '2026-01-01T00:00:00Z' }),
    ).toThrow(RangeError);
  });

  it('a notification lists the e-mail texts', () => {
    const mail = notificationMail({
      clientId: 1,
      to: [{ address: 'a@b.cd' }, { address: 'c@d.ef' }],
      formTitle: 'Site Safety Inspection',
      projectName: 'CCE-2401',
      entryNumber: 7,
      submittedBy: 'Demo User',
      emailTexts: [{ label: 'Hazard', text: 'Open trench\nno barrier' }],
      link: 'http://localhost:3000/projects/1/health-and-safety/5/entry/7',
    });
    expect(mail.to).toHaveLength(2);
    expect(mail.subject).toBe('Site Safety Inspection 7 submitted (CCE-2401)');
    expect(mail.text).toContain('Hazard: Open trench\nno barrier');
  });

  it('the letterhead shows the client name and an http(s) logo, never a data: or javascript: one', () => {
    const withLogo = letterhead({ name: 'Corrib & Co', logoUrl: 'https://cdn.example.com/logo.png' }, { text: 'Hi' });
    expect(withLogo.html).toContain('<img src="https://cdn.example.com/logo.png"');
    expect(withLogo.html).toContain('Corrib &amp; Co');
    expect(withLogo.text.startsWith('Corrib & Co\n')).toBe(true);
    expect(letterhead({ name: 'X', logoUrl: 'javascript:alert(1)' }, { text: 'Hi' }).html).not.toContain('<img');
    expect(letterhead(null, { text: '<b>' }).html).toContain('Site Forms');
    expect(letterhead(null, { text: '<b>' }).html).toContain('&lt;b&gt;');
  });
});
