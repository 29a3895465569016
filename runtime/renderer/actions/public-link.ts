/**
 * Action kind `publicLink` (issue 25 §4 "Public forms"; docs/links-and-mail.md): the public link modal
 * (host.showPublicLink) of a form on a project; the values are templates over the row and the route. The modal
 * calls publicLinks.get, publicLinks.issue and publicLinks.revoke; the button asks publicLinks.issue first (the form
 * area's administrators of the project), so others do not see it.
 */
import { fillKnown, fillTemplate } from '../templates';
import type { ActionKind } from './kind';

export const publicLinkAction: ActionKind = {
  name: 'publicLink',
  matches: (action) => 'publicLink' in action,
  operations: () => ['publicLinks.get', 'publicLinks.issue', 'publicLinks.revoke'],
  questions(action, scope) {
    if (!('publicLink' in action)) return [];
    const params: Record<string, string> = {};
    for (const [key, template] of Object.entries(action.publicLink)) {
      const value = fillKnown(template, scope);
      if (value !== undefined) params[key] = value;
    }
    return [{ operation: 'publicLinks.issue', params }];
  },
  async run(action, { host, scope }) {
    if (!('publicLink' in action)) throw new Error('not a publicLink action');
    if (!host) throw new Error('publicLink needs a ScreenHost');
    const spec = action.publicLink;
    host.showPublicLink({
      formArea: fillTemplate(spec.formArea, scope, false),
      formId: Number(fillTemplate(spec.formId, scope, false)),
      projectId: Number(fillTemplate(spec.projectId, scope, false)),
    });
    return { kind: 'done' };
  },
};
