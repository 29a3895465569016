/**
 * The subcontracting calls (administration-data.md §7 "Subcontractors (/api/settings/Subcontractors)"; §3
 * Subcontractor, Subcontractor order, Subcontractor payment, Subcontractor package, Package attachment, Return;
 * §4 "Lookup and settings-form items"; §9 last line) that no generic resource handler can say. Access is the
 * catalogue's (`can`: the qs area on the project, estimating admin for the directory) except where a call finds
 * its project through a record (the file calls), which ask the same question here. Every write of an order,
 * payment or package keeps the lookup values' `inUse` flags true to what the records name
 * (api/operations/subcontracting.ts refreshLookupInUse). docs/api.md "Subcontracting" lists every call.
 */
import { randomUUID } from 'node:crypto';
import { AppError } from '../../../engine/errors';
import { type AccessAction, can } from '../../../engine/rules/access';
import { lookupKey } from '../../../engine/rules/subcontractor-lookups';
import type {
  SubcontractorOrder,
  SubcontractorPackage,
  SubcontractorPayment,
  SubcontractorReturn,
} from '../../../engine/types/generated';
import { fileKey, publicPath } from '../../files/paths';
import { nextSubcontractorCode } from '../../hooks/default-subcontractor-code';
import { nextSequence } from '../../ids';
import { clientAddress } from '../../middleware/security';
import { accessSubject } from '../../middleware/session';
import type { NamedOperation, OperationContext } from '../../resources/context';
import { inTransaction } from '../../resources/transaction';
import {
  checkCodeAttempts,
  checkMoney,
  orderOfPayment,
  recordCodeFailure,
  returnOfCode,
  subcontractingCollections,
} from '../subcontracting';
import { uploadInto } from './files';

function tenant(context: OperationContext): number {
  if (context.clientId === undefined) throw new AppError(409, 'auth.noClientSelected');
  return context.clientId;
}

function actor(context: OperationContext) {
  return { id: context.user?.id ?? 0, fullName: context.user?.fullName ?? '' };
}

/**
 * Refuses a user without `action` in the qs area on the project (docs/access.md), for calls that find the
 * project through a record.
 * @throws AppError 403 auth.forbidden
 */
function requireQs(context: OperationContext, action: AccessAction, projectId: number): void {
  if (!context.user || !can(accessSubject(context.user, context.clientId), action, { area: 'qs', projectId }))
    throw new AppError(403, 'auth.forbidden');
}

const c = (context: OperationContext) => subcontractingCollections(context.store);

// ───────────────────────────── the directory ─────────────────────────────

/** GET …/code: `{ code }`, the next free subcontractor code (nothing is used up). */
export const nextCode: NamedOperation<'subcontractors.code'> = async (context) => ({
  code: await nextSubcontractorCode(context.store, context.clientId),
});

/** GET …/aggregateId: a new random UUID as text (the folder of a record's files before it is saved). */
export const aggregateId: NamedOperation<'subcontractors.aggregateId'> = async (context) =>
  context.http.text(randomUUID());

// ───────────────────────────── orders ─────────────────────────────

async function _orderPayments(
  context: OperationContext,
  projectId: number,
  order: SubcontractorOrder,
): Promise<number> {
  const payments = await c(context).payments.find({
    clientId: order.clientId,
    projectId,
    subContractorId: order.subContractorId,
  });
  return payments.filter((p) => lookupKey(p.package) === lookupKey(order.package)).length;
}

// ───────────────────────────── payments ─────────────────────────────

// ───────────────────────────── packages and returns ─────────────────────────────

/** What the external recipient sees of a return and its package (no ids of the client, no other recipients). */
async function recipientView(context: OperationContext, found: SubcontractorReturn) {
  const pkg = await c(context).packages.findOne({ clientId: found.clientId, id: found.subcontractorPackageId });
  if (!pkg) throw new AppError(404, 'subcontractorPackages.codeNotFound');
  // The recipient's return page shows the client's logo (issue 25 §3: the external shell's look).
  const client = await context.store
    .collection<{ id: number; logoUrl?: string }>('clients')
    .findOne({ id: found.clientId });
  return {
    return: {
      packageName: found.packageName,
      recipientName: found.recipientName,
      responseDate: found.responseDate ?? null,
      subcontractorPrice: found.subcontractorPrice ?? null,
      comments: found.comments ?? '',
      // What the recipient uploaded with the return so far (issue 25 §3), names only.
      files: (found.files ?? []).map((f) => ({ name: f.name, size: f.size ?? 0 })),
    },
    package: {
      name: pkg.name,
      projectName: pkg.projectName ?? '',
      clientName: pkg.clientName ?? '',
      clientLogoUrl: client?.logoUrl ?? '',
      instructions: pkg.instructions ?? '',
      isResponseRequired: pkg.isResponseRequired === true,
      revisionNumber: pkg.revisionNumber,
      // The id names a document for the public download gated by the code (issue 25 §3).
      attachments: pkg.attachments.map((a) => ({
        id: a.id,
        fileName: a.fileName,
        revisionNumber: a.revisionNumber,
        type: a.type,
      })),
    },
  };
}

/** The return of a security code for the public calls: 429 after too many unknown codes, 404 for one. */
async function returnForRecipient(context: OperationContext, code: string) {
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
 * GET …/securityCode/{code} (public, no login): the return the code names and its package, as the external
 * recipient's response page reads them. Unknown or malformed codes answer 404; 30 of them from one address in 15
 * minutes answer 429 (Retry-After) until the window ends.
 */
export const securityCode: NamedOperation<'subcontractors.securityCode'> = async (context) => {
  const found = await returnForRecipient(context, context.params.code);
  return recipientView(context, found);
};

/**
 * POST …/returnPackage (public, no login) `{ securityCode, subcontractorPrice?, comments? }`: records the
 * recipient's response: the return's responseDate (now), price and comments; the package's isPackageReceived,
 * receivedAt, and subcontractorPrice and pricedAt when a price is given, and comments. Answers the recipient's
 * view, as securityCode does. A return already answered: 410 unauthorized.tokenExpired (type packages), nothing
 * changed.
 */
export const returnPackage: NamedOperation<'subcontractors.returnPackage'> = inTransaction(async (context) => {
  const { body } = context;
  checkMoney({ subcontractorPrice: body.subcontractorPrice });
  const found = await returnForRecipient(context, body.securityCode);
  // A return is answered once: its code is then used up (the §8 text of a used link, for packages), and the
  // response stays as it was sent.
  if (found.responseDate) throw new AppError(410, 'unauthorized.tokenExpired', { type: 'packages' });
  const now = context.now.toISOString();
  const response = {
    responseDate: now,
    ...(body.subcontractorPrice !== undefined ? { subcontractorPrice: body.subcontractorPrice } : {}),
    ...(body.comments !== undefined ? { comments: body.comments } : {}),
    modified: now,
    modifiedBy: found.recipientName,
  };
  await c(context).returns.updateOne({ _id: found._id }, { $set: response });
  await c(context).packages.updateOne(
    { clientId: found.clientId, id: found.subcontractorPackageId },
    {
      $set: {
        isPackageReceived: true,
        receivedAt: now,
        ...(body.subcontractorPrice !== undefined
          ? { subcontractorPrice: body.subcontractorPrice, pricedAt: now }
          : {}),
        ...(body.comments !== undefined ? { comments: body.comments } : {}),
      },
    },
  );
  return recipientView(context, { ...found, ...response });
});

// ───────────────────────────── files ─────────────────────────────

type FileKind = 'order' | 'payment' | 'package';

/** The folder of a record's files (client-relative): subcontractors/{kind}s/{id}. */
function filesFolder(kind: FileKind, id: number): string {
  return `subcontractors/${kind}s/${id}`;
}

const FILE_COLLECTIONS = {
  order: 'subcontractorOrders',
  payment: 'subcontractorPayments',
  package: 'subcontractorPackages',
} as const;

const FILE_NOT_FOUND = {
  order: 'subcontractorOrders.notFound',
  payment: 'subcontractorPayments.notFound',
  package: 'subcontractorPackages.notFound',
} as const;

type FileRecord = Record<string, unknown> & { _id: string; projectId: number };

/** The record of a file call, its project's access checked (403), or 404. */
async function fileRecord(context: OperationContext, kind: FileKind, id: number, action: AccessAction) {
  const collection = context.store.collection<FileRecord>(FILE_COLLECTIONS[kind]);
  const found = await collection.findOne({ clientId: tenant(context), id });
  if (!found) throw new AppError(404, FILE_NOT_FOUND[kind]);
  requireQs(context, action, found.projectId);
  return { found, collection };
}

/** GET …/{id}/document/{x} (x: order, payment, package): the record's files (a package's attachments). */
export const documents: NamedOperation<'subcontractors.documents'> = async (context) => {
  const kind = context.params.x;
  const { found } = await fileRecord(context, kind, context.params.id, 'view');
  return kind === 'package' ? (found.attachments ?? []) : (found.files ?? []);
};

/** GET …/paymentDocs/{id}: the files of a payment and of its order, `{ payment, order }`. */
export const paymentDocs: NamedOperation<'subcontractors.paymentDocs'> = async (context) => {
  const { found } = await fileRecord(context, 'payment', context.params.id, 'view');
  const p = found as unknown as SubcontractorPayment;
  const order = await orderOfPayment(context.store, tenant(context), p.projectId, p.package, p.subContractorId);
  return { payment: p.files ?? [], order: order?.files ?? [] };
};

/**
 * PUT …/upload/{x}/{id} (multipart uploads[]): adds the files to the order, payment or package (the file calls'
 * checks: name, 10 MB, type from the bytes). A package's files are its attachments: each upload goes to a folder
 * of its own, and a file name uploaded again is the next revision of that attachment (revisionNumber + 1) and
 * raises the package's revisionNumber. Answers the record's files.
 */
export const upload: NamedOperation<'subcontractors.upload'> = async (context) => {
  const kind = context.params.x;
  const id = context.params.id;
  const { found, collection } = await fileRecord(context, kind, id, 'edit');
  const batch = kind === 'package' ? `/${randomUUID()}` : '';
  const answer = await uploadInto(context, `${filesFolder(kind, id)}${batch}`);
  const stored = (await answer.clone().json()) as Array<{
    name: string;
    file: string;
    url: string;
    size: number;
    contentType: string;
    modified: string;
  }>;
  const now = context.now.toISOString();
  const by = actor(context);
  if (kind !== 'package') {
    const files = [
      ...((found.files as Array<{ name: string }>) ?? []).filter((f) => !stored.some((s) => s.name === f.name)),
    ];
    for (const s of stored) files.push({ ...s, added: now, addedById: by.id, addedByFullName: by.fullName } as never);
    await collection.updateOne({ _id: found._id }, { $set: { files } });
    return files;
  }
  const attachments = [...((found.attachments as SubcontractorPackage['attachments']) ?? [])];
  let revised = false;
  for (const s of stored) {
    const previous = attachments.filter((a) => a.fileName === s.name);
    const revisionNumber = previous.reduce((m, a) => Math.max(m, a.revisionNumber), 0) + 1;
    if (previous.length > 0) revised = true;
    attachments.push({
      id: await nextSequence(context.store, 'subcontractorPackageAttachments'),
      fileName: s.name,
      fileUrl: s.url,
      isFolder: false,
      subContractorPackageId: id,
      type: s.contentType.startsWith('image/') ? 'Image' : /dwg|dxf/i.test(s.name) ? 'Drawing' : 'Document',
      added: now,
      addedById: by.id,
      addedByFullName: by.fullName,
      originalPath: s.file,
      revisionNumber,
      isUploaded: true,
    });
  }
  const revisionNumber = Number(found.revisionNumber ?? 0) + (revised ? 1 : 0);
  await collection.updateOne({ _id: found._id }, { $set: { attachments, revisionNumber } });
  return attachments;
};

/**
 * DELETE …/file/delete `{ Url }` (or `{ Urls }`): removes the files from the order, payment or package holding
 * them, and from the file store. 404 when a file is no record's (nothing removed); 403 without edit access on its
 * project.
 */
export const deleteFile: NamedOperation<'subcontractors.deleteFile'> = async (context) => {
  const clientId = tenant(context);
  const { body } = context;
  const urls = body.Urls ?? (body.Url ? [body.Url] : []);
  const paths = urls.map((u) => {
    const m = /[?&]file=([^&]+)/.exec(u);
    return m ? decodeURIComponent(m[1]) : u;
  });
  const plan: Array<{ kind: FileKind; record: FileRecord; path: string }> = [];
  for (const path of paths) {
    const m = /^subcontractors\/(order|payment|package)s\/(\d+)\//.exec(path);
    if (!m) throw new AppError(404, 'files.notFound');
    const { found } = await fileRecord(context, m[1] as FileKind, Number(m[2]), 'edit');
    const held =
      m[1] === 'package'
        ? ((found.attachments as Array<{ originalPath?: string }>) ?? []).some((a) => a.originalPath === path)
        : ((found.files as Array<{ file: string }>) ?? []).some((f) => f.file === path);
    if (!held) throw new AppError(404, 'files.notFound');
    plan.push({ kind: m[1] as FileKind, record: found, path });
  }
  for (const { kind, record, path } of plan) {
    const collection = context.store.collection<FileRecord>(FILE_COLLECTIONS[kind]);
    const fresh = (await collection.findOne({ _id: record._id })) ?? record;
    if (kind === 'package')
      await collection.updateOne(
        { _id: record._id },
        {
          $set: {
            attachments: ((fresh.attachments as Array<{ originalPath?: string }>) ?? []).filter(
              (a) => a.originalPath !== path,
            ),
          },
        },
      );
    else
      await collection.updateOne(
        { _id: record._id },
        { $set: { files: ((fresh.files as Array<{ file: string }>) ?? []).filter((f) => f.file !== path) } },
      );
    await context.store.files.delete(fileKey(clientId, path));
  }
  return { deleted: new Set(plan.map((p) => publicPath(`${clientId}/${p.path}`))).size };
};
