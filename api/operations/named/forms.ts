/**
 * Form definitions (administration-data.md §7 "Settings forms"): the published forms a project fills,
 * and the working copies administrators create, change and publish (docs/decisions.md "Publishing").
 */
import { AppError } from '../../../engine/errors';
import { checkFormDefinition } from '../../../engine/rules/form-definition';
import type { FormDefinition, FormDefinitionInput } from '../../../engine/types/generated';
import type { UserDoc } from '../../auth/types';
import { intParam, slugParam } from '../../http/body';
import type { NamedOperation } from '../../resources/context';
import { inTransaction } from '../../resources/transaction';
import { withoutStoreKey } from '../documents';
import {
  type Actor,
  activeFormsForProject,
  createForm,
  findWorkingCopy,
  publishedFormForProject,
  publishForm,
  updateForm,
} from '../forms';
import { findProject } from '../projects';

function actorOf(user: UserDoc): Actor {
  return { id: user.id, fullName: user.fullName };
}

/** The body, already schema-checked, through the definition rules (400 forms.invalidDefinition). */
function checkedInput(body: unknown): FormDefinitionInput {
  const input = body as FormDefinitionInput;
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
export const getActive: NamedOperation = async ({ http: c, store, clientId }) => {
  const project = await findProject(store, clientId as number, intParam(c, 'projectId'));
  const category = c.req.query('category');
  if (category !== undefined && !/^[a-z][a-z-]{0,39}$/.test(category)) throw new AppError(400, 'validation.badRequest');
  const forms = await activeFormsForProject(store, clientId as number, slugParam(c, 'formArea'), project.id);
  return category === undefined ? forms : forms.filter((form) => form.category === category);
};

/** GET …/all/{formArea}[?category=]: every working copy of an area (of one category, a page of its admin menu), by title. */
export const all: NamedOperation = async ({ http: c, store, clientId }) => {
  const filter: Record<string, unknown> = { clientId, formArea: slugParam(c, 'formArea') };
  const category = c.req.query('category');
  if (category !== undefined) {
    if (!/^[a-z][a-z-]{0,39}$/.test(category)) throw new AppError(400, 'validation.badRequest');
    filter.category = category;
  }
  const forms = await store.collection<FormDefinition>('formDefinitions').find(filter, { sort: { title: 1 } });
  return forms.map(withoutStoreKey);
};

/** PUT …/publish/{formArea}/{id}: publishes the working copy as a new version. */
export const publish: NamedOperation = inTransaction(async ({ http: c, store, clientId }) =>
  publishForm(store, clientId as number, slugParam(c, 'formArea'), intParam(c, 'id'), actorOf(c.get('user'))),
);

/** GET …/{projectId}/{formArea}/{id}: the published form a project fills. */
export const getForProject: NamedOperation = async ({ http: c, store, clientId }) => {
  const project = await findProject(store, clientId as number, intParam(c, 'projectId'));
  return publishedFormForProject(store, clientId as number, project.id, slugParam(c, 'formArea'), intParam(c, 'id'));
};

/** GET …/{formArea}/{id}: a working copy. */
export const get: NamedOperation = async ({ http: c, store, clientId }) =>
  withoutStoreKey(await findWorkingCopy(store, clientId as number, slugParam(c, 'formArea'), intParam(c, 'id')));

/** POST …/{formArea}: a new form definition; 201. */
export const create: NamedOperation = async ({ http: c, store, clientId, body }) => {
  const formArea = slugParam(c, 'formArea');
  const def = await createForm(store, clientId as number, formArea, checkedInput(body), actorOf(c.get('user')));
  return c.json(def, 201);
};

/** PUT …/{formArea}/{id}: changes the working copy. */
export const update: NamedOperation = async ({ http: c, store, clientId, body }) => {
  const formArea = slugParam(c, 'formArea');
  const id = intParam(c, 'id');
  return updateForm(store, clientId as number, formArea, id, checkedInput(body), actorOf(c.get('user')));
};
