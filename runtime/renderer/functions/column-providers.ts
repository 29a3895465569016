/**
 * Column providers by name (`dynamicColumns`, `titleFrom` of a register): columns (and a title) added to
 * a register, from the route's loader data or fetched with the route parameters.
 */
import { isMessageId, message } from '../../../engine/messages/catalogue';
import { registerColumns } from '../../../engine/registers/rows';
import { callOperation } from '../../api/client';
import type { FormDefinition } from '../../api/types';
import type { ColumnSpec } from '../documents';

/** The drawing register's lookup columns (row fields) and the project lookup type that enables each. */
const DRAWING_LOOKUP_COLUMNS: ReadonlyArray<readonly [string, string]> = [
  ['elements', 'Element'],
  ['levels', 'Level'],
  ['elevations', 'Elevation'],
  ['cores', 'Core'],
  ['packages', 'Package'],
  ['drawingRegisterStatus', 'DrawingStatus'],
];

/** A column a provider adds: its header is literal text (e.g. a question label), not a message id. */
export interface ProvidedColumn {
  value: string;
  header: string;
  type: ColumnSpec['type'];
}

/**
 * Column providers by name; each reads the route's loader data, or fetches what it needs with the route parameters,
 * and may name document columns (`hidden`, by value) the register leaves out.
 */
export const columnProviders: Record<
  string,
  (
    params: Record<string, string | undefined>,
    loaderData: Record<string, unknown>,
  ) => Promise<{ title?: string; columns: ProvidedColumn[]; hidden?: string[] }>
> = {
  /** The form's questions flagged showInRegister, and the form's title: the route's `form` loader data, else fetched. */
  async formRegisterQuestions(params, loaderData) {
    const def =
      (loaderData.form as FormDefinition | undefined) ??
      (await callOperation<FormDefinition>('forms.getForProject', {
        params: { projectId: params.projectId ?? '', formArea: params.formArea ?? '', id: params.formId ?? '' },
      }));
    return { title: def.title, columns: registerColumns(def) };
  },
  /**
   * No columns; leaves out the drawing register's lookup columns whose project lookup is not enabled
   * (administration-data.md §2 "Document Register dialog": 'The lookup columns Elements, Level, Elevations, Cores,
   * Packages and Drawing Status show only when the matching lookup is enabled'; drawingRegister.lookups).
   */
  async drawingRegisterLookups(params) {
    const enabled = await callOperation<Record<string, string[]>>('drawingRegister.lookups', {
      params: { projectId: params.projectId ?? '' },
    });
    return { columns: [], hidden: DRAWING_LOOKUP_COLUMNS.filter(([, type]) => !enabled[type]).map(([c]) => c) };
  },
  /** No columns; the title of one drawing's revisions page: 'Revisions of {name}' (route params `name`). */
  async drawingRevisionsTitle(params) {
    return { title: message('drawingRegister.revisionsTitle', { name: params.name ?? '' }), columns: [] };
  },
  /** No columns; the title of the area's page of forms of one category (route params `category`), if any. */
  async formCategoryTitle(params) {
    // toolbox-talk → toolboxTalk: message ids have no hyphens.
    const key = (params.category ?? '').replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    const id = `formLibrary.category.${key}`;
    return { title: isMessageId(id) ? message(id) : undefined, columns: [] };
  },
};
