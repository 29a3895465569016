/**
 * The employee calls of administration-data.md §7 "Employees (base /api/settings/employees)" that no generic
 * handler can say (the lists of one field's value are generic catalogue entries): add and change an employee
 * with its role from the roles list and its accesses, delete, activate and deactivate, the access calls,
 * assign and unassign a platform user, invite (a Pending user with a one-time set-password link), the CSV
 * upload (all or nothing) and the template download. Every change of an employee's access is written to the
 * linked user in the same call (api/operations/employees.ts syncUserAccess; docs/access.md "Employees").
 * Access: admin (catalogue), tenant-scoped; another client's employee is 404.
 */
import { createHash, randomBytes } from 'node:crypto';
import { format } from 'date-fns';
import { AppError, detail, type ErrorDetail } from '../../../engine/errors';
import { EMPLOYEE_FLAGS, type EmployeeAccessFields } from '../../../engine/rules/employee-access';
import { checkEmployeeCsv } from '../../../engine/rules/employee-import';
import type { Client, Invitation } from '../../../engine/types/generated';
import { ruleHolds, validateSchema } from '../../../engine/validation/ajv';
import { hashPassword } from '../../auth/passwords';
import { forgetSessions } from '../../auth/sessions';
import type { UserDoc } from '../../auth/types';
import { keepOwnAdmin as keepOwnAdminAccess } from '../../hooks/employee-access';
import { nextSequence } from '../../ids';
import { queueMail } from '../../mail/outbox';
import { invitationMail } from '../../mail/templates';
import { publicOrigin } from '../../qr/token';
import type { NamedOperation, OperationContext } from '../../resources/context';
import { resourceOf } from '../../resources/declarations';
import { withoutStoreKey } from '../../resources/documents';
import { newItem } from '../../resources/handlers';
import { inTransaction } from '../../resources/transaction';
import {
  type EmployeeDoc,
  employeeCollection,
  linkUser,
  removeUserFromClient,
  rolesOf,
  syncUserAccess,
} from '../employees';

/** How long a set-password link works: 7 days. */
export const INVITATION_TTL_MS = 7 * 24 * 3600_000;

const PERSON_FIELDS = [
  'employeeNumber',
  'firstName',
  'lastName',
  'email',
  'mobile',
  'landline',
  'startDate',
  'role',
  'type',
] as const;
const ACCESS_FIELDS = [...EMPLOYEE_FLAGS, 'projectAccesses'] as const;

const _employee = () => resourceOf('employee');

function tenant(context: OperationContext): number {
  if (context.clientId === undefined) throw new AppError(409, 'auth.noClientSelected');
  return context.clientId;
}

/** Stamps the modified fields of an audited write. */
function modified(context: OperationContext) {
  return {
    modified: context.now.toISOString(),
    modifiedBy: context.user?.fullName ?? '',
    modifiedById: context.user?.id ?? 0,
  };
}

/** The client's employee `id`, checked against the operation's rule (409) when it has one. @throws 404 */
async function findEmployee(context: OperationContext, id: number): Promise<EmployeeDoc> {
  const found = await employeeCollection(context.store).findOne({ clientId: tenant(context), id });
  if (!found) throw new AppError(404, 'employees.notFound');
  checkRule(context, found);
  return found;
}

function checkRule(context: OperationContext, item: EmployeeDoc): void {
  const rule = context.operation.rule;
  if (rule && !ruleHolds(rule.$ref, item)) throw new AppError(rule.status, rule.messageId as never);
}

/** Refuses a change that takes away the caller's own settings access (api/hooks/employee-access.ts). */
function keepOwnAdmin(context: OperationContext, before: EmployeeDoc, after: EmployeeDoc | null): void {
  keepOwnAdminAccess({ context }, before, after);
}

/** The access fields of a body: every flag (absent = false) and the project accesses. */
function _accessFields(body: Partial<EmployeeAccessFields>): EmployeeAccessFields {
  const fields: EmployeeAccessFields = { projectAccesses: body.projectAccesses ?? [] };
  for (const flag of EMPLOYEE_FLAGS) if (body[flag] === true) fields[flag] = true;
  return fields;
}

/** The stored employee without the access fields (to be replaced). */
function _withoutAccess(item: EmployeeDoc): EmployeeDoc {
  const copy = { ...item };
  for (const field of ACCESS_FIELDS) delete copy[field];
  return copy;
}

/**
 * Writes a changed employee (checked against its entity schema first) and syncs its user: fields `after` no
 * longer has are removed from the stored item.
 * @throws AppError 409 employees.ownAccess (keepOwnAdmin), 400 when the item would not satisfy the entity schema
 */
async function save(context: OperationContext, before: EmployeeDoc, after: EmployeeDoc): Promise<EmployeeDoc> {
  keepOwnAdmin(context, before, after);
  const { _id, ...fields } = { ...after, ...modified(context) };
  const result = validateSchema('employee', fields);
  if (!result.ok)
    throw new AppError(400, 'validation.invalidBody', { details: result.details[0]?.message ?? '' }, result.details);
  const gone = Object.keys(before).filter((key) => key !== '_id' && !(key in fields));
  await employeeCollection(context.store).updateOne(
    { _id: before._id },
    gone.length > 0 ? { $set: fields, $unset: Object.fromEntries(gone.map((key) => [key, ''])) } : { $set: fields },
  );
  await syncUserAccess(context.store, fields as EmployeeDoc);
  return withoutStoreKey(fields as EmployeeDoc) as EmployeeDoc;
}

/** A user of the client by id (assign): 404 employees.unknownUser otherwise. */
async function clientUser(context: OperationContext, userId: number): Promise<UserDoc> {
  const user = await context.store.collection<UserDoc>('users').findOne({ id: userId });
  if (!user?.clientIds.includes(tenant(context))) throw new AppError(404, 'employees.unknownUser');
  return user;
}

/** Links an employee to a user: status Assigned (Pending while the user has not set a password yet). */
async function assignTo(context: OperationContext, current: EmployeeDoc, user: UserDoc): Promise<unknown> {
  const next: EmployeeDoc = {
    ...current,
    userId: user.id,
    status: user.status === 'Pending' && !user.passwordHash ? 'Pending' : 'Assigned',
  };
  keepOwnAdmin(context, current, next);
  await linkUser(context.store, next, user);
  return save(context, current, next);
}

/**
 * POST /api/settings/employees/assign/{id}: links the employee to the platform user with the employee's e-mail
 * (a user of another client joins this one).
 * @throws AppError 409 employees.noUser when no user has that e-mail (invite instead)
 */
export const assignOne: NamedOperation<'employees.assignOne'> = inTransaction(async (context) => {
  const current = await findEmployee(context, context.params.id);
  const email = current.email?.toLowerCase();
  const user = email ? await context.store.collection<UserDoc>('users').findOne({ email }) : null;
  if (!user) throw new AppError(409, 'employees.noUser');
  return assignTo(context, current, user);
});

/**
 * POST /api/settings/employees/assign/ `{ id, userId }`: links the employee to a user of the client, or with
 * userId null unlinks it (the user leaves the client; the employee's status is Unassigned).
 */
export const assign: NamedOperation<'employees.assign'> = inTransaction(async (context) => {
  const { body } = context;
  const current = await findEmployee(context, body.id);
  if (body.userId !== null) return assignTo(context, current, await clientUser(context, body.userId));
  if (current.userId === undefined) throw new AppError(409, 'employees.notAssigned');
  keepOwnAdmin(context, current, null);
  const { userId, invitedAt, ...rest } = current;
  await removeUserFromClient(context.store, userId, current.clientId);
  return save(context, current, { ...rest, status: 'Unassigned' } as EmployeeDoc);
});

function digest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * PUT /api/settings/employees/invite/ `{ id }`: creates a Pending user with the employee's e-mail and name (no
 * password), links it, and makes a one-time set-password link (7 days; only its SHA-256 is stored). The link is
 * e-mailed (an invitation message queued in this call's transaction, api/mail/templates.ts; or, when createApp
 * was given one, delivered by its invitation sender) and answered to the administrator as a fallback.
 * @throws AppError 409 employees.cannotInvite (rule canInvite), 409 employees.emailInUse when a user has the
 *   e-mail already (assign instead)
 */
export const invite: NamedOperation<'employees.invite'> = inTransaction(async (context) => {
  const clientId = tenant(context);
  const current = await findEmployee(context, context.body.id);
  if (!ruleHolds('https://site-forms.dev/schemas/rules/employee.json#/$defs/canInvite', current))
    throw new AppError(409, 'employees.cannotInvite');
  const email = String(current.email).toLowerCase();
  const users = context.store.collection<UserDoc>('users');
  if (await users.findOne({ email })) throw new AppError(409, 'employees.emailInUse');
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(context.now.getTime() + INVITATION_TTL_MS).toISOString();
  const link = `${publicOrigin(context.http)}/invitation/${token}`;
  const client = await context.store
    .collection<Client & { [key: string]: unknown }>('clients')
    .findOne({ id: clientId });
  const fullName = `${current.firstName} ${current.lastName}`;
  const sender = context.http.get('invitationSender');
  // A sender plugged in (createApp's invitationSender) delivers first: one that fails leaves nothing behind.
  // By default the invitation e-mail is queued in this transaction (sent for the user kept, never for a rollback).
  if (sender) await sender.send({ email, fullName, clientName: client?.name ?? '', link, expiresAt });
  else
    await queueMail(
      context.store,
      invitationMail({
        clientId,
        to: { name: fullName, address: email },
        clientName: client?.name ?? '',
        link,
        expiresAt,
      }),
      context.now,
    );
  const userId = await nextSequence(context.store, 'users');
  await users.insertOne({
    id: userId,
    fullName,
    email,
    status: 'Pending',
    processes: [],
    clientIds: [clientId],
    currentClient: clientId,
    accesses: [],
  } as unknown as UserDoc);
  const invitation = (await newItem(context, resourceOf('invitation'), {
    tokenHash: digest(token),
    userId,
    employeeId: current.id,
    expiresAt,
  })) as Invitation & { [key: string]: unknown };
  await context.store.collection('invitations').insertOne(invitation);
  const next: EmployeeDoc = { ...current, userId, status: 'Pending', invitedAt: context.now.toISOString() };
  const saved = await save(context, current, next);
  return { link, email, expiresAt, employee: saved };
});

/**
 * PUT /api/authorization/invitation/{token} `{ password }` (public): sets the invited user's password (the
 * SHA-512 the browser sends, stored as argon2id), makes the user Active and the employee Assigned, and uses the
 * link up. 204.
 * @throws AppError 404 invitation.invalid for an unknown, used or expired link
 */
export const setPassword: NamedOperation<'auth.setPassword'> = inTransaction(async (context) => {
  const { token } = context.params;
  const invitations = context.store.collection<Invitation & { [key: string]: unknown }>('invitations');
  const found = /^[A-Za-z0-9_-]{43}$/.test(token) ? await invitations.findOne({ tokenHash: digest(token) }) : null;
  if (!found || found.usedAt || Date.parse(found.expiresAt) <= context.now.getTime())
    throw new AppError(404, 'invitation.invalid');
  // One use: marking it used first means two concurrent uses cannot both set a password.
  const claimed = await invitations.updateOne(
    { _id: found._id, usedAt: { $exists: false } },
    { $set: { usedAt: context.now.toISOString() } },
  );
  if (claimed.modifiedCount !== 1) throw new AppError(404, 'invitation.invalid');
  const passwordHash = await hashPassword(context.body.password);
  await context.store
    .collection<UserDoc>('users')
    .updateOne(
      { id: found.userId },
      { $set: { passwordHash, status: 'Active', passwordChangedAt: context.now.toISOString() } },
    );
  forgetSessions(context.store, { userId: found.userId });
  await employeeCollection(context.store).updateOne(
    { clientId: found.clientId, id: found.employeeId, userId: found.userId },
    { $set: { status: 'Assigned' } },
  );
  return context.http.body(null, 204);
});

/**
 * PUT /api/settings/employees/upload (multipart uploads[]: one .csv file): every row checked first
 * (engine/rules/employee-import.ts); any problem answers 400 employees.import.failed with every problem in
 * `details` and saves nothing. Otherwise a row whose Employee Number is an employee's (ignoring case) updates
 * that employee's fields, the others are added in one write. Answers `{ created, updated }`.
 */
export const upload: NamedOperation<'employees.upload'> = inTransaction(async (context) => {
  const clientId = tenant(context);
  const type = (context.http.req.header('content-type') ?? '').toLowerCase();
  if (!type.startsWith('multipart/form-data')) throw new AppError(415, 'security.unsupportedMediaType');
  const form = await context.http.req.formData();
  const files = [...form.getAll('uploads[]'), ...form.getAll('uploads')].filter(
    (f): f is File => typeof f === 'object' && f !== null && 'arrayBuffer' in f && 'name' in f,
  );
  if (files.length !== 1 || !/\.csv$/i.test(files[0].name)) throw new AppError(400, 'employees.import.notCsv');
  const text = new TextDecoder('utf-8').decode(await files[0].arrayBuffer());
  const checked = checkEmployeeCsv(text, await rolesOf(context.store, clientId));
  if (!checked.ok) throw importFailed(checked.problems);
  const collection = employeeCollection(context.store);
  const existing = await collection.find({ clientId });
  const byNumber = new Map(existing.map((e) => [e.employeeNumber.toLowerCase(), e]));
  const emails = new Map(existing.filter((e) => e.email).map((e) => [String(e.email).toLowerCase(), e.id]));
  const stamp = { ...modified(context) };
  const creates: EmployeeDoc[] = [];
  const updates: { before: EmployeeDoc; after: EmployeeDoc }[] = [];
  const problems: ErrorDetail[] = [];
  for (const { line, ...row } of checked.rows) {
    const before = byNumber.get(row.employeeNumber.toLowerCase());
    const emailOwner = row.email ? emails.get(row.email.toLowerCase()) : undefined;
    if (emailOwner !== undefined && emailOwner !== before?.id) {
      problems.push(
        detail(`/rows/${line}/Email`, 'employees.import.emailTaken', { row: line, value: row.email ?? '' }),
      );
      continue;
    }
    if (row.email) emails.set(row.email.toLowerCase(), before?.id ?? -line);
    if (before) {
      const after: EmployeeDoc = { ...before, ...stamp };
      for (const field of PERSON_FIELDS) delete after[field];
      updates.push({ before, after: { ...after, ...row } });
    } else
      creates.push({
        ...row,
        startDate: row.startDate ?? format(context.now, 'yyyy-MM-dd'),
        id: 0,
        clientId,
        isActive: true,
        status: 'Unassigned',
        projectAccesses: [],
        created: stamp.modified,
        createdBy: stamp.modifiedBy,
        createdById: stamp.modifiedById,
        ...stamp,
      });
  }
  if (problems.length > 0) throw importFailed(problems);
  // The new employees' ids in one counter step, then one write of them all.
  if (creates.length > 0) {
    const counter = await context.store
      .collection<{ name: string; value: number; [key: string]: unknown }>('counters')
      .findOneAndUpdate(
        { name: 'employees' },
        { $inc: { value: creates.length } },
        { upsert: true, returnDocument: 'after' },
      );
    const last = Number(counter?.value);
    creates.forEach((item, i) => {
      item.id = last - creates.length + 1 + i;
    });
    await collection.insertMany(creates);
  }
  // One after another: the whole upload is one transaction (one COMMIT and one fsync on the embedded store;
  // MongoDB runs the operations of a transaction one at a time).
  for (const { before, after } of updates) {
    const { _id, ...fields } = after;
    await collection.updateOne({ _id: before._id }, { $set: fields });
    if (fields.userId !== undefined && fields.role !== before.role)
      await syncUserAccess(context.store, fields as EmployeeDoc);
  }
  return { created: creates.length, updated: updates.length };
});

/** A refused upload: 400 'The file was not imported (problems found: {count}). Nothing was saved.', each problem in details. */
function importFailed(problems: ErrorDetail[]): AppError {
  return new AppError(400, 'employees.import.failed', { count: problems.length }, problems);
}
