/** The directory's import sheet rules (administration-data.md §5 Contact "Import sheet"; engine/rules/directory-sheets.ts). */
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  contactColumns,
  contactsFromSheet,
  MAX_SHEET_ROWS,
  organisationsFromSheet,
  sheetCsv,
} from './directory-sheets';

const lists = {
  organisations: [
    { id: 1, name: 'Corrib Design' },
    { id: 2, name: 'Western Groundworks' },
  ],
  roles: ['Architect', 'Site Supervisor'],
  provinces: ['Galway', 'Mayo'],
  countries: ['Ireland', 'United Kingdom', 'France'],
  contactIds: new Set([7]),
};
const head = 'Organisation,First Name,Last Name,Role,Email,Country,County/Province,Id';
const messages = (r: ReturnType<typeof contactsFromSheet>) => (r.ok ? [] : r.problems.map((p) => p.message));

describe('contacts sheet', () => {
  it('reads rows into contacts, with the listed spelling, headers in any order and case', () => {
    const r = contactsFromSheet(
      `\uFEFFfirst name,ORGANISATION,Last Name,Role,County/Province,Country\r\nAnn,corrib design, Byrne ,architect,galway,france\r\n,,,,,\r\n`,
      lists,
    );
    expect(r).toEqual({
      ok: true,
      items: [
        {
          fields: {
            firstName: 'Ann',
            lastName: 'Byrne',
            organizationId: 1,
            role: 'Architect',
            country: 'France',
            province: 'Galway',
          },
        },
      ],
    });
  });

  it('requires organisation, first name, last name and role', () => {
    const r = contactsFromSheet(`${head}\n,, ,,a@b.ie,,,`, lists);
    expect(r).toMatchObject({ ok: false, messageId: 'sheet.importFailed' });
    expect(messages(r)).toEqual([
      'Row 2: Organisation is mandatory.',
      'Row 2: First Name is mandatory.',
      'Row 2: Last Name is mandatory.',
      'Row 2: Role is mandatory.',
    ]);
  });

  it('refuses an organisation, country, role or county/province not listed', () => {
    const r = contactsFromSheet(`${head}\nAcme,A,B,Pilot,,Spain,Kerry,`, lists);
    expect(messages(r)).toEqual([
      "Row 2: The organisation 'Acme' is not one of the listed organisations.",
      "Row 2: The role 'Pilot' is not one of the listed roles.",
      "Row 2: The country 'Spain' is not one of the listed countries.",
      "Row 2: The county/province 'Kerry' is not one of the listed counties/provinces.",
    ]);
    expect(r.ok ? 0 : r.params.count).toBe(1);
  });

  it('checks the body schema (e-mail) and ids (unknown, twice)', () => {
    const r = contactsFromSheet(
      `${head}\nCorrib Design,A,B,Architect,nope,,,\nCorrib Design,A,B,Architect,,,,9\nCorrib Design,A,B,Architect,,,,7\nCorrib Design,A,B,Architect,,,,7`,
      lists,
    );
    expect(messages(r)).toEqual([
      'Row 2: Email is not valid.',
      'Row 3: There is no item with Id 9 to update.',
      'Row 5: Id 7 is in the file more than once.',
    ]);
  });

  it('refuses files without rows, without a mandatory column, or with too many rows', () => {
    expect(contactsFromSheet('', lists)).toMatchObject({ ok: false, messageId: 'sheet.noRows' });
    expect(contactsFromSheet(head, lists)).toMatchObject({ ok: false, messageId: 'sheet.noRows' });
    expect(contactsFromSheet('First Name,Last Name,Role\nA,B,C', lists)).toMatchObject({
      ok: false,
      messageId: 'sheet.missingColumn',
      params: { column: 'Organisation' },
    });
    const many = `${head}\n${'Corrib Design,A,B,Architect,,,,\n'.repeat(MAX_SHEET_ROWS + 1)}`;
    expect(contactsFromSheet(many, lists)).toMatchObject({ ok: false, messageId: 'sheet.tooManyRows' });
  });
});

describe('organisations sheet', () => {
  const olists = {
    organisations: [
      { id: 1, name: 'Corrib Design' },
      { id: 2, name: 'Western Groundworks' },
    ],
    types: ['Client', 'Subcontractor'],
    disciplines: ['Architecture'],
    countries: ['Ireland', 'France'],
  };
  const ohead = 'Id,Name,Country,Type,Discipline';

  it('adds and updates; a rename may take a name the file frees', () => {
    const r = organisationsFromSheet(
      `${ohead}\n1,Western Groundworks,,,\n2,Corrib Design Ltd,ireland,client,architecture\n,New,,,`,
      olists,
    );
    expect(r.ok && r.items).toEqual([
      { id: 1, fields: { name: 'Western Groundworks' } },
      { id: 2, fields: { name: 'Corrib Design Ltd', country: 'Ireland', type: 'Client', discipline: 'Architecture' } },
      { fields: { name: 'New' } },
    ]);
  });

  it('refuses duplicate names (in the file or the client), unlisted values and a missing name', () => {
    const r = organisationsFromSheet(`${ohead}\n,corrib  design,,,\n,X,Spain,Pirate,Alchemy\n,,France,,`, olists);
    expect(r.ok ? [] : r.problems.map((p) => p.message)).toEqual([
      "Row 2: The name 'corrib  design' is in the file more than once, or belongs to another organisation.",
      "Row 3: The country 'Spain' is not one of the listed countries.",
      "Row 3: The type 'Pirate' is not one of the listed organisation types.",
      "Row 3: The discipline 'Alchemy' is not one of the listed disciplines.",
      'Row 4: Name is mandatory.',
    ]);
  });
});

describe('sheetCsv', () => {
  it('writes the header and rows with a BOM and CRLF, and protects formula-like cells', () => {
    const csv = sheetCsv(contactColumns, [{ id: 3, organisation: 'A, B', firstName: '=cmd', lastName: 'O"Neill' }]);
    expect(csv.startsWith('\uFEFFId,Organisation,First Name')).toBe(true);
    expect(csv).toContain('\r\n');
    const rows = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true }).data;
    expect(rows[1].slice(0, 4)).toEqual(['3', 'A, B', "'=cmd", 'O"Neill']);
  });
});
