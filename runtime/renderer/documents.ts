/**
 * Screen documents (schemas/screens/<area>/<screen>.json): their TypeScript types, generated from the
 * meta-schemas of schemas/meta (engine/types/generated/screen-documents.ts, `npm run gen`), and their loader.
 * Each document is loaded on demand, so a section's screens travel with its code-split chunk. A form whose fields
 * `$ref` an entity's or a body's (issue 20 §3) is given with those fields in place (engine/validation/inline-refs.ts),
 * which the renderer needs; the resolver and the schema registry load with the first such form.
 */

import type {
  Button,
  Column,
  FormScreen,
  ScreenDocument as GeneratedScreenDocument,
  Item,
  MenuScreen,
  PageScreen,
  RegisterScreen,
} from '../../engine/types/generated/screen-documents';
import { hasDocumentRefs } from '../../engine/validation/inline-refs';

export type { Condition } from '../../engine/types/generated/screen-documents';

/** A screen document of any kind (generated from schemas/meta by `npm run gen`). */
export type ScreenDocument = GeneratedScreenDocument;
export type RegisterDocument = RegisterScreen;
export type FormDocument = FormScreen;
export type MenuDocument = MenuScreen;
export type PageDocument = PageScreen;
export type ButtonSpec = Button;
export type ColumnSpec = Column;
export type MenuItemSpec = Item;
/** What a button does (a navigate, call or openForm action with confirm, onError, successMessageId). */
export type ActionSpec = Button['action'];
/** An API operation call: path parameters and body values resolved from the scope. */
export type CallSpec = Extract<ActionSpec, { call: unknown }>['call'];
/** A body value: a constant, or a route/row parameter converted to a type. */
export type BodyValue = NonNullable<CallSpec['body']>[string];
export type ConfirmSpec = NonNullable<Button['action']['confirm']>;
export type ErrorPolicy = NonNullable<Button['action']['onError']>;
export type FormMode = 'add' | 'edit' | 'view';
export type PageInputSpec = NonNullable<PageScreen['inputs']>[number];
export type PagePartSpec = PageScreen['parts'][number];

const modules = import.meta.glob<ScreenDocument>(
  ['../../schemas/screens/**/*.json', '!../../schemas/screens/routes.json'],
  {
    import: 'default',
  },
);

function idOf(path: string): string {
  return path.replace(/^.*\/schemas\/screens\//, '').replace(/\.json$/, '');
}

const loaders = new Map(Object.entries(modules).map(([path, load]) => [idOf(path), load]));

/** Ids of every screen document, e.g. 'quality-assurance/form-register'. */
export function screenIds(): string[] {
  return [...loaders.keys()].sort();
}

const provided = new Map<string, ScreenDocument>();

/**
 * Makes a document available under `id` without a file (tests of renderer keywords, embedding hosts).
 * A provided document wins over a file of the same id.
 */
export function provideScreen(id: string, doc: ScreenDocument): void {
  provided.set(id, doc);
}

const inlined = new WeakMap<ScreenDocument, Promise<ScreenDocument>>();

/**
 * The document ready to render: when it names a registered document anywhere (a form field's `$ref`, a button's or
 * a column's condition over a rule family), the registry loaded first (engine/validation/registered-refs.ts, which
 * gives it to the interpreting validator), and a form's field refs replaced by the fields they name. The same object
 * for every call (the form's effects depend on the document's identity); the document itself when it names none.
 */
function withFieldsInPlace(doc: ScreenDocument): ScreenDocument | Promise<ScreenDocument> {
  if (!hasDocumentRefs(doc)) return doc;
  const known = inlined.get(doc);
  if (known) return known;
  const done = import('../../engine/validation/registered-refs').then(
    ({ inlineRegisteredRefs }): ScreenDocument =>
      doc.kind === 'form' && doc.schema && hasDocumentRefs(doc.schema)
        ? { ...doc, schema: inlineRegisteredRefs(doc.schema) }
        : doc,
  );
  inlined.set(doc, done);
  return done;
}

/**
 * Loads one screen document, a form's field refs resolved.
 * @throws Error for an id with no document (a programming error: routes name existing screens), or a form field
 *   that `$ref`s no registered schema
 */
export async function loadScreen(id: string): Promise<ScreenDocument> {
  const own = provided.get(id);
  if (own) return withFieldsInPlace(own);
  const load = loaders.get(id);
  if (!load) throw new Error(`Unknown screen document: ${id}`);
  return withFieldsInPlace(await load());
}
