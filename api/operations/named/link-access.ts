/**
 * Public forms and the administrators' links page (issue 25 §4 "Public forms", §1 "revocable; every use logged";
 * docs/links-and-mail.md "Secure links and access"; docs/decisions.md "Public form links and the links page").
 *
 * A form's public link: the form area's administrators issue one `public-form` secure link per form and project
 * (api/links/secure-links.ts; not one-time; a year unless they choose an expiry). Its URL `{origin}/external/{token}`
 * and the URL's QR code (the QR generator of the form register, api/operations/qr-codes.ts qrImage) are answered
 * once, when it is issued: only the token's SHA-256 is stored, so renewing (issuing again) is the way to a new URL,
 * and it revokes the previous link. The links page: every secure link of a project, a page at a time, with its state
 * and latest uses, for the projects area's administrators of the project; any link can be revoked there.
 */
import { AppError } from '../../../engine/errors';
import { message } from '../../../engine/messages/catalogue';
import type { RegisterQuery, SecureLink } from '../../../engine/types/generated';
import { issueLink, type LinkKind, revokeLink } from '../../links/secure-links';
import { publicOrigin } from '../../qr/token';
import type { NamedOperation, OperationContext } from '../../resources/context';
import { inTransaction } from '../../resources/transaction';
import type { Store } from '../../store/port';
import { latestPublished, publishedFormForProject } from '../forms';
import { qrImage } from '../qr-codes';

/** How long a public link lasts unless its issuer chooses: 365 days. */
export const PUBLIC_LINK_TTL_MS = 365 * 24 * 60 * 60 * 1000;
/** The longest expiry an issuer may choose: 3 years. */
export const PUBLIC_LINK_MAX_TTL_MS = 3 * 365 * 24 * 60 * 60 * 1000;
/** How many of a link's latest uses the links page shows. */
export const SHOWN_USES = 5;

/** A link's state now: live, or why not. */
export type LinkStatus = 'live' | 'expired' | 'used' | 'revoked';

/** A link as the administrator sees it: never its token hash. */
export interface LinkSummary {
  id: number;
  kind: LinkKind;
  status: LinkStatus;
  projectId: number;
  formArea?: string;
  formId?: number;
  formTitle?: string;
  entryNumber?: number;
  packageId?: number;
  folder?: string;
  recipientName?: string;
  recipientEmail?: string;
  recipientOrganisation?: string;
  oneTime: boolean;
  created?: string;
  createdBy?: string;
  expiresAt: string;
  usedAt?: string;
  revokedAt?: string;
  useCount: number;
  /** The latest uses, newest first: `at` (ISO), `address`, `action`. */
  latestUses: SecureLink['uses'];
  /** The recipient's name and organisation (else e-mail), for the register. */
  recipient: string;
  /** What the link opens, as the register shows it: the form (and entry), the package or the folder. */
  target: string;
  /** The latest uses as one line of text, for the register. */
  latestUsesText: string;
}

type Doc = SecureLink & { [key: string]: unknown };

function links(store: Store) {
  return store.collection<Doc>('secureLinks');
}

function statusOf(link: SecureLink, now: Date): LinkStatus {
  if (link.revokedAt) return 'revoked';
  if (Date.parse(link.expiresAt) <= now.getTime()) return 'expired';
  if (link.oneTime && link.usedAt) return 'used';
  return 'live';
}

function targetOf(link: SecureLink, formTitle: string | undefined): string {
  const form = formTitle ?? (link.formId !== undefined ? `${link.formArea} ${link.formId}` : '');
  if (link.kind === 'packages' && link.packageId !== undefined)
    return message('linkAccess.targetPackage', { packageId: link.packageId });
  if (link.kind === 'shared-folder') return message('linkAccess.targetFolder', { folder: link.folder ?? '/' });
  if (link.entryNumber !== undefined) return message('linkAccess.targetEntry', { form, entryNumber: link.entryNumber });
  return form;
}

function summaryOf(link: SecureLink, now: Date, formTitle?: string): LinkSummary {
  const { tokenHash: _hash, uses, ...rest } = link;
  const latestUses = [...uses].reverse().slice(0, SHOWN_USES);
  const named = [link.recipientName, link.recipientOrganisation].filter(Boolean).join(', ');
  return {
    recipient: named || link.recipientEmail || '',
    target: targetOf(link, formTitle),
    ...(rest as Omit<SecureLink, 'tokenHash' | 'uses'>),
    ...(formTitle !== undefined ? { formTitle } : {}),
    status: statusOf(link, now),
    useCount: uses.length,
    latestUses,
    latestUsesText: latestUses.map((use) => `${use.at.slice(0, 16).replace('T', ' ')} ${use.address}`).join('; '),
  } as LinkSummary;
}

type PublicLinkOperation = 'publicLinks.get' | 'publicLinks.issue' | 'publicLinks.revoke';

/** The live public links of the path's form on the path's project (at most one; more only after a race). */
async function livePublicLinks(context: OperationContext<PublicLinkOperation>): Promise<SecureLink[]> {
  const { projectId, formArea, formId } = context.params;
  const found = await links(context.store).find(
    {
      clientId: context.clientId as number,
      kind: 'public-form',
      projectId,
      formArea,
      formId,
      revokedAt: { $exists: false },
    },
    { sort: { id: -1 }, projection: { _id: 0 } },
  );
  return found.filter((link) => statusOf(link, context.now) === 'live');
}

/**
 * GET /api/projects/{projectId}/forms/{formArea}/{formId}/public-link: `{ link }`, the live public link of the form
 * on the project (a LinkSummary: when made, by whom, expiry, uses), or `{ link: null }`. Its URL is not shown again.
 */
export const getPublicLink: NamedOperation<'publicLinks.get'> = async (context) => {
  const [live] = await livePublicLinks(context);
  return { link: live ? summaryOf(live, context.now) : null };
};

/**
 * POST /api/projects/{projectId}/forms/{formArea}/{formId}/public-link `{ expiresAt? }`: issues the form's public
 * link on the project, revoking the live one (renew), and answers 201 `{ url, qrCode, link }`: the URL
 * `{origin}/external/{token}` and its QR code (a PNG data URL), once.
 * @throws AppError 404 notFound.form (not a published, active form of the tenant's area offered on the project);
 *   400 linkAccess.badExpiry (not in the future or more than 3 years ahead)
 */
export const issuePublicLink: NamedOperation<'publicLinks.issue'> = inTransaction(async (context) => {
  const { projectId, formArea, formId } = context.params;
  const clientId = context.clientId as number;
  const form = await publishedFormForProject(context.store, clientId, projectId, formArea, formId);
  const now = context.now;
  const chosen = context.body?.expiresAt;
  const expiry = chosen ? Date.parse(chosen) : now.getTime() + PUBLIC_LINK_TTL_MS;
  if (!(expiry > now.getTime() && expiry <= now.getTime() + PUBLIC_LINK_MAX_TTL_MS))
    throw new AppError(400, 'linkAccess.badExpiry');
  for (const live of await livePublicLinks(context)) await revokeLink(context.store, clientId, live.id, now);
  const user = context.user;
  const { token, link } = await issueLink(
    context.store,
    {
      clientId,
      kind: 'public-form',
      projectId,
      formArea,
      formId,
      expiresAt: new Date(expiry).toISOString(),
      oneTime: false,
      ...(user ? { createdById: user.id, createdBy: user.fullName } : {}),
    },
    now,
  );
  const url = `${publicOrigin(context.http)}/external/${token}`;
  return context.http.json({ url, qrCode: await qrImage(url), link: summaryOf(link, now, form.title) }, 201);
});

/**
 * DELETE /api/projects/{projectId}/forms/{formArea}/{formId}/public-link: revokes the form's live public link on the
 * project; 204. @throws AppError 404 linkAccess.noPublicLink when there is none
 */
export const revokePublicLink: NamedOperation<'publicLinks.revoke'> = inTransaction(async (context) => {
  const live = await livePublicLinks(context);
  if (live.length === 0) throw new AppError(404, 'linkAccess.noPublicLink');
  for (const link of live) await revokeLink(context.store, context.clientId as number, link.id, context.now);
  return context.http.body(null, 204);
});

/** Register columns the links page may sort by. */
const SORTABLE = new Set(['id', 'kind', 'recipientName', 'created', 'expiresAt', 'usedAt', 'revokedAt', 'createdBy']);

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * POST /api/projects/{projectId}/links/getall (a register query): `{ items, totalRecords }`, a page of the project's
 * secure links of every kind (LinkSummary), newest first unless sorted; the filter `kind` matches exactly, any other
 * column filter and the search match the recipient's name, e-mail or organisation, or who made it.
 */
export const listLinks: NamedOperation<'links.list'> = async (context) => {
  const query: RegisterQuery = context.body ?? {};
  const pageSize = query.pageSize ?? 10;
  const pageIndex = query.pageIndex ?? 0;
  const filter: Record<string, unknown> = { clientId: context.clientId as number, projectId: context.params.projectId };
  const and: Record<string, unknown>[] = [];
  const texts = [...(query.filters ?? []).filter((f) => f.id !== 'kind').map((f) => String(f.value))];
  if (query.globalFilter) texts.push(String(query.globalFilter));
  for (const f of query.filters ?? []) if (f.id === 'kind') filter.kind = String(f.value);
  for (const text of texts) {
    const $regex = escapeRegex(text.slice(0, 200));
    and.push({
      $or: ['recipientName', 'recipientEmail', 'recipientOrganisation', 'createdBy'].map((field) => ({
        [field]: { $regex, $options: 'i' },
      })),
    });
  }
  if (and.length > 0) filter.$and = and;
  const sort: Record<string, 1 | -1> = {};
  for (const s of query.sorting ?? []) if (SORTABLE.has(s.id)) sort[s.id] = s.desc ? -1 : 1;
  if (!('id' in sort)) sort.id = -1;
  const collection = links(context.store);
  const [totalRecords, page] = await Promise.all([
    collection.countDocuments(filter),
    collection.find(filter, { sort, skip: pageIndex * pageSize, limit: pageSize, projection: { _id: 0 } }),
  ]);
  const titles = new Map<number, string>();
  for (const formId of new Set(page.map((link) => link.formId).filter((id): id is number => id !== undefined))) {
    const def = await latestPublished(context.store, context.clientId as number, formId);
    if (def) titles.set(formId, def.title);
  }
  return {
    items: page.map((link) => summaryOf(link, context.now, link.formId ? titles.get(link.formId) : undefined)),
    totalRecords,
  };
};

/**
 * DELETE /api/projects/{projectId}/links/{id}: revokes a secure link of the project (its token stops working at
 * once); 204, also when it was revoked already. @throws AppError 404 linkAccess.notFound for a link of another
 * project or client
 */
export const revokeProjectLink: NamedOperation<'links.revoke'> = async (context) => {
  const clientId = context.clientId as number;
  const found = await links(context.store).findOne({
    clientId,
    projectId: context.params.projectId,
    id: context.params.id,
  });
  if (!found) throw new AppError(404, 'linkAccess.notFound');
  await revokeLink(context.store, clientId, found.id, context.now);
  return context.http.body(null, 204);
};
