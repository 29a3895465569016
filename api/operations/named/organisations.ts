/**
 * The named organisation call (administration-data.md §7 Organisations): the organisations usable on a project's
 * document. The lists, add, get, update, delete and the CSV sheet (api/hooks/organisation-sheet.ts) are generic
 * resource handlers (schemas/api/operations.json, schemas/resources/organisation.json).
 */
import type { Contact, Organisation } from '../../../engine/types/generated';
import { ruleHolds } from '../../../engine/validation/ajv';
import type { NamedOperation, OperationContext } from '../../resources/context';
import { withoutStoreKey } from '../../resources/documents';
import { projectOf } from './contacts';

const tenant = (context: OperationContext) => context.clientId as number;

/**
 * GET /api/settings/Organizations/getall/{projectId}/{kind}/{id}: the organisations with a contact assigned to
 * the project that the kind's rule admits (schemas/rules/organisation.json: daywork only Subcontractor), plus
 * the document's current organisation `id` (0 for a new document) so an existing document still shows it;
 * by name.
 * @throws AppError 404 for another client's project or a malformed id, 400 for an unknown kind
 */
export const forDocument: NamedOperation<'organisations.forDocument'> = async (context) => {
  const { kind, id: current } = context.params;
  const project = await projectOf(context, context.params.projectId);
  const contacts = await context.store
    .collection<Contact>('contacts')
    .find({ clientId: tenant(context), projectIds: project.id });
  const onProject = new Set(contacts.map((c) => c.organizationId));
  const organisations = await context.store
    .collection<Organisation>('organisations')
    .find({ clientId: tenant(context) }, { sort: { name: 1 } });
  return organisations
    .filter(
      (o) =>
        o.id === current ||
        (onProject.has(o.id) && ruleHolds(`https://site-forms.dev/schemas/rules/organisation.json#/$defs/${kind}`, o)),
    )
    .map(withoutStoreKey);
};
