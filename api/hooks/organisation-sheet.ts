/**
 * The organisations sheet (administration-data.md §7 Organisations "upload", "download";
 * engine/rules/directory-sheets.ts): PUT /api/settings/Organizations/upload imports it (the `import` kind, all rows
 * or none) and GET …/download/{withData} answers 'Organisations.csv', the template or (withData) every organisation.
 */
import { organisationColumns, organisationsFromSheet, sheetCsv } from '../../engine/rules/directory-sheets';
import type { Organisation } from '../../engine/types/generated';
import type { Item, Sheet } from '../resources/hooks';
import { countries, lookupNames, sheetRefusal, sheetText } from './sheet-files';

export const organisationSheet: Sheet = {
  import: {
    async read(files, args) {
      const text = await sheetText(files);
      const organisations = await args.store
        .collection<Organisation>('organisations')
        .find({ clientId: args.context.clientId });
      const result = organisationsFromSheet(text, {
        organisations,
        types: await lookupNames(args, 'OrganisationType', true),
        disciplines: await lookupNames(args, 'OrganisationDiscipline', true),
        countries,
      });
      if (!result.ok) throw sheetRefusal(result);
      return result.items.map((row) => ({ id: row.id, fields: { ...row.fields } as Item }));
    },
    clearable: ['address', 'postalCode', 'city', 'province', 'country', 'type', 'discipline'],
    answer: ({ created, updated }) => ({ count: created + updated }),
  },
  csv: (items) => sheetCsv(organisationColumns, items),
  fileName: () => 'Organisations.csv',
};
