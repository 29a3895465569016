/**
 * The document picker's answer (issue 23 item 5): each value keeps the picked file's path and revision, reads back
 * the same, shows 'name (Rev. n)', opens that revision, and the answer's schema takes such values and the bare
 * paths of answers saved before, but no traversal or other query.
 */
import Ajv2020 from 'ajv/dist/2020';
import {
  documentPicker,
  parsePickedDocument,
  pickedDocumentsSchema,
  pickedDocumentText,
  pickedDocumentUrl,
  pickedDocumentValue,
} from './document-picker';

describe('a picked document', () => {
  it('keeps the path, the DMS version and the revision, and reads them back', () => {
    const dms = { path: 'projects/1/documents/Vault/GA/GA-101 Plan.pdf', versionId: 'a1b2', revision: '2' };
    expect(pickedDocumentValue(dms)).toBe('projects/1/documents/Vault/GA/GA-101 Plan.pdf?versionId=a1b2&revision=2');
    expect(parsePickedDocument(pickedDocumentValue(dms))).toEqual(dms);
    const drawing = { path: 'projects/1/drawing-register/12/GA-101.pdf', revision: 'P 02' };
    expect(pickedDocumentValue(drawing)).toBe('projects/1/drawing-register/12/GA-101.pdf?revision=P%2002');
    expect(parsePickedDocument(pickedDocumentValue(drawing))).toEqual(drawing);
    expect(parsePickedDocument('projects/1/documents/Site rules.pdf')).toEqual({
      path: 'projects/1/documents/Site rules.pdf',
    });
    // A DMS name may hold '?' and '&': only the last suffix that reads as a revision is one.
    const odd = { path: 'projects/1/documents/Vault/Why?revision=9 & how.pdf', versionId: 'v/1', revision: "B's" };
    expect(pickedDocumentValue(odd)).toBe(
      'projects/1/documents/Vault/Why?revision=9 & how.pdf?versionId=v%2F1&revision=B%27s',
    );
    expect(parsePickedDocument(pickedDocumentValue(odd))).toEqual(odd);
  });

  it('shows the name without the DMS id prefix, with its revision when kept', () => {
    expect(
      pickedDocumentText(
        'projects/1/documents/Vault/0f8fad5b-d9cb-469f-a165-70867728950e_GA-101.pdf?versionId=x&revision=4',
      ),
    ).toBe('GA-101.pdf (Rev. 4)');
    expect(pickedDocumentText('projects/1/drawing-register/12/GA-101.pdf?revision=C')).toBe('GA-101.pdf (Rev. C)');
    expect(pickedDocumentText('projects/1/documents/Site rules.pdf')).toBe('Site rules.pdf');
    // The register's cell (one line) and the CSV's (a file a line) show the same texts.
    const question = { id: 20, label: 'Drawings referred to', type: 'DocumentPicker' as const };
    const answer = {
      questionId: 20,
      answers: ['projects/1/documents/Vault/GA-101.pdf?versionId=v1&revision=2', 'projects/1/documents/Site rules.pdf'],
    };
    expect(documentPicker.answerText(question, answer, { number: String, lines: false })).toBe(
      'GA-101.pdf (Rev. 2), Site rules.pdf',
    );
    expect(documentPicker.answerText(question, answer, { number: String, lines: true })).toBe(
      'GA-101.pdf (Rev. 2)\nSite rules.pdf',
    );
  });

  it('opens the revision picked: a DMS file by its version, a register file by the register’s download', () => {
    expect(pickedDocumentUrl('projects/1/documents/Vault/GA 1.pdf?versionId=v9&revision=2', 1)).toBe(
      '/api/projects/1/dms/download?path=Vault%2FGA+1.pdf&versionId=v9',
    );
    expect(pickedDocumentUrl('projects/1/documents/Site rules.pdf', 1)).toBe(
      '/api/projects/1/dms/download?path=Site+rules.pdf',
    );
    expect(pickedDocumentUrl('projects/1/drawing-register/12/GA-101.pdf?revision=C', 1)).toBe(
      '/api/projects/1/sitework/drawingregister/download?url=projects%2F1%2Fdrawing-register%2F12%2FGA-101.pdf',
    );
  });

  it('is valid in the answer’s schema as picked and as saved before, but not forged', () => {
    const validate = new Ajv2020({ strict: false }).compile(
      pickedDocumentsSchema({ id: 1, label: 'D', type: 'DocumentPicker' }),
    );
    for (const good of [
      ['projects/1/documents/Site rules.pdf'],
      ['projects/1/documents/Vault/GA-101.pdf?versionId=0f8fad5b-d9cb&revision=2'],
      ['projects/1/drawing-register/12/GA-101.pdf?revision=P%2002'],
      ['projects/1/documents/Vault/Plan #3 [Rév. B] 100%?.pdf?versionId=v1&revision=1'],
    ])
      expect(validate(good), good[0]).toBe(true);
    for (const bad of [
      ['../secret.pdf'],
      ['projects/1/documents/../../2/documents/a.pdf'],
      ['projects/1/documents/./a.pdf'],
      ['projects/1/documents/.hidden'],
      ['projects/1/documents\\..\\a.pdf'],
      ['projects/1/documents/a\u0000.pdf'],
      ['projects//documents/a.pdf'],
      ['/projects/1/documents/a.pdf'],
      ['a.pdf?revision=1'],
    ])
      expect(validate(bad), bad[0]).toBe(false);
  });
});
