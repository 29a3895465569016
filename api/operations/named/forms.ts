/**
 * Form definitions (administration-data.md §7 "Settings forms"): the published forms a project fills,
 * and the working copies administrators create, change and publish (docs/decisions.md "Publishing").
 */
import { AppError, problemsError } from '../../../engine/errors';
import { designErrors, designProblemDetails } from '../../../engine/forms/design-check';
import { sizeProblems } from '../../../engine/forms/limits';
import { checkFormDefinition } from '../../../engine/rules/form-definition';
import type { FormDefinitionInput } from '../../../engine/types/generated';
import type { UserDoc } from '../../auth/types';
import type { NamedOperation } from '../../resources/context';
import { inTransaction } from '../../resources/transaction';
import {
  type Actor,
  activeFormsForProject,
  createForm,
  designCheckOf,
  formVersionList,
  publishedFormForProject,
  publishedVersionForProject,
  publishForm,
  publishImpact,
  updateForm,
  versionDiff,
} from '../forms';
import { findProject } from '../projects';

function actorOf(user: UserDoc): Actor {
  return { id: user.id, fullName: user.fullName };
}

/**
 * The body, already schema-checked, through the size limits (400 forms.tooManyPages / forms.tooManyQuestions,
 * checked first: a definition over them is not walked further) and the definition rules (400
 * forms.invalidDefinition).
 */
function checkedInput(input: FormDefinitionInput): FormDefinitionInput {
  const tooLarge = sizeProblems(input);
  if (tooLarge.length > 0) throw problemsError(400, tooLarge);
  const problems = checkFormDefinition(input);
  if (problems.length > 0)
    throw new AppError(
      400,
      'forms.invalidDefinition',
      { details: problems.map((p) => `${p.path} ${p.message}`).join('; ') },
      problems,
    );
  return input;
}

/**
 * GET …/getActive/type/{formArea}/{projectId}[?category=]: the published forms of an area for a project (of one
 * category: a page of the project's section, e.g. its audits).
 * @throws AppError 400 validation.badRequest for a malformed category
 */
export const getActive: NamedOperation<'forms.getActive'> = async ({ http: c, store, clientId, params }) => {
  const project = await findProject(store, clientId as number, params.projectId);
  const category = c.req.query('category');
  if (category !== undefined && !/^[a-z][a-z-]{0,39}$/.test(category)) throw new AppError(400, 'validation.badRequest');
  const forms = await activeFormsForProject(store, clientId as number, params.formArea, project.id);
  return category === undefined ? forms : forms.filter((form) => form.category === category);
};

/**
 * PUT …/publish/{formArea}/{id}: publishes the working copy as a new version.
 * @throws AppError 404 notFound.form, 400 forms.tooManyPages / forms.tooManyQuestions (a copy stored before the
 *   limits, or written behind the API's back, is not published over them), 400 with the design check's errors
 *   (designCheck.*, engine/forms/design-check.ts) as details, the first as the message; warnings do not block
 */
export const publish: NamedOperation<'forms.publish'> = inTransaction(async ({ http: c, store, clientId, params }) => {
  const { definition, problems } = await designCheckOf(store, clientId as number, params.formArea, params.id);
  const tooLarge = sizeProblems(definition);
  if (tooLarge.length > 0) throw problemsError(400, tooLarge);
  // Errors block Publish, warnings do not (issue 21 §7); the details are the design check's own messages.
  const errors = designErrors(problems);
  if (errors.length > 0) throw problemsError(400, designProblemDetails(definition, errors));
  return publishForm(store, clientId as number, params.formArea, params.id, actorOf(c.get('user')));
});

/** GET …/{projectId}/{formArea}/{id}: the published form a project fills; with `?version=N`, its published version N (a saved entry opens with the version it was filled in). */
export const getForProject: NamedOperation<'forms.getForProject'> = async ({ http: c, store, clientId, params }) => {
  const project = await findProject(store, clientId as number, params.projectId);
  const asked = c.req.query('version');
  if (asked === undefined)
    return publishedFormForProject(store, clientId as number, project.id, params.formArea, params.id);
  const version = Number(asked);
  if (!Number.isSafeInteger(version) || version < 1)
    throw new AppError(400, 'validation.badParam', { value: asked, name: 'version' });
  return publishedVersionForProject(store, clientId as number, project.id, params.formArea, params.id, version);
};

/** POST …/{formArea}: a new form definition; 201. */
export const create: NamedOperation<'forms.create'> = async ({ http: c, store, clientId, body, params }) => {
  const def = await createForm(store, clientId as number, params.formArea, checkedInput(body), actorOf(c.get('user')));
  return c.json(def, 201);
};

/**
 * PUT …/{formArea}/{id}: changes the working copy; with `modified` (as loaded) in the body, not over another save.
 * @throws AppError 409 forms.changedByOther (api/operations/forms.ts updateForm)
 */
export const update: NamedOperation<'forms.update'> = async ({ http: c, store, clientId, body, params }) =>
  updateForm(store, clientId as number, params.formArea, params.id, checkedInput(body), actorOf(c.get('user')));

/** GET …/{formArea}/{id}/versions: the published versions, who published each and when (api/operations/forms.ts). */
export const versions: NamedOperation<'forms.versions'> = async ({ store, clientId, params }) =>
  formVersionList(store, clientId as number, params.formArea, params.id);

/** GET …/{formArea}/{id}/publish-impact: what publishing the working copy would change; nothing is written. */
export const impact: NamedOperation<'forms.publishImpact'> = async ({ store, clientId, params }) =>
  publishImpact(store, clientId as number, params.formArea, params.id);

/** GET …/{formArea}/{id}/diff/{from}/{to}: the question-level difference between two published versions. */
export const diff: NamedOperation<'forms.versionDiff'> = async ({ store, clientId, params }) =>
  versionDiff(store, clientId as number, params.formArea, params.id, [params.from, params.to]);
