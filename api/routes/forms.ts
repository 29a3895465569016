/**
 * Form definition routes under /api/settings/forms (administration-data.md §7 "Settings forms";
 * paths the spec does not show are documented in docs/api.md).
 */
import { Hono } from 'hono';
import { AppError } from '../../engine/errors';
import { checkFormDefinition } from '../../engine/rules/form-definition';
import type { FormDefinition, FormDefinitionInput } from '../../engine/types/generated';
import type { UserDoc } from '../auth/types';
import { intParam, readBody, slugParam } from '../http/body';
import type { ApiEnv } from '../http/env';
import { requireAdmin, requireSession, requireTenant } from '../middleware/session';
import { withoutStoreKey } from '../operations/documents';
import {
  type Actor,
  activeFormsForProject,
  createForm,
  findWorkingCopy,
  publishedFormForProject,
  publishForm,
  updateForm,
} from '../operations/forms';
import { findProject } from '../operations/projects';

/** The audit identity of the signed-in user. */
function actorOf(user: UserDoc): Actor {
  return { id: user.id, fullName: user.fullName };
}

async function readDefinitionInput(c: Parameters<typeof readBody>[0]): Promise<FormDefinitionInput> {
  const input = await readBody<FormDefinitionInput>(c, 'form-definition-input');
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

/** Form definition routes; working copies are for admins, published versions for every user of the tenant. */
export function formRoutes() {
  const admin = requireAdmin();
  return new Hono<ApiEnv>()
    .use('/api/settings/forms/*', requireSession(), requireTenant())
    .get('/api/settings/forms/getActive/type/:formArea/:projectId', async (c) => {
      const store = c.get('store');
      const project = await findProject(store, c.get('clientId'), intParam(c, 'projectId'));
      return c.json(await activeFormsForProject(store, c.get('clientId'), slugParam(c, 'formArea'), project.id));
    })
    .get('/api/settings/forms/all/:formArea', admin, async (c) => {
      const forms = await c
        .get('store')
        .collection<FormDefinition>('formDefinitions')
        .find({ clientId: c.get('clientId'), formArea: slugParam(c, 'formArea') }, { sort: { title: 1 } });
      return c.json(forms.map(withoutStoreKey));
    })
    .put('/api/settings/forms/publish/:formArea/:id', admin, async (c) => {
      const def = await publishForm(
        c.get('store'),
        c.get('clientId'),
        slugParam(c, 'formArea'),
        intParam(c, 'id'),
        actorOf(c.get('user')),
      );
      return c.json(def);
    })
    .get('/api/settings/forms/:projectId/:formArea/:id', async (c) => {
      const store = c.get('store');
      const clientId = c.get('clientId');
      const project = await findProject(store, clientId, intParam(c, 'projectId'));
      return c.json(
        await publishedFormForProject(store, clientId, project.id, slugParam(c, 'formArea'), intParam(c, 'id')),
      );
    })
    .get('/api/settings/forms/:formArea/:id', admin, async (c) => {
      const def = await findWorkingCopy(c.get('store'), c.get('clientId'), slugParam(c, 'formArea'), intParam(c, 'id'));
      return c.json(withoutStoreKey(def));
    })
    .post('/api/settings/forms/:formArea', admin, async (c) => {
      const formArea = slugParam(c, 'formArea');
      const input = await readDefinitionInput(c);
      const def = await createForm(c.get('store'), c.get('clientId'), formArea, input, actorOf(c.get('user')));
      return c.json(def, 201);
    })
    .put('/api/settings/forms/:formArea/:id', admin, async (c) => {
      const formArea = slugParam(c, 'formArea');
      const id = intParam(c, 'id');
      const input = await readDefinitionInput(c);
      const def = await updateForm(c.get('store'), c.get('clientId'), formArea, id, input, actorOf(c.get('user')));
      return c.json(def);
    });
}
