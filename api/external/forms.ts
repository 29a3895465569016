/**
 * The external form behind a secure link (issue 25 §2 "The external shell", §4 public forms;
 * shell-access-navigation.md §1 external parties, §8 the expired-link text; docs/links-and-mail.md "External
 * forms"): what the page at `{origin}/external/{token}` reads, its files, its submit and its Close, for every link
 * kind that opens a form (rfi, cvi, submittal, daywork, packages replies, public forms). No login: the token is the
 * only credential, checked on every call with `checkLink` (the use logged with the caller's address).
 *
 * Every refusal (unknown, malformed, expired, used, revoked token; a token of another kind; a form no longer
 * offered on the link's project) answers the same: 410 `{ messageId: 'unauthorized.tokenExpired', message, type }`,
 * `type` the link's kind when the link is known (the §8 page's {type}; 'quality-assurance' for a public form, as
 * §6's public form guard names it), and nothing of the form, project or client.
 *
 * Files of an external form live under the client's folder `external/{linkId}/…`: a link reads and writes only
 * its own folder, and the entry's answers may name no other file.
 */
import type { Context } from 'hono';
import { AppError } from '../../engine/errors';
import { message } from '../../engine/messages/catalogue';
import type {
  Client,
  FormDefinition,
  FormEntry,
  FormEntrySubmission,
  Project,
  SecureLink,
} from '../../engine/types/generated';
import { folderKey, publicPath } from '../files/paths';
import type { ApiEnv } from '../http/env';
import { claimLink, findLink, type LinkKind, type LinkState, linkState, logUse } from '../links/secure-links';
import { clientAddress } from '../middleware/security';
import { type EntryScope, entryFilePaths, getEntry, submitEntry } from '../operations/entries';
import { publishedFormForProject } from '../operations/forms';
import type { Store } from '../store/port';
import { callKeys, countCall, MAX_LINK_UPLOAD_BYTES } from './limits';
import { notifySender } from './notify';

/** The link kinds whose token opens a form in the external shell. */
export const FORM_LINK_KINDS: readonly LinkKind[] = ['rfi', 'cvi', 'submittal', 'daywork', 'packages', 'public-form'];

/** The §8 page's {type} of a link kind (a public form: the section §6's public form guard names). */
export function securityType(kind: LinkKind | undefined): string | undefined {
  if (kind === undefined) return undefined;
  return kind === 'public-form' ? 'quality-assurance' : kind;
}

/**
 * The one refusal of an external call: 410 with the expired-link text and, when the link is known, its `type`.
 * @returns a Response (the AppError shape plus `type`)
 */
export function refusal(c: Context<ApiEnv>, kind?: LinkKind): Response {
  const type = securityType(kind);
  const body = {
    messageId: 'unauthorized.tokenExpired',
    message: message('unauthorized.tokenExpired', { type: type ?? '' }),
    ...(type ? { type } : {}),
  };
  return c.json(body, 410);
}

/** A refused token, thrown through the operation and answered by `refusal`. */
export class RefusedLink extends Error {
  constructor(
    readonly state: Exclude<LinkState, 'valid'>,
    readonly kind?: LinkKind,
  ) {
    super(`external link refused: ${state}`);
  }
}

/** What an external call works on once its token is accepted. */
export interface ExternalScope extends EntryScope {
  link: SecureLink;
  client: Client;
}

/**
 * Accepts `token` for `action`: counts the call (per address, then per link: 429 past a limit), checks the link
 * (a form kind, valid now), finds its project, client and published form (a form no longer offered refuses the
 * link the same way), and logs the use.
 * @throws RefusedLink for every refusal; AppError 429 externalForms.tooManyCalls
 */
export async function acceptLink(
  c: Context<ApiEnv>,
  store: Store,
  token: string,
  action: string,
  now: Date,
): Promise<ExternalScope> {
  const address = clientAddress(c);
  await countCall(store, callKeys(address), now);
  const found = await findLink(store, token);
  // The link's own counter, before its state: a flood of a used-up link stops too.
  if (found) await countCall(store, callKeys(undefined, found.id).slice(1), now);
  const state = linkState(found, { kind: FORM_LINK_KINDS }, now);
  if (state !== 'valid' || !found) throw new RefusedLink(state === 'valid' ? 'unknown' : state, found?.kind);
  const link = found;
  const project = await store.collection<Project>('projects').findOne({ id: link.projectId, clientId: link.clientId });
  const client = await store.collection<Client>('clients').findOne({ id: link.clientId });
  if (!project || !client || link.formId === undefined || link.formArea === undefined)
    throw new RefusedLink('mismatch', link.kind);
  let form: FormDefinition;
  try {
    form = await publishedFormForProject(store, link.clientId, project.id, link.formArea, link.formId);
  } catch {
    throw new RefusedLink('mismatch', link.kind);
  }
  await logUse(store, link, { address: address ?? 'unknown', action }, now);
  return { store, clientId: link.clientId, clientName: client.name, project, form, link, client };
}

/** The entry a reply answers, as the page shows it (its number, date, author and answers), when the link names one. */
async function repliedEntry(scope: ExternalScope) {
  if (scope.link.entryNumber === undefined) return null;
  try {
    const entry = await getEntry(scope, scope.link.entryNumber);
    return { entryNumber: entry.entryNumber, date: entry.date, enteredBy: entry.enteredBy };
  } catch {
    return null;
  }
}

/**
 * What the external page needs (GET /api/external/{token}): the client's branding, a title, the project's name, the
 * recipient's name, the link's kind and the form's published definition, and for a reply the entry it answers
 * (its number, date and author: the recipient sees what they reply to, not the sender's answers).
 */
export async function openView(scope: ExternalScope) {
  const { link, client, project, form } = scope;
  return {
    kind: link.kind,
    type: securityType(link.kind),
    client: {
      name: client.name,
      logoUrl: client.logoUrl,
      primaryColour: client.primaryColour,
      secondaryColour: client.secondaryColour,
      tertiaryColour: client.tertiaryColour,
    },
    title: form.title,
    projectName: project.name,
    recipientName: link.recipientName ?? '',
    recipientOrganisation: link.recipientOrganisation ?? '',
    oneTime: link.oneTime,
    expiresAt: link.expiresAt,
    repliesTo: await repliedEntry(scope),
    form,
  };
}

/** The folder of a link's files, relative to the client's folder. */
export function linkFolder(link: Pick<SecureLink, 'id'>): string {
  return `external/${link.id}`;
}

/**
 * A folder the page names, inside the link's own folder: a folder already under it stays, any other is put under
 * it (the runtime's file widgets name `files/{draft}` or `signatures/{draft}`).
 * @throws AppError 400 files.badFolder for a folder that is not a folder
 */
export function ownFolder(link: Pick<SecureLink, 'id' | 'clientId'>, folder: string | undefined): string {
  const own = linkFolder(link);
  const given = (folder ?? '').replace(/^\/+|\/+$/g, '');
  const inside = given === own || given.startsWith(`${own}/`) ? given : `${own}/${given}`;
  // folderKey checks every segment (no '..', no empty one).
  return publicPath(folderKey(link.clientId, inside)).replace(/\/$/, '');
}

/** The bytes the link's folder holds now. */
export async function linkBytes(store: Store, link: Pick<SecureLink, 'id' | 'clientId'>): Promise<number> {
  const files = await store.files.list(folderKey(link.clientId, linkFolder(link)), true);
  return files.reduce((sum, f) => sum + f.size, 0);
}

/** The per-link upload limit: refuses an upload that would take the link's files past MAX_LINK_UPLOAD_BYTES. */
export async function checkLinkSpace(store: Store, link: Pick<SecureLink, 'id' | 'clientId'>, adding: number) {
  if ((await linkBytes(store, link)) + adding > MAX_LINK_UPLOAD_BYTES)
    throw new AppError(413, 'externalForms.linkFull', { limit: MAX_LINK_UPLOAD_BYTES / 1024 / 1024 });
}

/**
 * The external party's submit (POST /api/external/{token}/submit), in one transaction with the link's claim and
 * the sender's notification: a new entry on the link's project (the same validation as PUT …/submit), entered by
 * the recipient and marked external (kind, name, organisation, link), or public (`isPublic`) for a public form;
 * a one-time link is used up by it (a second submit is refused as a used token).
 * @throws RefusedLink when the link was used up meanwhile; AppError 400 validation.invalidBody as submitEntry
 */
export async function submitExternal(
  scope: ExternalScope,
  submission: FormEntrySubmission,
  origin: string,
  now: Date,
): Promise<FormEntry> {
  const { link, form } = scope;
  const own = `${linkFolder(link)}/`;
  const foreign = entryFilePaths(form, { answers: submission.answers }).filter((path) => !path.startsWith(own));
  if (foreign.length > 0) throw new AppError(400, 'externalForms.foreignFile');
  return scope.store.withTransaction(async (tx) => {
    if (!(await claimLink(tx, link, now))) throw new RefusedLink('used', link.kind);
    const isPublic = link.kind === 'public-form';
    const recipientName = link.recipientName?.trim() || message('externalForms.publicSubmitter');
    // An external party does not choose whom of the project's users to notify (nor learns who they are from the
    // validation of the ids): a notify question's choice is the project's, so theirs is left out.
    const answers = submission.answers.map(
      ({ notificationUsers: _users, stopNotification: _stop, ...answer }) => answer,
    );
    const entry = await submitEntry({ ...scope, store: tx }, { formId: form.id, answers }, null, now, {
      submitter: {
        enteredBy: recipientName,
        isPublic,
        external: {
          kind: link.kind as NonNullable<FormEntry['external']>['kind'],
          recipientName,
          ...(link.recipientOrganisation ? { recipientOrganisation: link.recipientOrganisation } : {}),
          linkId: link.id,
        },
      },
    });
    await notifySender(tx, { link, entry, formTitle: form.title, clientName: scope.clientName, origin }, now);
    return entry;
  });
}
