/**
 * Sending (issue 25 §3; docs/links-and-mail.md "Sending"): 'Send to...' a form of a project to an external party
 * for an RFI, CVI, submittal or daywork (a one-time secure link per recipient, its e-mail queued, both in one
 * transaction), the links sent for an entry or a form and their revocation, and a subcontractor package's return
 * link by e-mail with the return's existing security code, plus the recipient's public download of the package's
 * documents gated by that code. The token of a link is never answered: it travels only in the queued e-mail.
 */

import { AppError } from '../../../engine/errors';
import type {
  Contact,
  Organisation,
  Project,
  SecureLink,
  SubcontractorPackage,
  SubcontractorReturn,
} from '../../../engine/types/generated';
import { ruleHolds } from '../../../engine/validation/ajv';
import { issueLink, type LinkState, linkState, revokeLink } from '../../links/secure-links';
import { queueMail } from '../../mail/outbox';
import { linkKindName, packageReturnMail, secureLinkMail } from '../../mail/templates';
import { clientAddress } from '../../middleware/security';
import { publicOrigin } from '../../qr/token';
import type { NamedOperation, OperationContext } from '../../resources/context';
import { inTransaction } from '../../resources/transaction';
import { getEntry } from '../entries';
import { requestProject } from '../projects';
import { checkCodeAttempts, recordCodeFailure, returnOfCode, subcontractingCollections } from '../subcontracting';
import { scopeOf } from './entries';
import { uploadInto } from './files';

/** The longest a sent link may last: one year. */
export const MAX_SEND_TTL_MS = 366 * 24 * 3600_000;

const SEND_KINDS: readonly SecureLink['kind'][] = ['rfi', 'cvi', 'submittal', 'daywork'];

/** The document kinds a form can be sent for. */
type SendKind = 'rfi' | 'cvi' | 'submittal' | 'daywork';

function tenant(context: OperationContext): number {
  if (context.clientId === undefined) throw new AppError(409, 'auth.noClientSelected');
  return context.clientId;
}

/** Whether `organisation` may receive documents of `kind` (schemas/rules/organisation.json, as the look-ups say). */
function takesKind(organisation: Organisation, kind: SendKind): boolean {
  return ruleHolds(`https://site-forms.dev/schemas/rules/organisation.json#/$defs/${kind}`, organisation);
}

const fullName = (c: Contact) => `${c.firstName} ${c.lastName}`.trim();

interface Recipient {
  name: string;
  email: string;
  organisation: Organisation;
  contactId: number;
}

/**
 * The recipients of a send: the contact (which must be on the project, of an organisation the kind admits, and
 * have an e-mail), or every contact with an e-mail of the organisation on the project.
 * @throws AppError 404 contacts.notFound / organisations.notFound (another client's too), 400 sending.* otherwise
 */
async function recipientsOf(context: OperationContext<'sending.send'>, projectId: number): Promise<Recipient[]> {
  const clientId = tenant(context);
  const { contactId, organisationId, kind } = context.body;
  const contacts = context.store.collection<Contact & { [key: string]: unknown }>('contacts');
  const organisations = context.store.collection<Organisation & { [key: string]: unknown }>('organisations');
  const organisationOf = async (id: number) => {
    const found = await organisations.findOne({ clientId, id });
    if (!found) throw new AppError(404, 'organisations.notFound');
    return found;
  };
  if (contactId !== undefined) {
    const contact = await contacts.findOne({ clientId, id: contactId });
    if (!contact) throw new AppError(404, 'contacts.notFound');
    const organisation = await organisationOf(contact.organizationId);
    if (organisationId !== undefined && organisationId !== contact.organizationId) {
      await organisationOf(organisationId);
      throw new AppError(400, 'sending.notOfOrganisation', { name: fullName(contact) });
    }
    if (!(contact.projectIds ?? []).includes(projectId) || !takesKind(organisation, kind))
      throw new AppError(400, 'sending.notUsable', { name: fullName(contact), kind: linkKindName(kind) });
    if (!contact.email?.trim()) throw new AppError(400, 'sending.noEmail', { name: fullName(contact) });
    return [{ name: fullName(contact), email: contact.email.trim(), organisation, contactId: contact.id }];
  }
  if (organisationId === undefined) throw new AppError(400, 'sending.noRecipient');
  const organisation = await organisationOf(organisationId);
  if (!takesKind(organisation, kind))
    throw new AppError(400, 'sending.notUsable', { name: organisation.name, kind: linkKindName(kind) });
  const onProject = await contacts.find(
    { clientId, organizationId: organisationId, projectIds: projectId },
    { sort: { lastName: 1, firstName: 1, id: 1 } },
  );
  const reachable = onProject.filter((c) => c.email?.trim());
  if (reachable.length === 0) throw new AppError(400, 'sending.noContacts', { organisation: organisation.name });
  return reachable.map((c) => ({ name: fullName(c), email: String(c.email).trim(), organisation, contactId: c.id }));
}

/** The expiry asked for, checked: in the future and within MAX_SEND_TTL_MS (400 otherwise). */
function expiryOf(expiresAt: string | undefined, now: Date): string | undefined {
  if (expiresAt === undefined) return undefined;
  const at = Date.parse(expiresAt);
  if (!(at > now.getTime())) throw new AppError(400, 'sending.expiresInPast');
  if (at - now.getTime() > MAX_SEND_TTL_MS) throw new AppError(400, 'sending.expiresTooLate');
  return new Date(at).toISOString();
}

/**
 * POST /api/projects/{projectId}/forms/{formArea}/send `{ formId, entryNumber?, kind, contactId?, organisationId?,
 * message?, expiresAt? }`: for each recipient a one-time link (the form published on the project; the entry it
 * replies to when given) and its e-mail with the URL {origin}/external/{token}, written together or not at all.
 * @returns `{ sent: [{ linkId, recipientName, recipientEmail, expiresAt }] }`
 * @throws AppError 404 for a form not offered on the project, an unknown entry, another client's contact or
 *   organisation; 400 for a recipient the kind's rule refuses, with no e-mail, or a bad expiry
 */
export const send: NamedOperation<'sending.send'> = inTransaction(async (context) => {
  const { body, params } = context;
  const scope = await scopeOf(context.http, params, body.formId);
  if (body.entryNumber !== undefined) await getEntry(scope, body.entryNumber);
  const expiresAt = expiryOf(body.expiresAt, context.now);
  const recipients = await recipientsOf(context, scope.project.id);
  const origin = publicOrigin(context.http);
  const sender = context.user?.fullName ?? '';
  const sent = [];
  for (const r of recipients) {
    const { token, link } = await issueLink(
      context.store,
      {
        clientId: scope.clientId,
        kind: body.kind,
        projectId: scope.project.id,
        formArea: params.formArea,
        formId: scope.form.id,
        ...(body.entryNumber === undefined ? {} : { entryNumber: body.entryNumber }),
        recipientName: r.name,
        recipientEmail: r.email,
        recipientOrganisation: r.organisation.name,
        contactId: r.contactId,
        organisationId: r.organisation.id,
        ...(expiresAt === undefined ? {} : { expiresAt }),
        oneTime: true,
        createdById: context.user?.id,
        createdBy: sender,
      },
      context.now,
    );
    await queueMail(
      context.store,
      secureLinkMail({
        clientId: scope.clientId,
        to: { name: r.name, address: r.email },
        senderName: sender,
        formTitle: scope.form.title,
        projectName: `${scope.project.code} ${scope.project.name}`,
        kind: body.kind,
        link: `${origin}/external/${token}`,
        expiresAt: link.expiresAt,
        ...(body.entryNumber === undefined ? {} : { entryNumber: body.entryNumber }),
        ...(body.message ? { note: body.message } : {}),
      }),
      context.now,
    );
    sent.push({ linkId: link.id, recipientName: r.name, recipientEmail: r.email, expiresAt: link.expiresAt });
  }
  return { sent };
});

/** A sent link as the list shows it (never its token hash). */
function linkRow(link: SecureLink, now: Date) {
  const state: LinkState = linkState(link, {}, now);
  const last = link.uses.at(-1);
  return {
    id: link.id,
    kind: link.kind,
    formId: link.formId,
    entryNumber: link.entryNumber ?? null,
    recipientName: link.recipientName ?? '',
    recipientEmail: link.recipientEmail ?? '',
    recipientOrganisation: link.recipientOrganisation ?? '',
    created: link.created ?? null,
    sentBy: link.createdBy ?? '',
    expiresAt: link.expiresAt,
    usedAt: link.usedAt ?? null,
    revokedAt: link.revokedAt ?? null,
    lastUse: last?.at ?? null,
    lastUseAddress: last?.address ?? null,
    uses: link.uses.length,
    state,
  };
}

const linksOf = (context: OperationContext) =>
  context.store.collection<SecureLink & { [key: string]: unknown }>('secureLinks');

/**
 * GET …/send/{formId}/links/{entryNumber}: the links sent for the entry, or with entryNumber 0 for the form
 * itself, newest first.
 */
export const links: NamedOperation<'sending.links'> = async (context) => {
  const { params } = context;
  const scope = await scopeOf(context.http, params, params.formId);
  const found = await linksOf(context).find(
    {
      clientId: scope.clientId,
      projectId: scope.project.id,
      formArea: params.formArea,
      formId: scope.form.id,
      kind: { $in: [...SEND_KINDS] },
      entryNumber: params.entryNumber === 0 ? { $exists: false } : params.entryNumber,
    },
    { sort: { id: -1 }, projection: { _id: 0, tokenHash: 0 } },
  );
  return found.map((l) => linkRow(l as SecureLink, context.now));
};

/** POST …/send/links/{id}/revoke: revokes a link sent from the project's form area (404 for any other). */
export const revoke: NamedOperation<'sending.revoke'> = async (context) => {
  const { params } = context;
  const clientId = tenant(context);
  const project = await requestProject(context.http, params.projectId);
  const filter = { clientId, id: params.id, projectId: project.id, formArea: params.formArea };
  const found = await linksOf(context).findOne(filter);
  if (!found || !SEND_KINDS.includes(found.kind)) throw new AppError(404, 'sending.linkNotFound');
  await revokeLink(context.store, clientId, params.id, context.now);
  const revoked = await linksOf(context).findOne(filter, { projection: { _id: 0, tokenHash: 0 } });
  return linkRow(revoked as SecureLink, context.now);
};

// ───────────────────────────── subcontractor packages ─────────────────────────────

/**
 * POST /api/settings/Subcontractors/{projectId}/returns/{id}/send `{ contactId? | email, name?, message? }`: queues
 * the e-mail of the return's link, {origin}/package-return/{securityCode} (the return's existing code).
 * @returns `{ sent: [{ recipientName, recipientEmail }] }`
 * @throws AppError 404 for a return of another project or client, another client's contact; 400 for no recipient
 *   or a contact without an e-mail
 */
export const sendReturn: NamedOperation<'subcontractors.sendReturn'> = inTransaction(async (context) => {
  const clientId = tenant(context);
  const { params, body } = context;
  const project: Project = await requestProject(context.http, params.projectId);
  const { returns, packages } = subcontractingCollections(context.store);
  const found = await returns.findOne({ clientId, projectId: project.id, id: params.id });
  if (!found) throw new AppError(404, 'subcontractorPackages.notFound');
  const pkg = (await packages.findOne({ clientId, id: found.subcontractorPackageId })) as SubcontractorPackage | null;
  if (!pkg) throw new AppError(404, 'subcontractorPackages.notFound');
  let recipient: { name: string; email: string };
  if (body.contactId !== undefined) {
    const contact = await context.store.collection<Contact>('contacts').findOne({ clientId, id: body.contactId });
    if (!contact) throw new AppError(404, 'contacts.notFound');
    if (!contact.email?.trim()) throw new AppError(400, 'sending.noEmail', { name: fullName(contact) });
    recipient = { name: fullName(contact), email: contact.email.trim() };
  } else if (body.email) {
    recipient = { name: body.name?.trim() || found.recipientName, email: body.email.trim() };
  } else throw new AppError(400, 'sending.package.noRecipient');
  await queueMail(
    context.store,
    packageReturnMail({
      clientId,
      to: { name: recipient.name, address: recipient.email },
      senderName: context.user?.fullName ?? '',
      packageName: pkg.name,
      projectName: `${project.code} ${project.name}`,
      link: `${publicOrigin(context.http)}/package-return/${encodeURIComponent(found.securityCode)}`,
      ...(body.message ? { note: body.message } : {}),
    }),
    context.now,
  );
  return { sent: [{ recipientName: recipient.name, recipientEmail: recipient.email }] };
});

/** The most files a recipient may upload with a return. */
export const MAX_RETURN_FILES = 20;

/** The return of a public call's code: the limiter first (429), then 404 for an unknown code (counted). */
async function returnOfRecipient(context: OperationContext, code: string) {
  const address = clientAddress(context.http);
  await checkCodeAttempts(context.store, address, context.now);
  const found = await returnOfCode(context.store, code);
  if (!found) {
    await recordCodeFailure(context.store, address, context.now);
    throw new AppError(404, 'subcontractorPackages.codeNotFound');
  }
  return found;
}

/**
 * PUT /api/settings/Subcontractors/securityCode/{code}/upload (public, multipart uploads[]): the recipient's files
 * with the return, stored in the return's client under subcontractors/returns/{id}/ (the file calls' checks: name,
 * 10 MB, type from the bytes); a name uploaded again replaces its file. Only before the return is sent: a return
 * already answered is 410 with the used-link text (type packages), as returnPackage answers it.
 * @returns the return's files
 * @throws AppError 404 subcontractorPackages.codeNotFound, 410 unauthorized.tokenExpired, 400
 *   packageReturn.tooManyFiles, 413/415/400 from the files
 */
export const securityCodeUpload: NamedOperation<'subcontractors.securityCodeUpload'> = async (context) => {
  const found = await returnOfRecipient(context, context.params.code);
  if (found.responseDate) throw new AppError(410, 'unauthorized.tokenExpired', { type: 'packages' });
  // The upload is the return's client's, whoever sends it: the code is the recipient's key to that client.
  const answer = await uploadInto({ ...context, clientId: found.clientId }, `subcontractors/returns/${found.id}`);
  const stored = (await answer.clone().json()) as NonNullable<SubcontractorReturn['files']>;
  const files = [...(found.files ?? []).filter((f) => !stored.some((s) => s.name === f.name))];
  const now = context.now.toISOString();
  for (const s of stored) files.push({ ...s, added: now, addedByFullName: found.recipientName });
  if (files.length > MAX_RETURN_FILES) {
    for (const s of stored)
      if (!(found.files ?? []).some((f) => f.name === s.name))
        await context.store.files.delete(`${found.clientId}/${s.file}`);
    throw new AppError(400, 'packageReturn.tooManyFiles', { limit: MAX_RETURN_FILES });
  }
  await subcontractingCollections(context.store).returns.updateOne(
    { _id: found._id },
    { $set: { files, modified: now } },
  );
  return files.map(({ name, size, contentType }) => ({ name, size, contentType }));
};

/**
 * GET /api/settings/Subcontractors/securityCode/{code}/document/{attachmentId} (public): one document of the
 * package of the code, as a download. The same limiter as the code's other calls counts unknown codes (429).
 */
export const securityCodeDocument: NamedOperation<'subcontractors.securityCodeDocument'> = async (context) => {
  const found = await returnOfRecipient(context, context.params.code);
  const pkg = (await subcontractingCollections(context.store).packages.findOne({
    clientId: found.clientId,
    id: found.subcontractorPackageId,
  })) as SubcontractorPackage | null;
  const attachment = pkg?.attachments.find((a) => a.id === context.params.attachmentId && !a.isFolder);
  const path = (attachment as { originalPath?: string } | undefined)?.originalPath;
  const file = path ? await context.store.files.get(`${found.clientId}/${path}`) : null;
  if (!file) throw new AppError(404, 'files.notFound');
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      'Content-Type': file.info.contentType,
      'Content-Length': String(file.info.size),
      'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(file.info.name)}`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
};
