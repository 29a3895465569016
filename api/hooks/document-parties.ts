/**
 * Who may be chosen on a project's document (administration-data.md §7 Organisations and Contacts "getall/{projectId}
 * /{kind}/…"; docs/decisions.md "Contacts", "Organisations"): the organisations with a contact on the project that
 * the kind's rule admits (schemas/rules/organisation.json: daywork only Subcontractor), and their contacts.
 */
import { AppError } from '../../engine/errors';
import type { Contact, Organisation } from '../../engine/types/generated';
import { ruleHolds } from '../../engine/validation/ajv';
import type { AfterReadHook, Item, WhereHook } from '../resources/hooks';

/** Whether `organisation` may receive documents of `kind` (rfi, cvi, submittal, daywork). */
function takesKind(organisation: Organisation, kind: unknown): boolean {
  return ruleHolds(`https://site-forms.dev/schemas/rules/organisation.json#/$defs/${String(kind)}`, organisation);
}

/**
 * where of GET …/contacts/getall/{projectId}/{kind}/{organizationId}: the path's organisation (404
 * organisations.notFound for another client's) has contacts for the kind only when its rule admits the kind.
 */
export const organisationTakesKind: WhereHook = async ({ context, store }) => {
  const organisation = await store
    .collection<Organisation>('organisations')
    .findOne({ clientId: context.clientId, id: context.params.organizationId });
  if (!organisation) throw new AppError(404, 'organisations.notFound');
  return takesKind(organisation, context.params.kind) ? {} : false;
};

/**
 * afterRead of GET …/Organizations/getall/{projectId}/{kind}/{id}: the organisations with a contact assigned to the
 * project that the kind's rule admits, plus the document's current organisation `id` (0 for a new document), so
 * an existing document still shows it.
 */
export const usableOnDocument: AfterReadHook<Organisation & Item> = async (organisations, { context, store }) => {
  const { projectId, kind, id: current } = context.params;
  const contacts = await store
    .collection<Contact>('contacts')
    .find({ clientId: context.clientId, projectIds: projectId }, { projection: { organizationId: 1 } });
  const onProject = new Set(contacts.map((c) => c.organizationId));
  return organisations.filter((o) => o.id === current || (onProject.has(o.id) && takesKind(o, kind)));
};
