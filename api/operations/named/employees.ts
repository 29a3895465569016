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
import { can } from '../../../engine/rules/access';
import {
  accessOfEmployee,
  EMPLOYEE_FLAGS,
  type EmployeeAccessFields,
  withProjectAccess,
} from '../../../engine/rules/employee-access';
import { checkEmployeeCsv, employeeCsv } from '../../../engine/rules/employee-import';
import type {
  Client,
  EmployeeAccesses,
  EmployeeAssign,
  EmployeeInput,
  EmployeeInvite,
  EmployeeProjectAccess,
  Invitation,
  SetPasswordRequest,
} from '../../../engine/types/generated';
import { ruleHolds, validateSchema } from '../../../engine/validation/ajv';
import { hashPassword } from '../../auth/passwords';
import { forgetSessions } from '../../auth/sessions';
import type { UserDoc } from '../../auth/types';
import { nextSequence } from '../../ids';
import { logInvitationSender } from '../../mail/invitation-sender';
import { publicOrigin } from '../../qr/token';
import type { NamedOperation, OperationContext } from '../../resources/context';
import { resourceOf } from '../../resources/declarations';
import { findItem, newItem } from '../../resources/handlers';
import { inTransaction } from '../../resources/transaction';
import { withoutStoreKey } from '../documents';
import {
  checkedProjectAccesses,
  type EmployeeDoc,
  employeeCollection,
  linkUser,
  removeUserFromClient,
  roleName,
  rolesOf,
  syncUserAccess,
  withoutEmptyTexts,
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

const employee = () => resourceOf('employee');

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

/** The stored employee the path names (`id`), checked against the operation's rule (409) when it has one. */
async function pathEmployee(context: OperationContext, param = 'id'): Promise<EmployeeDoc> {
  const found = (await findItem(
    { ...context, params: { id: context.params[param] ?? '' } },
    employee(),
  )) as EmployeeDoc;
  checkRule(context, found);
  return found;
}

/** The employee a body names by `id`: 404 when it is not one of the client's. */
async function bodyEmployee(context: OperationContext, id: number): Promise<EmployeeDoc> {
  return pathEmployee({ ...context, params: { id: String(id) } });
}

function checkRule(context: OperationContext, item: EmployeeDoc): void {
  const rule = context.operation.rule;
  if (rule && !ruleHolds(rule.$ref, item)) throw new AppError(rule.status, rule.messageId as never);
}

/**
 * Refuses a change that would take away the calling administrator's own settings access (their own employee's
 * flags, deactivation, deletion or unlinking): an admin cannot lock themselves out of the Admin pages.
 * @throws AppError 409 employees.ownAccess
 */
function keepOwnAdmin(context: OperationContext, before: EmployeeDoc, after: EmployeeDoc | null): void {
  const user = context.user;
  if (!user || before.userId !== user.id) return;
  const access = after && after.userId === user.id ? accessOfEmployee(after) : null;
  if (!can({ processes: user.processes, access }, 'admin', { area: 'settings' }))
    throw new AppError(409, 'employees.ownAccess');
}

/** The access fields of a body: every flag (absent = false) and the project accesses. */
function accessFields(body: Partial<EmployeeAccessFields>): EmployeeAccessFields {
  const fields: EmployeeAccessFields = { projectAccesses: body.projectAccesses ?? [] };
  for (const flag of EMPLOYEE_FLAGS) if (body[flag] === true) fields[flag] = true;
  return fields;
}

/** The stored employee without the access fields (to be replaced). */
function withoutAccess(item: EmployeeDoc): EmployeeDoc {
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

/** POST /api/settings/employees: a new employee (active, no account yet); startDate defaults to today. */
export const create: NamedOperation = async (context) => {
  const clientId = tenant(context);
  const body = withoutEmptyTexts(context.body as EmployeeInput & Record<string, unknown>);
  const name = await roleName(context.store, clientId, body.role);
  const projectAccesses = await checkedProjectAccesses(context.store, clientId, body.projectAccesses);
  const item = (await newItem(context, employee(), {
    ...body,
    ...accessFields(body),
    projectAccesses,
    startDate: body.startDate ?? format(context.now, 'yyyy-MM-dd'),
    roleName: name,
    isActive: true,
    status: 'Unassigned',
  })) as EmployeeDoc;
  await employeeCollection(context.store).insertOne(item);
  return withoutStoreKey(item);
};

/**
 * PUT /api/settings/employees/{id}: the employee's fields replaced by the body's (an optional field left out is
 * cleared); its flags too when the body holds any flag, its project accesses when the body holds them; else they
 * stay. The linked user's access follows at once.
 */
export const update: NamedOperation = inTransaction(async (context) => {
  const clientId = tenant(context);
  const current = await pathEmployee(context);
  const body = withoutEmptyTexts(context.body as EmployeeInput & Record<string, unknown>);
  const name = await roleName(context.store, clientId, body.role);
  const next: EmployeeDoc = { ...current, roleName: name };
  for (const field of PERSON_FIELDS) delete next[field];
  Object.assign(next, Object.fromEntries(PERSON_FIELDS.filter((f) => body[f] !== undefined).map((f) => [f, body[f]])));
  // The flags are replaced when the body holds any flag, the project accesses when it holds them.
  if (EMPLOYEE_FLAGS.some((f) => body[f] !== undefined))
    for (const flag of EMPLOYEE_FLAGS) {
      if (body[flag] === true) next[flag] = true;
      else delete next[flag];
    }
  if (body.projectAccesses !== undefined)
    next.projectAccesses = await checkedProjectAccesses(context.store, clientId, body.projectAccesses);
  return save(context, current, next);
});

/** DELETE /api/settings/employees/{id}: the employee goes, and their user leaves the client. */
export const remove: NamedOperation = inTransaction(async (context) => {
  const current = await pathEmployee(context);
  keepOwnAdmin(context, current, null);
  await employeeCollection(context.store).deleteOne({ _id: current._id });
  if (current.userId !== undefined) await removeUserFromClient(context.store, current.userId, current.clientId);
  return { id: current.id };
});

/** PUT /api/settings/employees/activate/{id}, /deactivate/{id}: isActive, the user's access following (rule: 409). */
function setActive(isActive: boolean): NamedOperation {
  return inTransaction(async (context) => {
    const current = await pathEmployee(context);
    return save(context, current, { ...current, isActive });
  });
}
export const activate = setActive(true);
export const deactivate = setActive(false);

/** PUT /api/settings/employees/updateaccesses: the flags and project accesses replaced. */
export const updateAccesses: NamedOperation = inTransaction(async (context) => {
  const body = context.body as EmployeeAccesses;
  const current = await bodyEmployee(context, body.id);
  const projectAccesses = await checkedProjectAccesses(context.store, tenant(context), body.projectAccesses);
  return save(context, current, { ...withoutAccess(current), ...accessFields(body), projectAccesses });
});

/** DELETE /api/settings/employees/{id}/removeaccesses: no flags, no project accesses. */
export const removeAccesses: NamedOperation = inTransaction(async (context) => {
  const current = await pathEmployee(context);
  return save(context, current, { ...withoutAccess(current), projectAccesses: [] });
});

/** PUT /api/settings/employees/updateProjectAccess: one project's access set (Edit, View) or removed (null). */
export const updateProjectAccess: NamedOperation = inTransaction(async (context) => {
  const body = context.body as EmployeeProjectAccess;
  const current = await bodyEmployee(context, body.id);
  const list = withProjectAccess(current.projectAccesses, body.projectId, body.activity, body.accessCodes);
  const projectAccesses = await checkedProjectAccesses(context.store, tenant(context), list);
  return save(context, current, { ...current, projectAccesses });
});

/** GET /api/settings/employees/getassigned: the employees linked to a user (invited or assigned), by name. */
export const assigned: NamedOperation = async (context) => {
  const items = await employeeCollection(context.store).find(
    { clientId: tenant(context), userId: { $exists: true } },
    { sort: { lastName: 1, firstName: 1 } },
  );
  return items.map(withoutStoreKey);
};

/** GET /api/settings/employees/active/getalladminsandmanagers: active employees of type Administration or Management. */
export const adminsAndManagers: NamedOperation = async (context) => {
  const items = await employeeCollection(context.store).find(
    { clientId: tenant(context), isActive: true, type: { $in: ['Administration', 'Management'] } },
    { sort: { lastName: 1, firstName: 1 } },
  );
  return items.map(withoutStoreKey);
};

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
export const assignOne: NamedOperation = inTransaction(async (context) => {
  const current = await pathEmployee(context);
  const email = current.email?.toLowerCase();
  const user = email ? await context.store.collection<UserDoc>('users').findOne({ email }) : null;
  if (!user) throw new AppError(409, 'employees.noUser');
  return assignTo(context, current, user);
});

/**
 * POST /api/settings/employees/assign/ `{ id, userId }`: links the employee to a user of the client, or with
 * userId null unlinks it (the user leaves the client; the employee's status is Unassigned).
 */
export const assign: NamedOperation = inTransaction(async (context) => {
  const body = context.body as EmployeeAssign;
  const current = await bodyEmployee(context, body.id);
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
 * delivered by the app's invitation sender (default: the server log) and answered to the administrator.
 * @throws AppError 409 employees.cannotInvite (rule canInvite), 409 employees.emailInUse when a user has the
 *   e-mail already (assign instead)
 */
export const invite: NamedOperation = inTransaction(async (context) => {
  const clientId = tenant(context);
  const current = await bodyEmployee(context, (context.body as EmployeeInvite).id);
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
  const sender = context.http.get('invitationSender') ?? logInvitationSender;
  // Delivered first: a sender that fails leaves nothing behind.
  await sender.send({ email, fullName, clientName: client?.name ?? '', link, expiresAt });
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
export const setPassword: NamedOperation = inTransaction(async (context) => {
  const token = context.params.token ?? '';
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
  const passwordHash = await hashPassword((context.body as SetPasswordRequest).password);
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
export const upload: NamedOperation = inTransaction(async (context) => {
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

/**
 * GET /api/settings/employees/download/{withData}: the CSV template (header row), with `true` one row per
 * employee of the client by employee number. 400 for another value than true or false.
 */
export const download: NamedOperation = async (context) => {
  const withData = context.params.withData;
  if (withData !== 'true' && withData !== 'false') throw new AppError(400, 'validation.badRequest');
  const items =
    withData === 'true'
      ? await employeeCollection(context.store).find({ clientId: tenant(context) }, { sort: { employeeNumber: 1 } })
      : [];
  const name = withData === 'true' ? 'Employees.csv' : 'Employees template.csv';
  return new Response(employeeCsv(items), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(name)}`,
    },
  });
};
