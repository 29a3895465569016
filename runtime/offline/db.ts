/**
 * The device's offline store (issue 26 §2, §3, §6; contract-26 §3; docs/offline.md "On the device"): one Dexie
 * (IndexedDB) database per user and client, `siteforms-offline-u{userId}-c{clientId}`, with the projects' bundles,
 * the entries made or kept on the device, the outbox of commands and the files waiting to upload. The app opens only
 * the signed-in user's database (offline: the last signed-in user's, `siteforms.offline.lastSession`); logout and
 * login never delete one. Also the device's id and the last session in localStorage.
 */
import Dexie, { type Table } from 'dexie';
import { message } from '../../engine/messages/catalogue';
import type {
  Answer,
  AnswerConflict,
  Client,
  OfflineBundle,
  OfflineCommand,
  UserView,
} from '../../engine/types/generated';
import { ApiError, LAST_SESSION_KEY } from '../api/client';
import { databaseName } from './names';

export { databaseName, LAST_SESSION_KEY };

/** A project's bundle as the device keeps it (table `bundles`, key projectId). */
export type StoredBundle = OfflineBundle & { projectId: number; downloadedAt: string };

/** Where an entry is in its way to the server (the offline register's Sync state column). */
export type SyncState = 'pending' | 'syncing' | 'conflict' | 'synced' | 'refused';

/** A problem the server (or the device) reported for an entry, a command or a file, in catalogue words. */
export interface OfflineProblem {
  messageId: string;
  message: string;
  /** The HTTP status of the refusal, when the server gave one. */
  status?: number;
}

/**
 * An entry on the device (table `entries`, key entryId): made offline, or copied from a bundle (syncState synced) so
 * that the offline register and the entry page read one table.
 */
export interface LocalEntry {
  /** The device's UUIDv7 (the server's offlineId); a bundle entry not made offline: `server-{projectId}-{formId}-{entryNumber}`. */
  entryId: string;
  projectId: number;
  formArea: 'quality-assurance' | 'health-and-safety';
  formId: number;
  /** The form version the entry was started on (kept even when the form is republished meanwhile). */
  formVersion: number;
  /** -1, -2, ... per database: the entryNumber the offline pages use until the server's is known. */
  localNumber: number;
  /** The server's entryNumber, once known. */
  entryNumber?: number;
  /** The server version the device last knew (0: never on the server). */
  version: number;
  /** The answers at `version` (the common base of the per-question merge). */
  base: Answer[];
  /** The answers on the device. */
  answers: Answer[];
  isDraft: boolean;
  /** A draft's page (1-based) at its last page save: where Continue opens it. */
  activePageOrder?: number;
  syncState: SyncState;
  /** syncState conflict: the units changed on both sides. */
  conflicts?: AnswerConflict[];
  /** syncState conflict: the server's answers at `serverVersion`. */
  serverAnswers?: Answer[];
  /** syncState conflict: the server's version the conflict was found against (a resolve's baseVersion). */
  serverVersion?: number;
  /** syncState conflict: the common base of the command found in conflict (the device's merge starts from it). */
  conflictBase?: Answer[];
  /** syncState refused: why. */
  error?: OfflineProblem;
  /** Shown in the register: when the entry was first submitted (server) or made (device), ISO date-time. */
  date: string;
  enteredBy: string;
  /** When the device last changed it (ISO date-time). */
  updatedAt: string;
}

/** One command of the outbox (table `outbox`, auto-increment seq: the order it is sent in). */
export interface OutboxItem {
  seq?: number;
  commandId: string;
  entryId: string;
  kind: OfflineCommand['kind'];
  command: OfflineCommand;
  /** queued: to send; sent: in a batch under way; refused: the server said no (kept, shown, retried on demand). */
  state: 'queued' | 'sent' | 'refused';
  attempts: number;
  error?: OfflineProblem;
}

/** A file kept on the device until it is uploaded (table `files`, key fileId). */
export interface LocalFile {
  /** The device's UUIDv7 of the file (tus metadata fileId). */
  fileId: string;
  projectId: number;
  formArea: 'quality-assurance' | 'health-and-safety';
  /** The entry whose answers hold it, once a page save or submit named it. */
  entryId?: string;
  /** Client-relative folder, e.g. `files/k3j9x0a1` (the file upload widget's). */
  folder: string;
  name: string;
  /** `${folder}/${name}`: what the answers hold. */
  path: string;
  blob: Blob;
  size: number;
  type: string;
  state: 'pending' | 'uploading' | 'uploaded' | 'failed';
  bytesSent: number;
  /** The tus upload URL, kept so that a killed tab resumes. */
  uploadUrl?: string;
  error?: OfflineProblem;
  createdAt: string;
}

/** A small key-value table for the database's counters (the last localNumber given). */
export interface MetaRow {
  key: string;
  value: number | string;
}

/** The Dexie database of one user in one client. */
export class OfflineDb extends Dexie {
  bundles!: Table<StoredBundle, number>;
  entries!: Table<LocalEntry, string>;
  outbox!: Table<OutboxItem, number>;
  files!: Table<LocalFile, string>;
  meta!: Table<MetaRow, string>;

  constructor(name: string) {
    super(name);
    this.version(1).stores({
      bundles: 'projectId',
      entries: 'entryId, projectId, [projectId+formId], localNumber, entryNumber, syncState',
      outbox: '++seq, &commandId, entryId, state',
      files: 'fileId, projectId, entryId, &path, folder, state',
      meta: 'key',
    });
  }
}

/** localStorage key of the device's id. */
export const DEVICE_ID_KEY = 'siteforms.deviceId';

/**
 * The last signed-in session (localStorage `siteforms.offline.lastSession`): who the offline pages and the offline
 * boot act for. `user` is the UserView as auth.isLoggedIn answered; `client` the client as clients.current answered.
 */
export interface LastSession {
  userId: number;
  clientId: number;
  fullName: string;
  email: string;
  user?: UserView;
  client?: Client;
}

/** The device's id: a UUID made once per browser profile (the batch call's deviceId). */
export function deviceId(): string {
  let id = localStorage.getItem(DEVICE_ID_KEY);
  if (!id) {
    id = crypto.randomUUID();
    localStorage.setItem(DEVICE_ID_KEY, id);
  }
  return id;
}

/** The last session, or null when nobody has signed in on this device (or they logged out). */
export function lastSession(): LastSession | null {
  try {
    const raw = localStorage.getItem(LAST_SESSION_KEY);
    if (!raw) return null;
    const session = JSON.parse(raw) as LastSession;
    return Number.isSafeInteger(session.userId) && Number.isSafeInteger(session.clientId) ? session : null;
  } catch {
    return null;
  }
}

const opened = new Map<string, OfflineDb>();

/** Opens (once per page) the database of `userId` in `clientId`. */
export function openOfflineDb(userId: number, clientId: number): OfflineDb {
  const name = databaseName(userId, clientId);
  let db = opened.get(name);
  if (!db) {
    db = new OfflineDb(name);
    opened.set(name, db);
  }
  return db;
}

/**
 * The database of the last signed-in session (the signed-in user's, or offline the last one's).
 * @throws ApiError 401 auth.notLoggedIn when nobody has signed in on this device
 */
export function currentDb(): OfflineDb {
  const session = lastSession();
  if (!session) throw new ApiError(401, 'auth.notLoggedIn', message('auth.notLoggedIn'));
  return openOfflineDb(session.userId, session.clientId);
}

/** Closes every database this page opened (tests; a user switch). */
export function closeOfflineDbs(): void {
  for (const db of opened.values()) db.close();
  opened.clear();
}

function isQuotaError(error: unknown): boolean {
  for (let e = error as { name?: string; inner?: unknown } | undefined; e; e = e.inner as typeof e) {
    if (e.name === 'QuotaExceededError') return true;
    if (e === e.inner) break;
  }
  return false;
}

/** The refusal of a write the device has no room for (contract-26 §3). */
export function storageFullError(): ApiError {
  return new ApiError(507, 'offline.storageFull', message('offline.storageFull'));
}

/**
 * Runs `write` (one Dexie transaction, or a single write): a full device turns into ApiError 507
 * offline.storageFull. Dexie rolls the transaction back, so nothing of it is kept and nothing saved before is lost.
 * @throws ApiError 507 offline.storageFull; any other error as it is
 */
export async function guardQuota<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isQuotaError(error)) throw storageFullError();
    throw error;
  }
}

/** The next local entry number of the database (-1, -2, ...), never given twice. Call inside a rw transaction on `meta`. */
export async function nextLocalNumber(db: OfflineDb): Promise<number> {
  const row = await db.meta.get('lastLocalNumber');
  const next = (typeof row?.value === 'number' ? row.value : 0) - 1;
  await db.meta.put({ key: 'lastLocalNumber', value: next });
  return next;
}
