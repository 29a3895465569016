/**
 * Server configuration from the environment (README "Configuration").
 * PORT (default 3000), DATA_DIR (embedded store folder, default ./data), MONGODB_URI (use MongoDB
 * instead of the embedded store), SESSION_TTL_HOURS (default 12), DIST_DIR (built front end, default ./dist),
 * RENDER_DIR (the first-screen render, default ./dist-render), FIRST_SCREEN_MAX_LOAD (0-1, default 0.75),
 * SMTP_URL (smtp:// or smtps:// mail server; without it e-mails go to DATA_DIR/outbox as .eml files) and
 * MAIL_FROM (the From of every e-mail; issue 25 §5, docs/links-and-mail.md "E-mail").
 */

import { FIRST_SCREEN_MAX_LOAD } from './http/loop-load';
import { headerText } from './mail/outbox';
import { DEFAULT_MAIL_FROM } from './mail/transport';

export interface ServerConfig {
  port: number;
  dataDir: string;
  mongodbUri?: string;
  sessionTtlMs: number;
  distDir: string;
  /**
   * The server's render of a form page's first screen (RENDER_DIR, default ./dist-render: its render.js, built by
   * `npm start` from runtime/server/render.tsx); without it, pages are sent without their first screen.
   */
  renderDir: string;
  /**
   * The event loop's utilisation (0-1) up to which form pages get their first screen (FIRST_SCREEN_MAX_LOAD, default
   * 0.75, api/http/loop-load.ts): 1 always, 0 only on an idle server.
   */
  firstScreenMaxLoad: number;
  host: string;
  trustProxy: boolean;
  qrCodeKey?: string;
  publicUrl?: string;
  /** The SMTP server (SMTP_URL); absent: the file outbox. */
  smtpUrl?: string;
  /** The From of every e-mail (MAIL_FROM). */
  mailFrom: string;
}

/** Reads and checks the configuration. @throws Error naming the variable when a value is unusable. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const ttlHours = Number(env.SESSION_TTL_HOURS ?? 12);
  if (!(ttlHours > 0)) throw new Error(`SESSION_TTL_HOURS must be a positive number, got ${env.SESSION_TTL_HOURS}`);
  return {
    port,
    dataDir: env.DATA_DIR || './data',
    mongodbUri: env.MONGODB_URI || undefined,
    sessionTtlMs: ttlHours * 3600_000,
    distDir: env.DIST_DIR || './dist',
    renderDir: env.RENDER_DIR || './dist-render',
    firstScreenMaxLoad: firstScreenMaxLoad(env.FIRST_SCREEN_MAX_LOAD),
    host: env.HOST || '127.0.0.1',
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    qrCodeKey: qrCodeKey(env.QR_CODE_KEY),
    publicUrl: publicUrl(env.PUBLIC_URL),
    smtpUrl: smtpUrl(env.SMTP_URL),
    mailFrom: mailFrom(env.MAIL_FROM),
  };
}

function firstScreenMaxLoad(value: string | undefined): number {
  if (value === undefined || value === '') return FIRST_SCREEN_MAX_LOAD;
  const load = Number(value);
  if (!(load >= 0 && load <= 1)) throw new Error(`FIRST_SCREEN_MAX_LOAD must be a number from 0 to 1, got ${value}`);
  return load;
}

function qrCodeKey(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (value.length < 32) throw new Error('QR_CODE_KEY must be at least 32 characters');
  return value;
}

function publicUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`PUBLIC_URL must be an http(s) address, got ${value}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`PUBLIC_URL must be an http(s) address, got ${value}`);
  return url.origin;
}

function smtpUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  // The value itself is not echoed: it may hold the SMTP password.
  if (!url || (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || !url.hostname)
    throw new Error('SMTP_URL must be an smtp:// or smtps:// address, e.g. smtp://user:pass@mail.example.com:587');
  return value;
}

function mailFrom(value: string | undefined): string {
  if (!value) return DEFAULT_MAIL_FROM;
  // One address, optionally with a display name: 'Site Forms <no-reply@example.com>' or 'no-reply@example.com'.
  if (
    headerText(value) !== value.trim() ||
    /[,;]/.test(value) ||
    !/^([^<>@]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/.test(value.trim())
  )
    throw new Error(`MAIL_FROM must be one address, e.g. "Site Forms <no-reply@example.com>", got ${value}`);
  return value.trim();
}
