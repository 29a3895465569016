import { organisationColumns, organisationsFromSheet, sheetCsv } from '../../../engine/rules/directory-sheets';
import type { Contact, LookupValue, Organisation } from '../../../engine/types/generated';
import { ruleHolds } from '../../../engine/validation/ajv';
import type { NamedOperation, OperationContext } from '../../resources/context';
import { withoutStoreKey } from '../../resources/documents';
import { countries, csvResponse, projectOf, sheetError, uploadedSheet, writeSheetItems } from './contacts';

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

async function names(context: OperationContext, type: string): Promise<string[]> {
  const values = await context.store
    .collection<LookupValue>('lookupValues')
    .find({ clientId: tenant(context), type, status: 'Active' });
  return values.map((v) => v.name);
}

/**
 * PUT /api/settings/Organizations/upload (multipart uploads[]): imports an organisations sheet, all rows or none.
 * @returns `{ count }`, the organisations added or updated
 * @throws AppError 400 with the per-row report (details) when any row is wrong; nothing is written
 */
export const upload: NamedOperation<'organisations.upload'> = async (context) => {
  const text = await uploadedSheet(context);
  const organisations = await context.store
    .collection<Organisation>('organisations')
    .find({ clientId: tenant(context) });
  const result = organisationsFromSheet(text, {
    organisations,
    types: await names(context, 'OrganisationType'),
    disciplines: await names(context, 'OrganisationDiscipline'),
    countries,
  });
  if (!result.ok) throw sheetError(result);
  const clearable = ['address', 'postalCode', 'city', 'province', 'country', 'type', 'discipline'];
  return { count: await writeSheetItems(context, 'organisation', result.items, clearable) };
};

/** GET /api/settings/Organizations/download/{withData}: the template, 'Organisations.csv', with every organisation when true. */
export const download: NamedOperation<'organisations.download'> = async (context) => {
  const rows = context.params.withData
    ? await context.store
        .collection<Organisation>('organisations')
        .find({ clientId: tenant(context) }, { sort: { name: 1 } })
    : [];
  return csvResponse(sheetCsv(organisationColumns, rows), 'Organisations.csv');
};
