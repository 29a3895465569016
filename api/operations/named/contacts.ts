/**
 * The named contact calls (administration-data.md §7 Contacts; docs/api.md "Contacts"; docs/decisions.md
 * "Contacts"): lists with the organisation's name, the project's contacts and their assignment, the lists the
 * contact form offers (roles, organisation types and disciplines, countries), and the CSV import sheet and
 * template (engine/rules/directory-sheets.ts). Add, get, update and delete are the generic resource handlers
 * (schemas/resources/contact.json).
 */
import { AppError } from '../../../engine/errors';
import { contactColumns, contactsFromSheet, sheetCsv } from '../../../engine/rules/directory-sheets';
import type { Contact, LookupValue, Organisation, Project } from '../../../engine/types/generated';
import { ruleHolds, schemas } from '../../../engine/validation/ajv';
import { intParam } from '../../http/body';
import type { NamedOperation, OperationContext } from '../../resources/context';
import { resourceOf } from '../../resources/declarations';
import { newItem } from '../../resources/handlers';
import type { Filter } from '../../store/port';
import { withoutStoreKey } from '../documents';

const tenant = (context: OperationContext) => context.clientId as number;

/** The document kinds a project's contacts and organisations are chosen for (§7 rfi/cvi/submittal/daywork). */
export const documentKinds = ['rfi', 'cvi', 'submittal', 'daywork'] as const;

/** The country list of administration-data.md §3: Ireland and United Kingdom first, then alphabetically. */
export const countries: readonly string[] = (
  schemas.organisation as unknown as { $defs: { country: { enum: string[] } } }
).$defs.country.enum;

/** A contact as the lists answer it: the stored contact and its organisation's name. */
export type ContactRow = Contact & { organizationName: string };

/** The contacts of `filter` (within the tenant) with their organisation's name, by last then first name. */
export async function contactRows(context: OperationContext, filter: Filter = {}): Promise<ContactRow[]> {
  const contacts = await context.store
    .collection<Contact>('contacts')
    .find({ ...filter, clientId: tenant(context) }, { sort: { lastName: 1, firstName: 1, id: 1 } });
  const organisations = await context.store
    .collection<Organisation>('organisations')
    .find({ clientId: tenant(context) });
  const names = new Map(organisations.map((o) => [o.id, o.name]));
  return contacts.map((c) => ({
    ...(withoutStoreKey(c) as Contact),
    organizationName: names.get(c.organizationId) ?? '',
  }));
}

/**
 * The project of the path's `projectId`, of the tenant.
 * @throws AppError 404 for a malformed id or another client's project
 */
export async function projectOf(context: OperationContext): Promise<Project> {
  const id = intParam(context.http, 'projectId');
  const project = await context.store.collection<Project>('projects').findOne({ clientId: tenant(context), id });
  if (!project) throw new AppError(404, 'notFound.project');
  return project;
}

/**
 * The path's document kind.
 * @throws AppError 400 contacts.unknownKind for anything but rfi, cvi, submittal, daywork
 */
export function kindOf(context: OperationContext): (typeof documentKinds)[number] {
  const kind = context.params.kind as (typeof documentKinds)[number];
  if (!documentKinds.includes(kind)) throw new AppError(400, 'contacts.unknownKind');
  return kind;
}

/** The names of the Active lookup values of a type, by name. */
async function activeNames(context: OperationContext, type: string): Promise<string[]> {
  const values = await context.store
    .collection<LookupValue>('lookupValues')
    .find({ clientId: tenant(context), type, status: 'Active' }, { sort: { name: 1 } });
  return values.map((v) => v.name);
}

/** GET /api/settings/contacts/getall: every contact of the client with organizationName. */
export const getall: NamedOperation = (context) => contactRows(context);

/** GET /api/settings/contacts/getall/{projectId}: the contacts assigned to the project. */
export const byProject: NamedOperation = async (context) => {
  const project = await projectOf(context);
  return contactRows(context, { projectIds: project.id });
};

/**
 * GET /api/settings/contacts/getall/{projectId}/{kind}/{organizationId}: the project's contacts of that
 * organisation, when the organisation may receive that kind of document (schemas/rules/organisation.json);
 * an organisation the rule refuses has none.
 * @throws AppError 404 for another client's project or organisation, 400 for an unknown kind
 */
export const byOrganisation: NamedOperation = async (context) => {
  const project = await projectOf(context);
  const kind = kindOf(context);
  const organizationId = intParam(context.http, 'organizationId');
  const organisation = await context.store
    .collection<Organisation>('organisations')
    .findOne({ clientId: tenant(context), id: organizationId });
  if (!organisation) throw new AppError(404, 'organisations.notFound');
  if (!ruleHolds(`https://site-forms.dev/schemas/rules/organisation.json#/$defs/${kind}`, organisation)) return [];
  return contactRows(context, { projectIds: project.id, organizationId });
};

/** GET /api/settings/contacts/GetAllRoles: the Active ContactRole names. */
export const getAllRoles: NamedOperation = (context) => activeNames(context, 'ContactRole');

/** GET …/getalltypes: the Active OrganisationType names. */
export const getAllTypes: NamedOperation = (context) => activeNames(context, 'OrganisationType');

/** GET …/getalldisciplines: the Active OrganisationDiscipline names. */
export const getAllDisciplines: NamedOperation = (context) => activeNames(context, 'OrganisationDiscipline');

/** GET /api/settings/contacts/getallcountries: the country list. */
export const getAllCountries: NamedOperation = async () => countries;

/**
 * POST /api/settings/contacts/assign/{projectId} `{ contactIds }`: adds the project to each contact's
 * projectIds (already assigned ones stay as they are).
 * @returns the project's contacts
 * @throws AppError 404 for another client's project or a contact that is not the client's (nothing written)
 */
export const assign: NamedOperation = async (context) => {
  const project = await projectOf(context);
  const { contactIds } = context.body as { contactIds: number[] };
  const contacts = context.store.collection<Contact>('contacts');
  const found = await contacts.countDocuments({ clientId: tenant(context), id: { $in: contactIds } });
  if (found !== contactIds.length) throw new AppError(404, 'contacts.notFound');
  for (const id of contactIds) {
    const contact = await contacts.findOne({ clientId: tenant(context), id });
    if (!contact || (contact.projectIds ?? []).includes(project.id)) continue;
    await contacts.updateOne(
      { clientId: tenant(context), id },
      { $set: { projectIds: [...(contact.projectIds ?? []), project.id] } },
    );
  }
  return contactRows(context, { projectIds: project.id });
};

/**
 * DELETE /api/settings/contacts/assign/{projectId}/{id}: removes the contact from the project.
 * @throws AppError 404 for another client's project or contact, or a contact not on the project
 */
export const unassign: NamedOperation = async (context) => {
  const project = await projectOf(context);
  const id = intParam(context.http, 'id');
  const contacts = context.store.collection<Contact>('contacts');
  const contact = await contacts.findOne({ clientId: tenant(context), id, projectIds: project.id });
  if (!contact) throw new AppError(404, 'contacts.notFound');
  await contacts.updateOne(
    { clientId: tenant(context), id },
    { $set: { projectIds: (contact.projectIds ?? []).filter((p) => p !== project.id) } },
  );
  return { id };
};

/**
 * The text of the CSV file of a multipart upload (field uploads[]).
 * @throws AppError 415 not multipart, 400 sheet.noFile without a file
 */
export async function uploadedSheet(context: OperationContext): Promise<string> {
  const type = (context.http.req.header('content-type') ?? '').toLowerCase();
  if (!type.startsWith('multipart/form-data')) throw new AppError(415, 'security.unsupportedMediaType');
  let form: FormData;
  try {
    form = await context.http.req.formData();
  } catch {
    throw new AppError(400, 'sheet.noFile');
  }
  const file = [...form.getAll('uploads[]'), ...form.getAll('uploads')].find(
    (f): f is File => typeof f === 'object' && f !== null && 'text' in f,
  );
  if (!file) throw new AppError(400, 'sheet.noFile');
  const bytes = new Uint8Array(await file.arrayBuffer());
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new AppError(400, 'sheet.notCsv');
  }
}

/**
 * Writes the rows of an import, all or none: every new item is prepared (id, audit, schema) and every update
 * merged and checked before the first write, and the writes are one transaction (unique keys are the store's
 * indexes).
 */
export async function writeSheetItems(
  context: OperationContext,
  resourceName: 'contact' | 'organisation',
  items: Array<{ id?: number; fields: object }>,
  clearable: readonly string[],
): Promise<number> {
  const resource = resourceOf(resourceName);
  const adds: Record<string, unknown>[] = [];
  const updates: Array<{ id: number; set: Record<string, unknown>; unset: Record<string, ''> }> = [];
  const at = context.now.toISOString();
  for (const item of items) {
    if (item.id === undefined) adds.push(await newItem(context, resource, { ...item.fields }));
    else {
      const unset = Object.fromEntries(clearable.filter((f) => !(f in item.fields)).map((f) => [f, ''] as const));
      const set = {
        ...item.fields,
        modified: at,
        modifiedBy: context.user?.fullName ?? '',
        modifiedById: context.user?.id ?? 0,
      };
      updates.push({ id: item.id, set, unset });
    }
  }
  // All or none: one transaction (a name taken meanwhile is refused by the unique index, and nothing stays).
  await context.store.withTransaction(async (tx) => {
    const collection = tx.collection<Record<string, unknown>>(resource.collection);
    for (const item of adds) await collection.insertOne(item);
    for (const u of updates)
      await collection.updateOne(
        { clientId: tenant(context), id: u.id },
        Object.keys(u.unset).length > 0 ? { $set: u.set, $unset: u.unset } : { $set: u.set },
      );
  });
  return items.length;
}

/** An import's refusal: 400 with the summary and one detail per problem. */
export function sheetError(result: Extract<ReturnType<typeof contactsFromSheet>, { ok: false }>): AppError {
  return new AppError(400, result.messageId, result.params, result.problems);
}

/**
 * PUT /api/settings/contacts/upload (multipart uploads[]): imports a contacts sheet, all rows or none.
 * @returns `{ count }`, the contacts added or updated
 * @throws AppError 400 with the per-row report (details) when any row is wrong; nothing is written
 */
export const upload: NamedOperation = async (context) => {
  const text = await uploadedSheet(context);
  const organisations = await context.store
    .collection<Organisation>('organisations')
    .find({ clientId: tenant(context) });
  const stored = await context.store.collection<Contact>('contacts').find({ clientId: tenant(context) });
  const provinces = await context.store
    .collection<LookupValue>('lookupValues')
    .find({ clientId: tenant(context), type: 'ContactLocation' });
  const result = contactsFromSheet(text, {
    organisations,
    roles: await activeNames(context, 'ContactRole'),
    provinces: provinces.map((p) => p.name),
    countries,
    contactIds: new Set(stored.map((c) => c.id)),
  });
  if (!result.ok) throw sheetError(result);
  const clearable = ['email', 'mobileNumber', 'telephoneNumber', 'country', 'province', 'city'];
  return { count: await writeSheetItems(context, 'contact', result.items, clearable) };
};

/** A CSV answer named `name`. */
export function csvResponse(text: string, name: string): Response {
  return new Response(text, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(name)}`,
      'Cache-Control': 'private, no-store',
    },
  });
}

/**
 * The path's withData flag.
 * @throws AppError 404 for anything but true or false
 */
export function withDataOf(context: OperationContext): boolean {
  const flag = context.params.withData;
  if (flag !== 'true' && flag !== 'false') throw new AppError(404, 'notFound.generic');
  return flag === 'true';
}

/** GET /api/settings/contacts/download/{withData}: the template, 'Contacts.csv', with every contact when true. */
export const download: NamedOperation = async (context) => {
  const rows = withDataOf(context)
    ? (await contactRows(context)).map((c) => ({ ...c, organisation: c.organizationName }))
    : [];
  return csvResponse(sheetCsv(contactColumns, rows), 'Contacts.csv');
};
