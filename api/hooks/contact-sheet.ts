/**
 * The contacts sheet (administration-data.md §7 Contacts "upload", "download"; engine/rules/directory-sheets.ts):
 * PUT /api/settings/contacts/upload imports it (the `import` kind, all rows or none) and GET …/download/{withData}
 * answers 'Contacts.csv', the template or (withData) every contact with its organisation's name (the handler's
 * join gives `organisation`).
 */
import { contactColumns, contactsFromSheet, sheetCsv } from '../../engine/rules/directory-sheets';
import type { Contact, Organisation } from '../../engine/types/generated';
import type { Item, Sheet } from '../resources/hooks';
import { countries, lookupNames, sheetRefusal, sheetText } from './sheet-files';

export const contactSheet: Sheet = {
  import: {
    async read(files, args) {
      const text = await sheetText(files);
      const clientId = args.context.clientId;
      const organisations = await args.store.collection<Organisation>('organisations').find({ clientId });
      const stored = await args.store.collection<Contact>('contacts').find({ clientId }, { projection: { id: 1 } });
      const result = contactsFromSheet(text, {
        organisations,
        roles: await lookupNames(args, 'ContactRole', true),
        provinces: await lookupNames(args, 'ContactLocation', false),
        countries,
        contactIds: new Set(stored.map((c) => c.id)),
      });
      if (!result.ok) throw sheetRefusal(result);
      return result.items.map((row) => ({ id: row.id, fields: { ...row.fields } as Item }));
    },
    clearable: ['email', 'mobileNumber', 'telephoneNumber', 'country', 'province', 'city'],
    answer: ({ created, updated }) => ({ count: created + updated }),
  },
  csv: (items) => sheetCsv(contactColumns, items),
  fileName: () => 'Contacts.csv',
};
