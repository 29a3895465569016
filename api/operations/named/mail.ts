/**
 * The administrators' sent-mail list (issue 25 §5 "a page for administrators listing what was sent and its
 * delivery state"; "a bounce or permanent failure shows on the sent list"): POST /api/settings/mail/getall with a
 * register query answers `{ items, totalRecords }`, the client's messages (outgoingMails of its clientId; a
 * password reset is of no client and is not listed), newest first unless the query sorts by another column.
 * Access: admin (catalogue), tenant-scoped.
 */
import { AppError } from '../../../engine/errors';
import type { OutgoingMail } from '../../../engine/types/generated';
import type { NamedOperation } from '../../resources/context';

/** The columns the list sorts by (others are refused as the register's unknown column). */
const SORTABLE = new Set(['created', 'kind', 'subject', 'state', 'attempts', 'sentAt']);

/** One row of the list: the message without its body. */
export interface SentMailRow {
  id: number;
  created: string;
  kind: OutgoingMail['kind'];
  /** The recipients as one text: 'Name <address>, address'. */
  to: string;
  subject: string;
  state: OutgoingMail['state'];
  attempts: number;
  lastError: string;
  sentAt: string;
}

/** POST /api/settings/mail/getall: see the module comment. */
export const list: NamedOperation<'mail.list'> = async (context) => {
  const clientId = context.clientId;
  if (clientId === undefined) throw new AppError(409, 'auth.noClientSelected');
  const { pageIndex = 0, pageSize = 10, sorting = [] } = context.body;
  const sort: Record<string, 1 | -1> = {};
  for (const s of sorting) {
    if (!SORTABLE.has(s.id)) throw new AppError(400, 'mail.unknownColumn', { column: s.id });
    sort[s.id] = s.desc ? -1 : 1;
  }
  if (!('created' in sort)) sort.created = -1;
  sort.id = sort.created;
  const mails = context.store.collection<OutgoingMail & { [key: string]: unknown }>('outgoingMails');
  const filter = { clientId };
  const [docs, totalRecords] = await Promise.all([
    mails.find(filter, { sort, skip: pageIndex * pageSize, limit: pageSize }),
    mails.countDocuments(filter),
  ]);
  const items: SentMailRow[] = docs.map((m) => ({
    id: m.id,
    created: m.created ?? '',
    kind: m.kind,
    to: m.to.map((r) => (r.name ? `${r.name} <${r.address}>` : r.address)).join(', '),
    subject: m.subject,
    state: m.state,
    attempts: m.attempts,
    lastError: m.lastError ?? '',
    sentAt: m.sentAt ?? '',
  }));
  return { items, totalRecords };
};
