import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Route, RouteTable } from '../../engine/types/generated/screen-documents';
import routeTable from '../../schemas/screens/routes.json';
import { isUnknownPath, routeQuestions } from './route-access';

/** Every route's full path pattern, e.g. /projects/:projectId/qa/... */
function patterns(nodes: Route[], parent = ''): string[] {
  return nodes.flatMap((node) => {
    const here = node.path ? `${parent.replace(/\/$/, '')}/${node.path.replace(/^\//, '')}` : parent;
    return [...(node.path ? [here] : []), ...patterns(node.children ?? [], here)];
  });
}

/** The table with each route's fixed parameters and its parents', to ask react-router's matcher directly. */
function plain(node: Route, inherited: Record<string, string> = {}): RouteObject {
  const fixed = { ...inherited, ...(node.params ?? {}) };
  const handle = { can: node.can, fixed };
  if (node.index) return { index: true, handle };
  return { path: node.path, handle, children: node.children?.map((child) => plain(child, fixed)) };
}
const direct = (routeTable as RouteTable).routes.map((node) => plain(node));

describe('route access matching (issue 19; kept per path shape)', () => {
  const all = patterns((routeTable as RouteTable).routes);

  it('no route has a fixed segment of digits (numbers may stand in for each other)', () => {
    expect(all.length).toBeGreaterThan(100);
    for (const pattern of all) for (const segment of pattern.split('/')) expect(segment).not.toMatch(/^\d+$/);
  });

  it("answers every route's paths as react-router's own matcher does, numbers and words alike, asked twice", () => {
    for (const pattern of all) {
      for (const [n, word] of [
        [7, 'abc'],
        [123, 'x-1'],
      ] as const) {
        let i = 0;
        const path = pattern
          .split('/')
          .map((segment) => {
            i += 1;
            if (segment === '*') return `files/${n}/${word}`;
            if (segment.startsWith(':')) return i % 2 ? String(n + i) : `${word}${i}`;
            return segment;
          })
          .join('/');
        const expected = (matchRoutes(direct, path) ?? []).flatMap((m) => {
          const handle = m.route.handle as { can?: string; fixed: Record<string, string> };
          return handle.can ? [{ operation: handle.can, params: { ...handle.fixed, ...m.params } }] : [];
        });
        for (const question of expected)
          for (const key of Object.keys(question.params))
            if (question.params[key] === undefined) delete question.params[key];
        const strip = (qs: ReturnType<typeof routeQuestions>) =>
          qs.map((q) => ({
            operation: q.operation,
            params: Object.fromEntries(Object.entries(q.params).filter(([, v]) => v !== undefined)),
          }));
        expect(strip(routeQuestions(path)), path).toEqual(expected);
        expect(strip(routeQuestions(path)), path).toEqual(expected);
      }
    }
  });

  it('tells the same path apart from another number of the same shape', () => {
    const a = routeQuestions('/projects/1/qa/3/entry/9/edit');
    const b = routeQuestions('/projects/22/qa/45/entry/1207/edit');
    expect(a.at(-1)).toMatchObject({
      operation: 'entries.submit',
      params: { projectId: '1', formId: '3', entryNumber: '9' },
    });
    expect(b.at(-1)).toMatchObject({
      operation: 'entries.submit',
      params: { projectId: '22', formId: '45', entryNumber: '1207' },
    });
    expect(isUnknownPath('/projects/22/qa/45/add')).toBe(false);
    expect(isUnknownPath('/no/such/page/12')).toBe(true);
  });
});
