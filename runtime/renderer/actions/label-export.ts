/**
 * Action kind `labelExport`: the label preparation export modal (host.exportLabels) for the register's selected
 * rows (their `id`s, the entry ids), with the form from templates over the route and the menu name of the file
 * from a message id. The modal calls labelPreparation.getallactive and labelPreparation.export.
 */
import { type MessageId, message } from '../../../engine/messages/catalogue';
import { fillTemplate } from '../templates';
import type { ActionKind } from './kind';

export const labelExportAction: ActionKind = {
  name: 'labelExport',
  matches: (action) => 'labelExport' in action,
  operations: () => ['labelPreparation.getallactive', 'labelPreparation.export'],
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
