/**
 * The working copies of the form definitions as the settings pages list them (administration-data.md §7
 * "Settings forms"): of one category (a page of an area's admin menu, `?category=`), by their isActive flag (an
 * absent isActive counts as true), as a summary, or as the list of their pages.
 */
import { AppError } from '../../engine/errors';
import type { FormDefinition } from '../../engine/types/generated';
import { forgetForm } from '../operations/forms';
import type { AfterChangeHook, AfterReadHook, Item, WhereHook } from '../resources/hooks';

type StoredForm = FormDefinition & Item;

/** where: the forms of the query's `category` (a slug), when it has one. @throws AppError 400 for a malformed one */
export const formCategory: WhereHook = ({ context }) => {
  const category = context.http.req.query('category');
  if (category === undefined) return {};
  if (!/^[a-z][a-z-]{0,39}$/.test(category)) throw new AppError(400, 'validation.badRequest');
  return { category };
};

/** where: the forms whose isActive is the path's `flag` (absent counts as true). */
export const formActiveFlag: WhereHook = ({ context }) =>
  context.params.flag === true ? { isActive: { $ne: false } } : { isActive: false };

/** afterRead: `{ id, title, formArea, category, status, version, isActive, isDefault }`, the flags as booleans. */
export const formSummary: AfterReadHook<StoredForm> = (forms) =>
  forms.map(({ id, title, formArea, category, status, version, isActive, isDefault }) => ({
    id,
    title,
    formArea,
    category,
    status,
    version,
    isActive: isActive !== false,
    isDefault: isDefault === true,
  }));

/** afterRead: a working copy's pages, `[{ id, label, order }]` (order from 0). */
export const formPages: AfterReadHook<StoredForm> = (forms) =>
  forms.map((form) => form.pages.map((page, order) => ({ id: page.id, label: page.label, order })));

/**
 * afterChange of the four flag calls (administration-data.md §7 "Settings forms": activate, deactivate, default,
 * nondefault): the working copy's isActive and isDefault are copied onto its latest published version, so project
 * users see the change at once, and the cached versions of the form are forgotten after the write.
 */
export const publishFlags: AfterChangeHook<StoredForm> = async (form, { store }) => {
  const versions = store.collection<{ version: number; definition: FormDefinition }>('formVersions');
  const [latest] = await versions.find(
    { clientId: form.clientId, formId: form.id },
    { sort: { version: -1 }, limit: 1 },
  );
  if (latest) {
    const flags = Object.fromEntries(
      (['isActive', 'isDefault'] as const).filter((f) => form[f] !== undefined).map((f) => [f, form[f]]),
    );
    await versions.updateOne(
      { clientId: form.clientId, formId: form.id, version: latest.version },
      { $set: { definition: { ...latest.definition, ...flags } } },
    );
  }
  forgetForm(store, form.clientId, form.id);
  return form;
};
