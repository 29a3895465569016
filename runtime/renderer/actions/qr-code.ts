/**
 * Action kind `qrCode`: the QR image modal (host.showQrCode) of a Create type code for the form on the project
 * (no entryNumber) or of an entry's code; the values are templates over the row and the route. The modal
 * itself calls qrCodes.getallactive and qrCodes.generate (asked before the button is shown: Edit on the project).
 */
import { fillKnown, fillTemplate } from '../templates';
import type { ActionKind } from './kind';

export const qrCodeAction: ActionKind = {
  name: 'qrCode',
  matches: (action) => 'qrCode' in action,
  operations: () => ['qrCodes.getallactive', 'qrCodes.generate'],
  questions(action, scope) {
    if (!('qrCode' in action)) return [];
    const spec = action.qrCode;
    const params: Record<string, string> = {};
    for (const [key, template] of [
      ['formArea', spec.formArea],
      ['entryNumber', spec.formId],
      ['projectId', spec.projectId],
    ] as const) {
      const value = fillKnown(template, scope);
      if (value !== undefined) params[key] = value;
    }
    return [
      { operation: 'qrCodes.getallactive', params },
      { operation: 'qrCodes.generate', params },
    ];
  },
  async run(action, { host, scope }) {
    if (!('qrCode' in action)) throw new Error('not a qrCode action');
    if (!host) throw new Error('qrCode needs a ScreenHost');
    const spec = action.qrCode;
    const number = (template: string) => Number(fillTemplate(template, scope, false));
    host.showQrCode({
      formArea: fillTemplate(spec.formArea, scope, false),
      formId: number(spec.formId),
      projectId: number(spec.projectId),
      ...(spec.entryNumber ? { entryNumber: number(spec.entryNumber) } : {}),
    });
    return { kind: 'done' };
  },
};
