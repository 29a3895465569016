/**
 * Linked blocks of the question library (issue 22 §4 "a block inserted from the question library that is later
 * changed in the library offers 'update in N forms' with the same plan and preview"; docs/import-and-migration.md
 * "Linked blocks", docs/api.md "Question library"). The item's questions are copied into forms with a
 * `libraryLink` (engine/designer/library-link.ts); after the item changes (questionLibrary.update, a generic
 * update that bumps its version), these operations find the forms holding an older copy and update them:
 *
 * - usages: the client's forms of the areas the user administers whose working copy links an older version;
 * - updateForms: per named form the working copy with the item applied (applyLibraryItem) and the migration plan
 *   publishing it would need (engine/forms/migration.ts MigrationPlanner over the form's entries of its published
 *   versions, as forms.migrationPreview plans a publish; the preview's); with `apply` the working copies are saved, all or none,
 *   each only over the copy that was read (forms.update's 409 forms.changedByOther). Nothing is published: the
 *   administrator publishes each form and its Publish offers the entries' migration, as for any change.
 */
import { applyLibraryItem, linkedVersionOf } from '../../../engine/designer/library-link';
import { AppError, problemsError } from '../../../engine/errors';
import { sizeProblems } from '../../../engine/forms/limits';
import { type MigrationPlan, MigrationPlanner } from '../../../engine/forms/migration';
import { can } from '../../../engine/rules/access';
import { checkFormDefinition } from '../../../engine/rules/form-definition';
import { areaOfFormArea } from '../../../engine/rules/operation-access';
import type {
  FormDefinition,
  FormDefinitionInput,
  FormEntry,
  QuestionLibraryItem,
} from '../../../engine/types/generated';
import type { UserDoc } from '../../auth/types';
import { accessSubject } from '../../middleware/session';
import type { NamedOperation, OperationContext } from '../../resources/context';
import { inTransaction } from '../../resources/transaction';
import type { Store } from '../../store/port';
import { updateForm } from '../forms';

type FormDoc = FormDefinition & { _id?: string; [key: string]: unknown };

/** The library item of the tenant (any area's: the library is the client's). @throws AppError 404 */
async function itemOf(store: Store, clientId: number, id: number): Promise<QuestionLibraryItem> {
  const item = await store.collection<QuestionLibraryItem>('questionLibraryItems').findOne({ clientId, id });
  if (!item) throw new AppError(404, 'questionLibrary.notFound');
  return item;
}

/** Whether the user administers the form area `formArea` in the current client. */
function administers(context: OperationContext, formArea: string): boolean {
  const user = context.user as UserDoc;
  return can(accessSubject(user, context.clientId), 'admin', { area: areaOfFormArea(formArea) });
}

/**
 * GET …/question-library/{formArea}/{id}/usages: `[{ formId, formArea, title, linkedVersion, questions }]`, the
 * client's forms (of the areas the user administers; others left out) whose working copy holds questions linked
 * to the item at an older version than the item's: the oldest such version and how many questions hold one; by
 * title, then id. @throws AppError 404 questionLibrary.notFound
 */
export const usages: NamedOperation<'questionLibrary.usages'> = async (context) => {
  const clientId = context.clientId as number;
  const item = await itemOf(context.store, clientId, context.params.id);
  const forms = await context.store
    .collection<FormDoc>('formDefinitions')
    .find({ clientId }, { projection: { id: 1, formArea: 1, title: 1, pages: 1 }, sort: { title: 1, id: 1 } });
  return forms.flatMap((form) => {
    if (!administers(context, form.formArea)) return [];
    const linked = linkedVersionOf(form, item);
    return linked ? [{ formId: form.id, formArea: form.formArea, title: form.title, ...linked }] : [];
  });
};

/** The migration plan publishing `definition` would need over the form's entries (null before a first publish). */
async function planFor(store: Store, clientId: number, definition: FormDefinition): Promise<MigrationPlan | null> {
  const published = await store
    .collection<{ version: number; definition: FormDefinition }>('formVersions')
    .find({ clientId, formId: definition.id }, { sort: { version: -1 } });
  if (published.length === 0) return null;
  const versions = new Map(published.map((doc) => [doc.version, doc.definition]));
  // Publishing makes the working copy the version after the latest: every entry is of an earlier one.
  const planner = new MigrationPlanner(versions, { ...definition, version: published[0].version + 1 });
  const cursor = store
    .collection<FormEntry & { _id: string }>('formEntries')
    .findEach(
      { clientId, formId: definition.id },
      { projection: { projectId: 1, entryNumber: 1, formVersion: 1, answers: 1 } },
    );
  for await (const entry of cursor) planner.add(entry as Parameters<MigrationPlanner['add']>[0]);
  return planner.plan();
}

/** The definition's problems as forms.update refuses them (size limits first, then the definition rules). */
function refusal(definition: FormDefinition): AppError | null {
  const tooLarge = sizeProblems(definition);
  if (tooLarge.length > 0) return problemsError(400, tooLarge);
  const problems = checkFormDefinition(definition);
  if (problems.length === 0) return null;
  return new AppError(
    400,
    'forms.invalidDefinition',
    { details: problems.map((p) => `${p.path} ${p.message}`).join('; ') },
    problems,
  );
}

/**
 * POST …/question-library/{formArea}/{id}/update-forms, body `{ formIds, apply? }`: `{ itemId, name, version,
 * applied, forms: [{ formId, formArea, title, linkedVersion, updated, unlinked, conditionDropped, definition,
 * plan }] }` — per form (in the body's order) the question ids updated, unlinked (no longer in the item) and whose
 * item condition was dropped, the updated working copy, and the migration plan its publish would need (null for a
 * form never published; in the preview only, not in an apply's answer). A form holding no older copy (linkedVersion null) has nothing updated and is not saved,
 * so a second apply changes nothing. With `apply: true` the working copies are saved (one transaction: all or
 * none), never published. @throws AppError 404 questionLibrary.notFound / notFound.form (another client's form),
 *   403 auth.forbidden for a form of an area the user does not administer, 400 forms.* for an updated copy the
 *   definition rules refuse, 409 forms.changedByOther when a copy was saved meanwhile
 */
const run: NamedOperation<'questionLibrary.updateForms'> = async (context) => {
  const { store, body } = context;
  const clientId = context.clientId as number;
  const item = await itemOf(store, clientId, context.params.id);
  const forms = store.collection<FormDoc>('formDefinitions');
  const results = [];
  // Every form is checked before anything is written, so a refusal changes nothing.
  for (const formId of body.formIds) {
    const form = await forms.findOne({ clientId, id: formId });
    if (!form) throw new AppError(404, 'notFound.form');
    if (!administers(context, form.formArea)) throw new AppError(403, 'auth.forbidden');
    const linked = linkedVersionOf(form, item);
    const { _id, ...working } = form;
    const { definition, updated, unlinked, conditionDropped } = applyLibraryItem(working as FormDefinition, item);
    const refused = refusal(definition);
    if (body.apply && refused) throw refused;
    results.push({
      form: working,
      summary: {
        formId,
        formArea: form.formArea,
        title: form.title,
        linkedVersion: linked?.linkedVersion ?? null,
        updated,
        unlinked,
        conditionDropped,
        definition,
        // The preview's: an apply runs in a transaction, which must not hold the store for a read of every entry.
        ...(body.apply ? {} : { plan: await planFor(store, clientId, definition) }),
      },
    });
  }
  if (body.apply) {
    const user = context.user as UserDoc;
    for (const { form, summary } of results) {
      // A form holding no older copy (updated already) is left as it is: a second apply changes nothing.
      if (summary.updated.length === 0 && summary.unlinked.length === 0) continue;
      const { id: _id, clientId: _c, status: _s, version: _v, publishedAt: _p, ...content } = summary.definition;
      // Over the copy that was read only: a save made in between is not overwritten (409 forms.changedByOther).
      const input = { ...content, modified: form.modified } as unknown as FormDefinitionInput;
      summary.definition = await updateForm(store, clientId, form.formArea, form.id, input, {
        id: user.id,
        fullName: user.fullName,
      });
    }
  }
  return {
    itemId: item.id,
    name: item.name,
    version: item.version ?? 1,
    applied: body.apply === true,
    forms: results.map((r) => r.summary),
  };
};

export const updateForms: NamedOperation<'questionLibrary.updateForms'> = (context) =>
  context.body.apply ? inTransaction(run)(context) : run(context);
