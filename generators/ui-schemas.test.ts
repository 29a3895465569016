/**
 * The uiSchema check (issue 20 part 6): a screen document whose uiSchema names a `ui:` key, a widget or a widget
 * option that schemas/meta/ui.schema.json does not list fails `npm run gen` with one line per problem naming the
 * document and the key (tests/fixtures/ui-schema/bad-form.json); the repository's screens pass
 * (runtime/renderer/screens.test.ts checks them with the same lines).
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import commonMeta from '../schemas/meta/common.schema.json';
import registerMeta from '../schemas/meta/register.schema.json';
import uiMeta from '../schemas/meta/ui.schema.json';
import badForm from '../tests/fixtures/ui-schema/bad-form.json';
import { repoRoot } from './types';
import { checkScreenUiSchemas, uiSchemaProblems, uiSchemaValidator } from './ui-schemas';

const BAD_LINES = [
  "settings/bad-form: uiSchema/name: unknown key 'ui:titel'",
  "settings/bad-form: uiSchema/email/ui:options: 'autocomplete' is not an option of the widget hz-input",
  'settings/bad-form: uiSchema/start: ui:options without the ui:widget or ui:field they belong to',
  'settings/bad-form: uiSchema/lines/items/note/ui:options/rows: must be >= 1',
  "settings/bad-form: uiSchema/colour/ui:widget: 'colour-wheel' is not a widget a screen document may name",
];

describe('the uiSchema check of screen documents', () => {
  const validate = uiSchemaValidator([commonMeta, registerMeta, uiMeta]);

  it('names the document and the key of each unknown ui: key, widget and option', () => {
    expect(uiSchemaProblems([{ id: 'settings/bad-form', doc: badForm }], validate)).toEqual(BAD_LINES);
  });

  it('takes what the renderer implements, nested fields and array items included', () => {
    const good = {
      uiSchema: {
        'ui:order': ['email', '*'],
        email: { 'ui:widget': 'hz-input', 'ui:title': 'common.email', 'ui:options': { inputType: 'email' } },
        lines: {
          items: { note: { 'ui:widget': 'hz-textarea', 'ui:options': { rows: 3 }, 'ui:readonly': true } },
        },
        files: {
          'ui:widget': 'subcontracting-files',
          'ui:field': 'subcontracting-files',
          'ui:options': { kind: 'order' },
        },
      },
    };
    expect(uiSchemaProblems([{ id: 'settings/good-form', doc: good }], validate)).toEqual([]);
  });

  it('fails npm run gen on such a document, naming it and the key', () => {
    const root = mkdtempSync(join(tmpdir(), 'ui-schema-'));
    try {
      cpSync(join(repoRoot, 'schemas/meta'), join(root, 'schemas/meta'), { recursive: true });
      mkdirSync(join(root, 'schemas/screens/settings'), { recursive: true });
      cpSync(
        join(repoRoot, 'tests/fixtures/ui-schema/bad-form.json'),
        join(root, 'schemas/screens/settings/bad-form.json'),
      );
      expect(() => checkScreenUiSchemas(root)).toThrow(BAD_LINES[0]);
      // The repository's own screens pass.
      expect(() => checkScreenUiSchemas(repoRoot)).not.toThrow();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
