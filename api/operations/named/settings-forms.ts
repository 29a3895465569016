/**
 * The rest of the settings forms calls (administration-data.md §7 "Settings forms", /api/settings/forms):
 * activate, deactivate, default, non-default, sections, active forms by flag, metadata, a form's sections,
 * withdraw from a project, delete, clone, linked form setups, entry attachments, file deletes and a form's
 * reference documents. Decisions in docs/api.md "Settings forms" and docs/decisions.md.
 */
import { AppError, detail, problemsError } from '../../../engine/errors';
import { fieldTypeOf } from '../../../engine/forms/field-types';
import { allQuestions, type QuestionProperties, questionKind } from '../../../engine/forms/questions';
import type { FormDefinition, FormEntry, LinkedFormSetup } from '../../../engine/types/generated';
import type { UserDoc } from '../../auth/types';
import { fileKey, folderKey, publicPath } from '../../files/paths';
import { nextSequence } from '../../ids';
import type { NamedOperation, OperationContext } from '../../resources/context';
import { inTransaction } from '../../resources/transaction';
import {
  activeFormsForProject,
  cloneForm,
  deleteForm,
  findWorkingCopy,
  formDocumentsFolder,
  latestPublished,
  publishedFormForProject,
  withdrawForm,
} from '../forms';
import { findProject } from '../projects';
import { requireAdminForFormFiles, uploadInto, view } from './files';

function actorOf(context: OperationContext) {
  const user = context.user as UserDoc;
  return { id: user.id, fullName: user.fullName };
}

const tenant = (context: OperationContext) => context.clientId as number;

/**
 * POST sections/{formArea}, body `{ projectId? }` (administration-data.md §7): the area's sections (form
 * categories) with their active published forms, `[{ section, forms: [{ id, title, version }] }]` by section then
 * title (a form without category is in section ''); with projectId only the forms offered on that project.
 * @throws AppError 404 notFound.project (another client's project)
 */
export const sections: NamedOperation<'forms.sections'> = async (context) => {
  const { store, body } = context;
  const { formArea } = context.params;
  let forms: { id: number; title: string; version: number; category?: string }[];
  if (body.projectId !== undefined) {
    const project = await findProject(store, tenant(context), body.projectId);
    forms = await activeFormsForProject(store, tenant(context), formArea, project.id);
  } else {
    const versions = await store
      .collection<{ formId: number; version: number; definition: FormDefinition }>('formVersions')
      .find({ clientId: tenant(context), formArea }, { sort: { formId: 1, version: -1 } });
    const latest = new Map<number, FormDefinition>();
    for (const v of versions) if (!latest.has(v.formId)) latest.set(v.formId, v.definition);
    forms = [...latest.values()].filter((f) => f.isActive !== false);
  }
  const bySection = new Map<string, { id: number; title: string; version: number }[]>();
  for (const form of forms) {
    const section = form.category ?? '';
    bySection.set(section, [
      ...(bySection.get(section) ?? []),
      { id: form.id, title: form.title, version: form.version },
    ]);
  }
  return [...bySection]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([section, list]) => ({ section, forms: list.sort((a, b) => a.title.localeCompare(b.title)) }));
};

/** The published, active forms of every area offered on a project. */
async function formsOfProject(
  context: OperationContext<'forms.allMetadata'>,
  projectId: number,
): Promise<FormDefinition[]> {
  const versions = await context.store
    .collection<{ formId: number; version: number; definition: FormDefinition }>('formVersions')
    .find({ clientId: tenant(context) }, { sort: { formId: 1, version: -1 } });
  const latest = new Map<number, FormDefinition>();
  for (const v of versions) if (!latest.has(v.formId)) latest.set(v.formId, v.definition);
  return [...latest.values()].filter(
    (f) => f.isActive !== false && (!f.projectIds?.length || f.projectIds.includes(projectId)),
  );
}

/**
 * GET all/metadata/{projectId} (administration-data.md §7): every active published form of every area offered on
 * the project, by title: `[{ id, title, formArea, category, version, entryCount }]`, entryCount being the
 * project's entries of the form (drafts included). @throws AppError 404 notFound.project
 */
export const allMetadata: NamedOperation<'forms.allMetadata'> = async (context) => {
  const project = await findProject(context.store, tenant(context), context.params.projectId);
  const forms = await formsOfProject(context, project.id);
  const entries = context.store.collection('formEntries');
  const out = [];
  for (const form of forms.sort((a, b) => a.title.localeCompare(b.title)))
    out.push({
      id: form.id,
      title: form.title,
      formArea: form.formArea,
      category: form.category,
      version: form.version,
      entryCount: await entries.countDocuments({ clientId: tenant(context), projectId: project.id, formId: form.id }),
    });
  return out;
};

/**
 * GET {formArea}/{id}/metadata/{projectId}?completedFormEntryNumber=N (administration-data.md §7): the published
 * form as the project fills it, `{ id, title, formArea, version, pages: [{ id, label, questionCount }], questions:
 * [{ id, label, type, extendedType }] }`, and with N `completedEntry: { entryNumber, date, enteredBy, isDraft }`.
 * @throws AppError 404 notFound.project, notFound.form (not offered on the project, or inactive),
 *   notFound.entry (no entry N of the form on the project, or N not a positive integer)
 */
export const metadata: NamedOperation<'forms.metadata'> = async (context) => {
  const { http: c, store, params } = context;
  const project = await findProject(store, tenant(context), params.projectId);
  const form = await publishedFormForProject(store, tenant(context), project.id, params.formArea, params.id);
  const answer: Record<string, unknown> = {
    id: form.id,
    title: form.title,
    formArea: form.formArea,
    version: form.version,
    pages: form.pages.map((p) => ({ id: p.id, label: p.label, questionCount: p.questions.length })),
    questions: allQuestions(form).map((q: QuestionProperties) => ({
      id: q.id,
      label: q.label,
      type: q.type,
      extendedType: q.extendedType,
    })),
  };
  const raw = c.req.query('completedFormEntryNumber');
  if (raw !== undefined) {
    if (!/^[1-9]\d{0,8}$/.test(raw)) throw new AppError(404, 'notFound.entry');
    const entry = await store
      .collection<FormEntry & { [key: string]: unknown }>('formEntries')
      .findOne({ clientId: tenant(context), projectId: project.id, formId: form.id, entryNumber: Number(raw) });
    if (!entry) throw new AppError(404, 'notFound.entry');
    answer.completedEntry = {
      entryNumber: entry.entryNumber,
      date: entry.date,
      enteredBy: entry.enteredBy,
      isDraft: entry.isDraft === true,
    };
  }
  return answer;
};

/**
 * DELETE {projectId}/{formArea}/{id} (administration-data.md §7; docs/decisions.md "Form configuration"): the
 * project stops offering the form; answers `{ id, projectIds }`.
 * @throws AppError 404 notFound.project, notFound.form; 409 forms.lastProject (deactivate the form instead)
 */
export const withdraw: NamedOperation<'forms.withdraw'> = inTransaction(async (context) => {
  const { store, params } = context;
  const project = await findProject(store, tenant(context), params.projectId);
  return withdrawForm(store, tenant(context), params.formArea, params.id, project.id);
});

/**
 * DELETE {formArea}/{id}: deletes a form without entries with its published versions, QR code and label
 * preparation setups, links and reference documents; answers `{ id }` (api/operations/forms.ts deleteForm).
 * @throws AppError 404 notFound.form, 409 forms.hasEntries
 */
export const remove: NamedOperation<'forms.delete'> = inTransaction(async (context) =>
  deleteForm(context.store, tenant(context), context.params.formArea, context.params.id),
);

/**
 * POST clone/{id} (administration-data.md §7): 201 with a new Draft working copy of the client's form: new id,
 * version 1, title 'Copy of {title}' (200 characters at most), active, not default, never published, audit
 * fields of the acting administrator. @throws AppError 404 notFound.form
 */
export const clone: NamedOperation<'forms.clone'> = inTransaction(async (context) =>
  context.http.json(
    await cloneForm(context.store, tenant(context), context.params.id, actorOf(context), context.now),
    201,
  ),
);

/**
 * POST linked-form-setups (administration-data.md §7 "Settings forms"; docs/decisions.md "Linked form setups"):
 * body `{ formId, links: [{ linkedFormId, linkedFormArea?, questionMap: [{ fromQuestionId, toQuestionId }],
 * isActive? }] }` replaces every link of the form; answers the saved LinkedFormSetup[]. Both forms must be working
 * copies of the client (a given linkedFormArea must be the linked form's area), a form is not linked to itself
 * nor twice to one form, each mapped question exists in its form with an answer of the same kind, and no question
 * of the linked form is filled twice. Nothing is written on any error.
 * @throws AppError 404 notFound.form; 400 forms.linkToItself, forms.linkDuplicate, forms.linkUnknownQuestion,
 *   forms.linkKindMismatch, forms.linkTargetTwice (the first problem's text, every problem in details)
 */
export const saveLinks: NamedOperation<'forms.saveLinks'> = inTransaction(async (context) => {
  const { store, body: input } = context;
  const forms = store.collection<FormDefinition>('formDefinitions');
  const form = await forms.findOne({ clientId: tenant(context), id: input.formId });
  if (!form) throw new AppError(404, 'notFound.form');
  const from = new Map(allQuestions(form).map((q) => [q.id, q]));
  const problems = [];
  const targets: FormDefinition[] = [];
  for (const [i, link] of input.links.entries()) {
    const target = await forms.findOne({ clientId: tenant(context), id: link.linkedFormId });
    if (!target || (link.linkedFormArea !== undefined && link.linkedFormArea !== target.formArea))
      throw new AppError(404, 'notFound.form');
    targets.push(target);
    if (target.id === form.id) problems.push(detail(`/links/${i}/linkedFormId`, 'forms.linkToItself'));
    else if (input.links.findIndex((l) => l.linkedFormId === target.id) < i)
      problems.push(detail(`/links/${i}/linkedFormId`, 'forms.linkDuplicate', { title: target.title }));
    const to = new Map(allQuestions(target).map((q) => [q.id, q]));
    const filled = new Set<number>();
    for (const [m, map] of link.questionMap.entries()) {
      const a = from.get(map.fromQuestionId);
      const b = to.get(map.toQuestionId);
      if (!a || !b) problems.push(detail(`/links/${i}/questionMap/${m}`, 'forms.linkUnknownQuestion', { m: m + 1 }));
      else if (questionKind(a) !== questionKind(b) || fieldTypeOf(a).answerless)
        problems.push(detail(`/links/${i}/questionMap/${m}`, 'forms.linkKindMismatch', { from: a.label, to: b.label }));
      else if (filled.has(b.id))
        problems.push(detail(`/links/${i}/questionMap/${m}`, 'forms.linkTargetTwice', { to: b.label }));
      else filled.add(b.id);
    }
  }
  if (problems.length > 0) throw problemsError(400, problems);
  // Ids are taken only once the links are sound.
  const saved: LinkedFormSetup[] = [];
  const at = context.now.toISOString();
  const actor = actorOf(context);
  for (const [i, link] of input.links.entries())
    saved.push({
      id: await nextSequence(store, 'linkedFormSetups'),
      clientId: tenant(context),
      formId: form.id,
      formArea: form.formArea,
      linkedFormId: targets[i].id,
      linkedFormArea: targets[i].formArea,
      questionMap: link.questionMap,
      isActive: link.isActive ?? true,
      created: at,
      createdBy: actor.fullName,
      createdById: actor.id,
      modified: at,
      modifiedBy: actor.fullName,
      modifiedById: actor.id,
    });
  const collection = store.collection<LinkedFormSetup>('linkedFormSetups');
  await collection.deleteMany({ clientId: tenant(context), formId: form.id });
  for (const link of saved) await collection.insertOne({ ...link });
  return saved;
});

/** The files an entry's answers name (file uploads and signatures), as file entries of form-configuration.md §3. */
async function entryFiles(context: OperationContext, form: FormDefinition, entry: FormEntry) {
  const questions = new Map(allQuestions(form).map((q) => [q.id, q]));
  const out = [];
  for (const answer of entry.answers) {
    const question = questions.get(answer.questionId);
    if (!question || !['fileUpload', 'signature'].includes(questionKind(question))) continue;
    for (const value of answer.answers) {
      if (typeof value !== 'string') continue;
      const info = await context.store.files.info(fileKey(tenant(context), value));
      if (!info) continue;
      const file = view(info);
      out.push({
        id: `${entry.entryNumber}:${publicPath(info.key)}`,
        fileName: file.file,
        originalFileName: info.name,
        url: file.url,
        fileDescription: question.label,
        entryNumber: entry.entryNumber,
      });
    }
  }
  return out;
}

async function formEntries(
  context: OperationContext<'forms.attachments' | 'forms.attachmentsByPrefix'>,
  entryNumber?: number,
) {
  const { store, params } = context;
  const project = await findProject(store, tenant(context), params.projectId);
  const form = await latestPublished(store, tenant(context), params.id);
  if (!form) throw new AppError(404, 'notFound.form');
  const filter: Record<string, unknown> = { clientId: tenant(context), projectId: project.id, formId: form.id };
  if (entryNumber !== undefined) filter.entryNumber = entryNumber;
  const entries = await store.collection<FormEntry & { [key: string]: unknown }>('formEntries').find(filter, {
    sort: { entryNumber: 1 },
  });
  return { form, entries };
}

/**
 * GET {projectId}/{id}/get-attachments/{entryNumber} (administration-data.md §7, §3 "File entry"): the files an
 * entry's file upload and signature answers name (they live in the question's folder of the entry,
 * `questions/{questionId}/{random draft id}/`), `[{ id, fileName, originalFileName, url, fileDescription, entryNumber }]`
 * (fileName the client path, fileDescription the question's label; a named file no longer stored is left out).
 * @throws AppError 404 notFound.project, notFound.form, notFound.entry
 */
export const attachments: NamedOperation<'forms.attachments'> = async (context) => {
  const { form, entries } = await formEntries(context, context.params.entryNumber);
  if (entries.length === 0) throw new AppError(404, 'notFound.entry');
  return entryFiles(context, form, entries[0]);
};

/**
 * GET {projectId}/{id}/get-attachments-by-prefix/{prefix} (administration-data.md §7): the files of every entry of
 * the form on the project whose file name starts with the prefix (case ignored), in entry order, shaped as
 * get-attachments answers. @throws AppError 404 notFound.project, notFound.form
 */
export const attachmentsByPrefix: NamedOperation<'forms.attachmentsByPrefix'> = async (context) => {
  const prefix = context.params.prefix.toLowerCase();
  const { form, entries } = await formEntries(context);
  const out = [];
  for (const entry of entries)
    out.push(
      ...(await entryFiles(context, form, entry)).filter((f) => f.originalFileName.toLowerCase().startsWith(prefix)),
    );
  return out;
};

/** A file path of the tenant from a path or a download url (`/api/files/download?file=…`). */
function pathOf(urlOrPath: string): string {
  if (urlOrPath.startsWith('/api/files/download?')) {
    const file = new URLSearchParams(urlOrPath.split('?')[1]).get('file');
    if (!file) throw new AppError(400, 'validation.badRequest');
    return file;
  }
  return urlOrPath;
}

/**
 * DELETE file/delete, body `{ Url }`, and file/deletes, body `{ Urls: string[] }` (administration-data.md §7):
 * removes files of the client named by path (`<folder>/<name>`) or download url (`/api/files/download?file=…`);
 * answers `{ deleted }`. Every file is checked before any is deleted.
 * A form's reference documents (`forms/…`) are for administrators only.
 * @throws AppError 400 (a path outside the client, traversal, a bad name), 403 (a reference document and not an
 *   administrator), 404 files.notFound (one is missing)
 */
export const deleteFiles: NamedOperation<'forms.deleteFile' | 'forms.deleteFiles'> = async (context) => {
  const { body } = context;
  // One key per file, however often it is named: `deleted` counts files.
  const paths = [...(body.Url ? [body.Url] : []), ...(body.Urls ?? [])].map(pathOf);
  for (const path of paths) requireAdminForFormFiles(context, path);
  const keys = [...new Set(paths.map((path) => fileKey(tenant(context), path)))];
  for (const key of keys) if (!(await context.store.files.info(key))) throw new AppError(404, 'files.notFound');
  for (const key of keys) await context.store.files.delete(key);
  return { deleted: keys.length };
};

/**
 * GET {formArea}/document/{id} (administration-data.md §7): the reference documents of a form (files under
 * `forms/{id}/documents`), `[{ name, file, url, size, contentType, modified }]` as files.list answers.
 * @throws AppError 404 notFound.form
 */
export const documents: NamedOperation<'forms.documents'> = async (context) => {
  const form = await findWorkingCopy(context.store, tenant(context), context.params.formArea, context.params.id);
  const prefix = folderKey(tenant(context), formDocumentsFolder(form.id));
  return (await context.store.files.list(prefix, false)).map(view);
};

/**
 * POST document/{id}, multipart `uploads[]` (administration-data.md §7): adds reference documents to a form of the
 * client; 201 with the stored files (checks and limits of files.upload).
 * @throws AppError 404 notFound.form; 400 files.noFiles, bad name; 413 files.tooLarge; 415 a refused type
 */
export const uploadDocument: NamedOperation<'forms.uploadDocument'> = async (context) => {
  const form = await context.store
    .collection<FormDefinition>('formDefinitions')
    .findOne({ clientId: tenant(context), id: context.params.id });
  if (!form) throw new AppError(404, 'notFound.form');
  return uploadInto(context, formDocumentsFolder(form.id));
};
