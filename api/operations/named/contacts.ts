/**
 * The named contact calls (administration-data.md §7 Contacts; docs/api.md "Contacts"; docs/decisions.md
 * "Contacts"): contacts assigned to a project, and the country list. The lists (with the organisation's name
 * joined; of an organisation usable on a document: api/hooks/document-parties.ts), the lists the contact form
 * offers, add, get, update, delete, a contact leaving a project and the CSV sheet (api/hooks/contact-sheet.ts) are
 * generic resource handlers (schemas/api/operations.json, schemas/resources/contact.json).
 */
import { AppError } from '../../../engine/errors';
import type { Contact, Organisation, Project } from '../../../engine/types/generated';
import { countries } from '../../hooks/sheet-files';
import type { NamedOperation, OperationContext } from '../../resources/context';
import { withoutStoreKey } from '../../resources/documents';
import type { Filter } from '../../store/port';

const tenant = (context: OperationContext) => context.clientId as number;

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
export async function projectOf(context: OperationContext, id: number): Promise<Project> {
  const project = await context.store.collection<Project>('projects').findOne({ clientId: tenant(context), id });
  if (!project) throw new AppError(404, 'notFound.project');
  return project;
}

/** GET /api/settings/contacts/getallcountries: the country list. */
export const getAllCountries: NamedOperation<'contacts.getAllCountries'> = async () => countries;

/**
 * POST /api/settings/contacts/assign/{projectId} `{ contactIds }`: adds the project to each contact's
 * projectIds (already assigned ones stay as they are).
 * @returns the project's contacts
 * @throws AppError 404 for another client's project or a contact that is not the client's (nothing written)
 */
export const assign: NamedOperation<'contacts.assign'> = async (context) => {
  const project = await projectOf(context, context.params.projectId);
  const { contactIds } = context.body;
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
