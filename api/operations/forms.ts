/**
 * Form definitions: a working copy per form (`formDefinitions`) and immutable published versions
 * (`formVersions`). Project users always fill the latest published version (docs/api.md "Form definitions").
 */
import { highestIds } from '../../engine/designer/model';
import { AppError } from '../../engine/errors';
import { designCheck } from '../../engine/forms/design-check';
import { changedByOther, nextSaveTime } from '../../engine/forms/save-guard';
import { diffVersions } from '../../engine/forms/version-diff';
import { message } from '../../engine/messages/catalogue';
import type { FormDefinition, FormDefinitionInput } from '../../engine/types/generated';
import { folderKey } from '../files/paths';
import { nextSequence } from '../ids';
import type { Store } from '../store/port';

/** The file folder of a form's reference documents (administration-data.md §7 "POST document/{id}"). */
export const formDocumentsFolder = (formId: number) => `forms/${formId}/documents`;

/** A stored published version. */
export interface FormVersionDoc {
  _id?: string;
  [key: string]: unknown;
  formId: number;
  clientId: number;
  formArea: string;
  version: number;
  definition: FormDefinition;
}

type FormDoc = FormDefinition & { [key: string]: unknown };

/** True when the form is offered on the project (no projectIds means every project). */
export function offeredOn(def: FormDefinition, projectId: number): boolean {
  return !def.projectIds || def.projectIds.length === 0 || def.projectIds.includes(projectId);
}

/**
 * How long a form's latest published version is used without reading the store again (issue "Performance at
 * scale" §4: no repeated loads of the same form version). This process's publish, flag changes, withdrawals and
 * deletes take effect at once (forgetForm); another API instance's within this time.
 */
export const FORM_CACHE_MS = 5_000;

const formCaches = new WeakMap<Store, Map<string, { def: FormDefinition | null; at: number }>>();

/** The store's cache (a transaction's changes forget the store's entries: Store.root). */
function formCacheOf(store: Store) {
  let cache = formCaches.get(store.root);
  if (!cache) {
    cache = new Map();
    formCaches.set(store.root, cache);
  }
  return cache;
}

/** Forgets the cached latest version of a form (after a change to it), or of every form of the store. */
export function forgetForm(store: Store, clientId?: number, formId?: number): void {
  if (clientId === undefined || formId === undefined) formCacheOf(store).clear();
  else formCacheOf(store).delete(`${clientId}:${formId}`);
}

/** The latest published version of a form of the tenant, or null (cached for FORM_CACHE_MS). */
export async function latestPublished(
  store: Store,
  clientId: number,
  formId: number,
  now = Date.now(),
): Promise<FormDefinition | null> {
  // Inside a transaction the cache is neither used (the transaction may have published since) nor filled (it
  // may roll back).
  const cache = store.root === store ? formCacheOf(store) : null;
  const key = `${clientId}:${formId}`;
  const cached = cache?.get(key);
  if (cached && now - cached.at < FORM_CACHE_MS) return cached.def;
  const [latest] = await store
    .collection<FormVersionDoc>('formVersions')
    .find({ clientId, formId }, { sort: { version: -1 }, limit: 1 });
  const def = latest ? latest.definition : null;
  cache?.set(key, { def, at: now });
  return def;
}

/**
 * The published form a project user may fill: of the tenant, in that formArea, active, offered on the project.
 * @throws AppError 404 notFound.form otherwise
 */
export async function publishedFormForProject(
  store: Store,
  clientId: number,
  projectId: number,
  formArea: string,
  formId: number,
): Promise<FormDefinition> {
  const def = await latestPublished(store, clientId, formId);
  if (!def || def.formArea !== formArea || def.isActive === false || !offeredOn(def, projectId))
    throw new AppError(404, 'notFound.form');
  return def;
}

/**
 * Published version `version` of a form a project fills (issue 21 §8, issue 22 §3: a saved entry opens with the
 * version it was filled in): the form must be offered as {@link publishedFormForProject} says (its latest version
 * decides whether it is active and on the project), then that version's definition.
 * @throws AppError 404 notFound.form when the form is not offered or has no such version
 */
export async function publishedVersionForProject(
  store: Store,
  clientId: number,
  projectId: number,
  formArea: string,
  formId: number,
  version: number,
): Promise<FormDefinition> {
  const latest = await publishedFormForProject(store, clientId, projectId, formArea, formId);
  if (latest.version === version) return latest;
  const found = await store.collection<FormVersionDoc>('formVersions').findOne({ clientId, formId, version });
  if (!found) throw new AppError(404, 'notFound.form');
  return found.definition;
}

/** Summaries of the published, active forms of a formArea offered on a project, by title. */
export async function activeFormsForProject(store: Store, clientId: number, formArea: string, projectId: number) {
  const versions = await store
    .collection<FormVersionDoc>('formVersions')
    .find({ clientId, formArea }, { sort: { formId: 1, version: -1 } });
  const latest = new Map<number, FormDefinition>();
  for (const v of versions) if (!latest.has(v.formId)) latest.set(v.formId, v.definition);
  return [...latest.values()]
    .filter((def) => def.isActive !== false && offeredOn(def, projectId))
    .sort((a, b) => a.title.localeCompare(b.title))
    .map(({ id, title, category, description, version, formArea: area }) => ({
      id,
      title,
      category,
      description,
      version,
      formArea: area,
    }));
}

/** The working copy of a tenant's form. @throws AppError 404 notFound.form */
export async function findWorkingCopy(store: Store, clientId: number, formArea: string, id: number) {
  const def = await store.collection<FormDoc>('formDefinitions').findOne({ id, clientId, formArea });
  if (!def) throw new AppError(404, 'notFound.form');
  return def;
}

/** Audit identity of the user making a change. */
export interface Actor {
  id: number;
  fullName: string;
}

/** The audit fields of a change made by `actor` at `now`. */
function modifiedStamp(actor: Actor, now: Date) {
  return { modified: now.toISOString(), modifiedBy: actor.fullName, modifiedById: actor.id };
}

/** Creates a Draft working copy (version 1) from a validated input. */
export async function createForm(
  store: Store,
  clientId: number,
  formArea: string,
  input: FormDefinitionInput,
  actor: Actor,
  now = new Date(),
): Promise<FormDefinition> {
  const id = await nextSequence(store, 'formDefinitions');
  const def: FormDefinition = {
    ...input,
    id,
    clientId,
    formArea,
    status: 'Draft',
    version: 1,
    created: now.toISOString(),
    createdBy: actor.fullName,
    createdById: actor.id,
    ...modifiedStamp(actor, now),
  };
  await store.collection<FormDoc>('formDefinitions').insertOne({ ...def });
  return def;
}

/**
 * Replaces the content of a working copy; it becomes Draft until published again. `input.modified`, when given,
 * is the copy's `modified` as the client loaded it: the save is refused when the copy was saved since (by anyone),
 * checked again by the write itself, so of two saves made on the same copy one wins and the other is told.
 * @throws AppError 404 notFound.form, 409 forms.changedByOther (the stored copy unchanged)
 */
export async function updateForm(
  store: Store,
  clientId: number,
  formArea: string,
  id: number,
  input: FormDefinitionInput,
  actor: Actor,
  now = new Date(),
): Promise<FormDefinition> {
  const current = await findWorkingCopy(store, clientId, formArea, id);
  const { _id, ...kept } = current;
  const { modified: loaded, ...content } = input;
  const stored = kept.modified as string | undefined;
  if (loaded !== undefined && stored !== undefined && Date.parse(loaded) !== Date.parse(stored))
    throw changedByOther(kept);
  const def: FormDefinition = {
    ...content,
    id,
    clientId,
    formArea,
    status: 'Draft',
    version: kept.version,
    created: kept.created,
    createdBy: kept.createdBy,
    createdById: kept.createdById,
    publishedAt: kept.publishedAt,
    ...modifiedStamp(actor, nextSaveTime(stored, now)),
  };
  for (const key of Object.keys(def) as (keyof FormDefinition)[]) if (def[key] === undefined) delete def[key];
  // One write: the new content, and the fields the input dropped removed from the old copy; for a guarded save
  // only over the copy that was read, so a save that came in between is not overwritten.
  const dropped = Object.keys(kept).filter((k) => !(k in def));
  const unchanged = loaded === undefined ? {} : { modified: stored ?? { $exists: false } };
  const written = await store.collection<FormDoc>('formDefinitions').updateOne(
    { id, clientId, ...unchanged },
    {
      $set: { ...def },
      ...(dropped.length > 0 ? { $unset: Object.fromEntries(dropped.map((k) => [k, 1 as const])) } : {}),
    },
  );
  if (written.matchedCount === 0) throw changedByOther(await findWorkingCopy(store, clientId, formArea, id));
  return def;
}

/** Publishes the working copy as the next version; project users get it from now on. */
export async function publishForm(
  store: Store,
  clientId: number,
  formArea: string,
  id: number,
  actor: Actor,
  now = new Date(),
): Promise<FormDefinition> {
  const current = await findWorkingCopy(store, clientId, formArea, id);
  const { _id, ...working } = current;
  const [latest] = await store
    .collection<FormVersionDoc>('formVersions')
    .find({ clientId, formId: id }, { sort: { version: -1 }, limit: 1 });
  const version = latest ? latest.version + 1 : 1;
  const def: FormDefinition = {
    ...(working as FormDefinition),
    status: 'Published',
    version,
    isActive: working.isActive ?? true,
    publishedAt: now.toISOString(),
    ...modifiedStamp(actor, now),
  };
  await store
    .collection<FormVersionDoc>('formVersions')
    .insertOne({ formId: id, clientId, formArea, version, definition: def });
  forgetForm(store, clientId, id);
  await store.collection<FormDoc>('formDefinitions').updateOne({ id, clientId }, { $set: { ...def } });
  return def;
}

/**
 * The published versions of a form, newest first (issue 21 §8 "the version list shows who published what and
 * when"): `[{ version, previousVersion, latestVersion, isLatest, title, publishedAt, publishedBy, publishedById, pages,
 * questions, entries }]` (previousVersion null for the oldest), publishedBy
 * the publisher's full name (the version's `modifiedBy`: the flag calls change only isActive and isDefault; null
 * for a seeded version without it), `entries` those filled with that version. @throws AppError 404 notFound.form
 */
export async function formVersionList(store: Store, clientId: number, formArea: string, id: number) {
  await findWorkingCopy(store, clientId, formArea, id);
  const versions = await store
    .collection<FormVersionDoc>('formVersions')
    .find({ clientId, formId: id }, { sort: { version: -1 } });
  const entries = store.collection('formEntries');
  return Promise.all(
    versions.map(async ({ version, definition: def }, index) => ({
      version,
      // The versions a row compares with (the version list's "Changes from the previous version" and "Changes up
      // to the latest version"): the next older one kept, and the newest.
      previousVersion: versions[index + 1]?.version ?? null,
      latestVersion: versions[0].version,
      isLatest: index === 0,
      title: def.title,
      publishedAt: def.publishedAt ?? null,
      publishedBy: def.modifiedBy ?? null,
      publishedById: def.modifiedById ?? null,
      pages: def.pages.length,
      questions: def.pages.reduce((sum, page) => sum + page.questions.length, 0),
      entries: await entries.countDocuments({ clientId, formId: id, formVersion: version }),
    })),
  );
}

/**
 * The question-level difference from published version `from` to `to` of a form (issue 21 §8 "between any two
 * versions"): `{ from, to, diff }`. @throws AppError 404 notFound.form (the form or a version is not there)
 */
export async function versionDiff(store: Store, clientId: number, formArea: string, id: number, [from, to]: number[]) {
  await findWorkingCopy(store, clientId, formArea, id);
  const versions = store.collection<FormVersionDoc>('formVersions');
  const [a, b] = await Promise.all([from, to].map((version) => versions.findOne({ clientId, formId: id, version })));
  if (!a || !b) throw new AppError(404, 'notFound.form');
  return { from, to, diff: diffVersions(a.definition, b.definition) };
}

/**
 * What publishing the working copy would change (issue 21 §8 "Publish must warn how many entries the change
 * touches"): `{ publishedVersion, entries, touchesEntries, diff, published, idFloor }`: the form's entries (drafts
 * too), the difference from the latest published version (all added before a first publish), whether there are
 * entries while a question goes or its choice values change; and what the form creator needs to check and edit
 * the draft as the server will: `published`, the latest published version's `{ pages }` (null before a first
 * publish; the design check's context), and `idFloor`, the highest question and page ids any published version
 * used (`{ question, page }`, 0 when none: a new question must never take the id, and so the stored answers
 * `q_<id>`, of one that was published; engine/designer IdFloor). @throws AppError 404 notFound.form
 */
export async function publishImpact(store: Store, clientId: number, formArea: string, id: number) {
  const working = await findWorkingCopy(store, clientId, formArea, id);
  const versions = await store
    .collection<FormVersionDoc>('formVersions')
    .find({ clientId, formId: id }, { sort: { version: -1 } });
  const latest = versions[0];
  const entries = await store.collection('formEntries').countDocuments({ clientId, formId: id });
  const diff = diffVersions(latest?.definition ?? { pages: [] }, working);
  const touching = diff.removed.length > 0 || diff.changed.some((question) => question.choiceValuesChanged);
  const idFloor = { question: 0, page: 0 };
  for (const { definition } of versions) {
    const highest = highestIds(definition);
    idFloor.question = Math.max(idFloor.question, highest.question);
    idFloor.page = Math.max(idFloor.page, highest.page);
  }
  return {
    publishedVersion: latest?.version ?? null,
    entries,
    touchesEntries: entries > 0 && touching,
    diff,
    published: latest ? { pages: latest.definition.pages } : null,
    idFloor,
  };
}

/**
 * The design check of a form's working copy (issue 21 §7; engine/forms/design-check.ts), against its latest
 * published version and the form's entries (drafts too, as publishImpact counts them): `{ definition, problems }`.
 * @throws AppError 404 notFound.form
 */
export async function designCheckOf(store: Store, clientId: number, formArea: string, id: number) {
  const working = await findWorkingCopy(store, clientId, formArea, id);
  const [latest] = await store
    .collection<FormVersionDoc>('formVersions')
    .find({ clientId, formId: id }, { sort: { version: -1 }, limit: 1 });
  const entryCount = latest ? await store.collection('formEntries').countDocuments({ clientId, formId: id }) : 0;
  return { definition: working, problems: designCheck(working, { published: latest?.definition, entryCount }) };
}

/** A copy of a working copy as a new Draft form: 'Copy of {title}', version 1, active, not default, unpublished. */
export async function cloneForm(store: Store, clientId: number, id: number, actor: Actor, now = new Date()) {
  const source = await store.collection<FormDoc>('formDefinitions').findOne({ id, clientId });
  if (!source) throw new AppError(404, 'notFound.form');
  const { _id, id: _old, publishedAt, status, version, isDefault, ...content } = source;
  const copy: FormDefinition = {
    ...(content as Omit<FormDefinition, 'id'>),
    id: await nextSequence(store, 'formDefinitions'),
    title: message('forms.copyOf', { title: source.title }).slice(0, 200),
    status: 'Draft',
    version: 1,
    isActive: true,
    isDefault: false,
    created: now.toISOString(),
    createdBy: actor.fullName,
    createdById: actor.id,
    ...modifiedStamp(actor, now),
  };
  await store.collection<FormDoc>('formDefinitions').insertOne({ ...copy });
  return copy;
}

/**
 * Deletes a form with everything that configures it (published versions, QR code and label preparation setups,
 * links from and to it, its reference documents under `forms/{id}/documents`) when no entry of it exists on any
 * project (administration-data.md §7 "Settings forms"). The working copy goes last, so a failure half-way leaves
 * a form that can be deleted again. @returns `{ id }`; @throws AppError 404 notFound.form, 409 forms.hasEntries
 */
export async function deleteForm(store: Store, clientId: number, formArea: string, id: number) {
  await findWorkingCopy(store, clientId, formArea, id);
  if ((await store.collection('formEntries').countDocuments({ clientId, formId: id })) > 0)
    throw new AppError(409, 'forms.hasEntries');
  await store.collection('formVersions').deleteMany({ clientId, formId: id });
  forgetForm(store, clientId, id);
  await store.collection('qrCodeSetups').deleteMany({ clientId, formId: id });
  await store.collection('labelPreparationSetups').deleteMany({ clientId, formId: id });
  await store.collection('linkedFormSetups').deleteMany({ clientId, $or: [{ formId: id }, { linkedFormId: id }] });
  await store.files.deleteFolder(folderKey(clientId, formDocumentsFolder(id)));
  await store.collection('formDefinitions').deleteOne({ clientId, id });
  return { id };
}

/**
 * Withdraws a form from one project: the project stops offering it (a form offered everywhere becomes offered
 * on every other project of the client). @throws AppError 404 notFound.form, 409 forms.lastProject
 */
export async function withdrawForm(store: Store, clientId: number, formArea: string, id: number, projectId: number) {
  const form = await findWorkingCopy(store, clientId, formArea, id);
  const all = (await store.collection<{ id: number }>('projects').find({ clientId })).map((p) => p.id);
  const offered = form.projectIds && form.projectIds.length > 0 ? form.projectIds : all;
  const projectIds = offered.filter((p) => p !== projectId);
  // An empty list means every project: the last project cannot be withdrawn (deactivate the form instead).
  if (projectIds.length === 0) throw new AppError(409, 'forms.lastProject');
  await store.collection<FormDoc>('formDefinitions').updateOne({ clientId, id }, { $set: { projectIds } });
  const versions = store.collection<FormVersionDoc>('formVersions');
  const [latest] = await versions.find({ clientId, formId: id }, { sort: { version: -1 }, limit: 1 });
  if (latest)
    await versions.updateOne(
      { clientId, formId: id, version: latest.version },
      { $set: { definition: { ...latest.definition, projectIds } } },
    );
  forgetForm(store, clientId, id);
  return { id, projectIds };
}
