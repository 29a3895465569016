/**
 * Action kind `labelExport`: the label preparation export modal (host.exportLabels) for the register's selected
 * rows (their `id`s, the entry ids), with the form from templates over the route and the menu name of the file
 * from a message id. The modal calls labelPreparation.getallactive and labelPreparation.export (asked before the
 * button is shown: Edit on the project).
 */
import { type MessageId, message } from '../../../engine/messages/catalogue';
import { fillKnown, fillTemplate } from '../templates';
import type { ActionKind } from './kind';

export const labelExportAction: ActionKind = {
  name: 'labelExport',
  matches: (action) => 'labelExport' in action,
  operations: () => ['labelPreparation.getallactive', 'labelPreparation.export'],
  questions(action, scope) {
    if (!('labelExport' in action)) return [];
    const spec = action.labelExport;
    const params: Record<string, string> = {};
    for (const [key, template] of [
      ['formArea', spec.formArea],
      ['formEntryNumber', spec.formId],
      ['projectId', spec.projectId],
    ] as const) {
      const value = fillKnown(template, scope);
      if (value !== undefined) params[key] = value;
    }
    return [
      { operation: 'labelPreparation.getallactive', params },
      { operation: 'labelPreparation.export', params },
    ];
  },
  async run(action, { host, scope, selection }) {
    if (!('labelExport' in action)) throw new Error('not a labelExport action');
    if (!host) throw new Error('labelExport needs a ScreenHost');
    const spec = action.labelExport;
    host.exportLabels({
      formArea: fillTemplate(spec.formArea, scope, false),
      formId: Number(fillTemplate(spec.formId, scope, false)),
      projectId: Number(fillTemplate(spec.projectId, scope, false)),
      entryIds: (selection ?? []).map((row) => Number(row.id)).filter((id) => Number.isInteger(id) && id > 0),
      ...(spec.menuName ? { menuName: message(spec.menuName as MessageId) } : {}),
    });
    return { kind: 'done' };
  },
};
