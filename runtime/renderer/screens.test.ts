/**
 * The registry check (DESIGN.md "Tests"): every screen document is valid against its meta-schema,
 * and everything it names exists: API operations (engine/api/operations.ts), message ids (the
 * catalogue), widgets (the field-type registry), named functions and machines (./registry), route
 * templates (a route of routes.tsx), conditions (compile under strict Ajv).
 */
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { matchRoutes } from 'react-router';
import { operations } from '../../engine/api/operations';
import { compiledWidgets } from '../../engine/forms/compile';
import { isMessageId } from '../../engine/messages/catalogue';
import { FORM_SECTIONS, formRegisterPath } from '../../engine/rules/form-sections';
import { activeItem, sectionOf } from '../../engine/rules/section-menu';
import { sections } from '../../engine/rules/sections';
import { ruleFamilies, schemas } from '../../engine/validation/ajv';
import { uiSchemaProblems, uiSchemaValidator } from '../../generators/ui-schemas';
import commonMeta from '../../schemas/meta/common.schema.json';
import fileBrowserMeta from '../../schemas/meta/file-browser.schema.json';
import formMeta from '../../schemas/meta/form.schema.json';
import menuMeta from '../../schemas/meta/menu.schema.json';
import pageMeta from '../../schemas/meta/page.schema.json';
import registerMeta from '../../schemas/meta/register.schema.json';
import routesMeta from '../../schemas/meta/routes.schema.json';
import uiMeta from '../../schemas/meta/ui.schema.json';
import { type RouteNode, routeDocument, routedScreens, routes } from '../routes';
import type { RouteHandle } from '../shell/Breadcrumbs';
import { CLIENT_CHOOSER_SCREEN } from '../shell/client-switch';
import { guards } from '../shell/guards';
import { pages } from '../shell/pages';
import { isUnknownPath } from '../shell/route-access';
import { routeLoaders } from '../shell/route-loaders';
import { TOP_MENU_SCREEN } from '../shell/TopMenu';
import { actionOperations } from './actions';
import type {
  ButtonSpec,
  CallSpec,
  FormDocument,
  MenuDocument,
  MenuItemSpec,
  RegisterDocument,
  ScreenDocument,
} from './documents';
import { MESSAGE_KEYS, uiSchemaMessageIds } from './labels';
import { menuIcons } from './menu-icons';
import { bodyBuilders, columnProviders, formSources, toFormData, validators } from './registry';
import { templateNames } from './templates';
import { isWidgetName } from './widgets';

/** The menu documents a section document names (schemas/sections `menus`). */
const sectionMenus = new Set(
  [...sections.values()].flatMap((section) => Object.values(section.menus ?? {}).map((m) => m.menu)),
);

const documents = Object.entries(
  import.meta.glob<ScreenDocument>(['../../schemas/screens/**/*.json', '!../../schemas/screens/routes.json'], {
    eager: true,
    import: 'default',
  }),
).map(([path, doc]) => ({ id: path.replace(/^.*\/schemas\/screens\//, '').replace(/\.json$/, ''), doc }));

const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
// tsType: the type a generated TypeScript declaration uses (json-schema-to-typescript), not a validation keyword.
ajv.addKeyword('tsType');
addFormats(ajv);
ajv.addSchema([commonMeta, registerMeta, formMeta, menuMeta, pageMeta, fileBrowserMeta, routesMeta, uiMeta]);

/** schemas/meta/ui.schema.json compiled as `npm run gen` compiles it (generators/ui-schemas.ts). */
const validateUiSchema = uiSchemaValidator([commonMeta, registerMeta, uiMeta]);
const metaFor = {
  register: registerMeta.$id,
  form: formMeta.$id,
  menu: menuMeta.$id,
  page: pageMeta.$id,
  'file-browser': fileBrowserMeta.$id,
} as const;

/** A strict Ajv for conditions: an unknown keyword or a type-less numeric keyword is an error. */
const conditionAjv = new Ajv2020({ strict: true, strictTypes: true, allowUnionTypes: true });
addFormats(conditionAjv);
conditionAjv.addSchema([...ruleFamilies]);

/** The keys of the condition context (runtime/renderer/conditions.ts). */
const CONTEXT_KEYS = ['row', 'route', 'screen', 'user', 'selection', 'register', 'formData', 'loader'];

function calls(doc: ScreenDocument): CallSpec[] {
  const found: CallSpec[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if (typeof record.operation === 'string') found.push(record as unknown as CallSpec);
      // A form's own JSON Schema is data, not document structure.
      for (const [key, child] of Object.entries(record)) if (key !== 'schema') walk(child);
    }
  };
  walk(doc);
  return found;
}

function buttons(doc: ScreenDocument): ButtonSpec[] {
  if (doc.kind === 'register') return [...(doc.toolbar ?? []), ...(doc.rowActions ?? [])];
  if (doc.kind === 'form') return doc.buttons ?? [];
  return [];
}

/** Headers and option labels of data-table columns (administration-data.md §3 "Data table"). */
function columnMessageIds(columns: Array<{ header: string; options?: Array<{ label: string }> }>): string[] {
  return columns.flatMap((column) => [column.header, ...(column.options ?? []).map((option) => option.label)]);
}

/** The column lists of the data-table fields of a uiSchema (ui:field "data-table", ui:options.columns). */
function dataTableColumns(uiSchema: unknown): Array<Array<{ header: string; options?: Array<{ label: string }> }>> {
  if (Array.isArray(uiSchema)) return uiSchema.flatMap(dataTableColumns);
  if (!uiSchema || typeof uiSchema !== 'object') return [];
  const record = uiSchema as Record<string, unknown>;
  const own =
    record['ui:field'] === 'data-table'
      ? [((record['ui:options'] as { columns?: [] } | undefined)?.columns ?? []) as Array<{ header: string }>]
      : [];
  return [...own, ...Object.values(record).flatMap(dataTableColumns)];
}

function messageIds(doc: ScreenDocument): string[] {
  const ids: string[] = [doc.title, ...buttons(doc).map((b) => b.label)];
  for (const button of buttons(doc)) {
    if (button.action.confirm) ids.push(button.action.confirm.messageId);
    if (button.action.successMessageId) ids.push(button.action.successMessageId);
    if ('labelExport' in button.action && button.action.labelExport.menuName)
      ids.push(button.action.labelExport.menuName);
  }
  if (doc.kind === 'register') {
    ids.push(doc.emptyMessageId, ...columnMessageIds(doc.columns));
    if (doc.noResultsMessageId) ids.push(doc.noResultsMessageId);
    if (doc.saveRows?.label) ids.push(doc.saveRows.label);
    if (doc.saveRows?.successMessageId) ids.push(doc.saveRows.successMessageId);
  } else if (doc.kind === 'form') {
    ids.push(...Object.values(doc.messages ?? {}), ...uiSchemaMessageIds(doc.uiSchema ?? {}));
    ids.push(...dataTableColumns(doc.uiSchema ?? {}).flatMap((columns) => columnMessageIds(columns)));
    if (doc.submit) ids.push(doc.submit.label);
    if (doc.submit?.successMessageId) ids.push(doc.submit.successMessageId);
    if (doc.submit?.confirm) ids.push(doc.submit.confirm.messageId);
    if (doc.rowTitle) ids.push(doc.rowTitle);
  } else if (doc.kind === 'page') {
    if (doc.header) ids.push(doc.header);
    for (const input of doc.inputs ?? []) ids.push(input.label, ...input.options.map((o) => o.label));
    for (const part of doc.parts) if (part.label) ids.push(part.label);
  } else if (doc.kind === 'menu') {
    const all = (items: MenuItemSpec[]): MenuItemSpec[] => items.flatMap((item) => [item, ...all(item.items ?? [])]);
    ids.push(...all(doc.items).flatMap((item) => [item.title, ...(item.description ? [item.description] : [])]));
    if (doc.actionLabel) ids.push(doc.actionLabel);
  }
  return ids;
}

function widgetNames(uiSchema: unknown): string[] {
  if (Array.isArray(uiSchema)) return uiSchema.flatMap(widgetNames);
  if (!uiSchema || typeof uiSchema !== 'object') return [];
  return Object.entries(uiSchema as Record<string, unknown>).flatMap(([key, value]) =>
    (key === 'ui:widget' || key === 'ui:field') && typeof value === 'string' ? [value] : widgetNames(value),
  );
}

function routeTemplates(doc: ScreenDocument): string[] {
  const templates = buttons(doc).flatMap((b) => ('navigate' in b.action ? [b.action.navigate] : []));
  if (doc.kind === 'form' && doc.submit?.then?.navigate) templates.push(doc.submit.then.navigate);
  if (doc.kind === 'menu') {
    const all = (items: MenuItemSpec[]): MenuItemSpec[] => items.flatMap((item) => [item, ...all(item.items ?? [])]);
    templates.push(...all(doc.items).flatMap((item) => (item.route ? [item.route] : [])));
  }
  return templates;
}

/** Every value a fixed parameter (routes.json `params`) takes somewhere in the route table, by name. */
function fixedValues(): Map<string, Set<string>> {
  const values = new Map<string, Set<string>>();
  const visit = (nodes: RouteNode[]) => {
    for (const node of nodes) {
      for (const [name, value] of Object.entries(node.params ?? {}))
        values.set(name, (values.get(name) ?? new Set()).add(value));
      visit(node.children ?? []);
    }
  };
  visit(routeDocument.routes);
  return values;
}

/**
 * The paths a template fills to: a placeholder a fixed parameter gives takes each of its values (a shared
 * document's `{section}`: qa, health-and-safety), any other the number 7.
 */
function filledPaths(template: string): string[] {
  const fixed = fixedValues();
  let paths = [template];
  for (const name of templateNames(template)) {
    const values = name === 'formArea' ? ['quality-assurance'] : [...(fixed.get(name) ?? new Set(['7']))];
    paths = paths.flatMap((path) => values.map((value) => path.replace(`{${name}}`, value)));
  }
  return paths;
}

/** The path when a filled template reaches a route, or undefined for the not-found catch-all. */
function routeOf(path: string): string | undefined {
  const matches = matchRoutes(routes, path) ?? [];
  // A section's own splat route (its page) counts; the shell's not-found catch-all does not.
  return matches.length > 0 && !isUnknownPath(path) ? path : undefined;
}

/** The screen document of the deepest route node `path` reaches in routes.json. */
function routedScreenOf(path: string): string | undefined {
  let found: string | undefined;
  const nodeRoutes = (nodes: RouteNode[]): Parameters<typeof matchRoutes>[0] =>
    nodes.map((node) =>
      node.index
        ? { index: true, handle: node }
        : { path: node.path, handle: node, children: nodeRoutes(node.children ?? []) },
    );
  for (const match of matchRoutes(nodeRoutes(routeDocument.routes), path) ?? [])
    found = (match.route.handle as RouteNode).screen ?? found;
  return found;
}

describe('the route table (schemas/screens/routes.json)', () => {
  const all = (nodes: RouteNode[]): RouteNode[] => nodes.flatMap((node) => [node, ...all(node.children ?? [])]);

  it('is valid against its meta-schema', () => {
    const validate = ajv.getSchema(routesMeta.$id);
    expect(validate?.(routeDocument), JSON.stringify(validate?.errors, null, 2)).toBe(true);
  });

  it('asks only questions of existing operations, with the parameters each question reads (issue 19)', () => {
    const visit = (nodes: RouteNode[], inherited: string[]) => {
      for (const node of nodes) {
        const params = [
          ...inherited,
          ...Object.keys(node.params ?? {}),
          ...[...(node.path ?? '').matchAll(/:(\w+)/g)].map((m) => m[1]),
        ];
        if (node.can) {
          expect(Object.hasOwn(operations, node.can), node.can).toBe(true);
          const question = operations[node.can as keyof typeof operations].can;
          const read = [
            ...(question?.area.startsWith('{') ? [question.area.slice(1, -1)] : []),
            ...(question?.project ? [question.project] : []),
          ];
          for (const name of read) expect(params, `${node.path ?? 'index'}: ${node.can} reads ${name}`).toContain(name);
        }
        visit(node.children ?? [], params);
      }
    };
    visit(routeDocument.routes, []);
  });

  it("puts each form area's pages under its own section of the project (engine/rules/form-sections.ts)", () => {
    for (const [formArea, section] of Object.entries(FORM_SECTIONS)) {
      const register = formRegisterPath(7, formArea, 9);
      expect(register).toBe(`/projects/7/${section}/9`);
      for (const [path, screen] of [
        [register, 'quality-assurance/form-register'],
        [`${register}/add`, 'quality-assurance/form-entry'],
        [`${register}/entry/3`, 'quality-assurance/form-entry'],
      ]) {
        const matches = matchRoutes(routes, path) ?? [];
        const fixed = Object.assign({}, ...matches.map((m) => (m.route.handle as RouteHandle | undefined)?.params));
        expect(fixed, path).toMatchObject({ formArea, section });
        expect(routedScreenOf(path), path).toBe(screen);
      }
    }
  });

  it('names only existing pages, screens, guards, loaders and messages', () => {
    const ids = documents.map((d) => d.id);
    for (const node of all(routeDocument.routes)) {
      if (node.page) expect(Object.hasOwn(pages, node.page), node.page).toBe(true);
      if (node.screen) expect(ids, node.screen).toContain(node.screen);
      if (node.loader) expect(Object.hasOwn(routeLoaders, node.loader), node.loader).toBe(true);
      for (const guard of node.guards ?? []) expect(Object.hasOwn(guards, guard), guard).toBe(true);
      if (node.crumb?.messageId) expect(isMessageId(node.crumb.messageId), node.crumb.messageId).toBe(true);
      if (node.crumb?.template)
        for (const name of templateNames(node.crumb.template.replace(/\{(\w+)\.\w+\}/g, '{$1}')))
          expect(
            all(routeDocument.routes).some((n) => n.loader === name),
            `crumb reads loader ${name}`,
          ).toBe(true);
    }
  });
});

describe('screen documents', () => {
  it('are found', () => {
    expect(documents.map((d) => d.id).sort()).toEqual(
      expect.arrayContaining([
        'shell/home',
        'shell/login',
        'shell/client-chooser',
        'projects/project-list',
        'quality-assurance/form-list',
        'quality-assurance/form-register',
        'quality-assurance/form-entry',
      ]),
    );
  });

  it('every screen a route or a dialog shows exists', () => {
    for (const id of [...routedScreens, CLIENT_CHOOSER_SCREEN, TOP_MENU_SCREEN])
      expect(
        documents.map((d) => d.id),
        id,
      ).toContain(id);
  });

  it('compiled forms only use widgets of the registry', () => {
    for (const name of compiledWidgets) expect(isWidgetName(name), name).toBe(true);
  });

  it('name only ui: keys, widgets and widget options the uiSchema meta-schema lists (issue 20 part 6)', () => {
    // The lines `npm run gen` fails with, each naming the document and the key.
    expect(uiSchemaProblems(documents, validateUiSchema)).toEqual([]);
  });

  it('the uiSchema meta-schema lists widgets of the registry only, each with its options', () => {
    const listed = uiMeta.$defs.name.enum;
    for (const name of listed) expect(isWidgetName(name), name).toBe(true);
    expect(Object.keys(uiMeta.$defs.options).sort()).toEqual([...listed].sort());
  });

  for (const { id, doc } of documents) {
    describe(id, () => {
      it('is valid against its meta-schema and carries its path as id', () => {
        const validate = ajv.getSchema(metaFor[doc.kind]);
        expect(validate, `unknown kind ${doc.kind}`).toBeTypeOf('function');
        expect(validate?.(doc), JSON.stringify(validate?.errors, null, 2)).toBe(true);
        expect(doc.id).toBe(id);
      });

      it('names only existing operations, and lists every one it calls', () => {
        const called = calls(doc).map((c) => c.operation);
        for (const name of called) expect(Object.hasOwn(operations, name), name).toBe(true);
        const listed = 'operations' in doc ? (doc.operations ?? []) : [];
        for (const name of listed) expect(Object.hasOwn(operations, name), name).toBe(true);
        const byActions = buttons(doc).flatMap((b) => actionOperations(b.action));
        // An action kind's own calls (a modal's) are listed by the document.
        for (const name of byActions) expect([...called, ...listed], name).toContain(name);
        if (doc.kind === 'register') for (const name of called) expect(listed, name).toContain(name);
      });

      it('names only existing message ids', () => {
        for (const messageId of messageIds(doc)) expect(isMessageId(messageId), messageId).toBe(true);
        for (const key of MESSAGE_KEYS) expect(key.startsWith('ui:')).toBe(true);
      });

      it('names only existing widgets, named functions and machines', () => {
        if (doc.kind === 'form') {
          for (const name of widgetNames(doc.uiSchema ?? {})) expect(isWidgetName(name), name).toBe(true);
          const form = doc as FormDocument;
          if (form.source) expect(Object.hasOwn(formSources, form.source.name), form.source.name).toBe(true);
          if (form.load) expect(Object.hasOwn(toFormData, form.load.toFormData), form.load.toFormData).toBe(true);
          if (form.submit) expect(Object.hasOwn(bodyBuilders, form.submit.body), form.submit.body).toBe(true);
          for (const name of [form.fromInput, ...(form.prefill ?? []).map((p) => p.toFormData)])
            if (name) expect(Object.hasOwn(toFormData, name), name).toBe(true);
          if (form.validator) expect(Object.hasOwn(validators, form.validator), form.validator).toBe(true);
        }
        if (doc.kind === 'register') {
          const register = doc as RegisterDocument;
          if (register.entity) expect(Object.hasOwn(schemas, register.entity), register.entity).toBe(true);
          for (const name of [register.dynamicColumns, register.titleFrom]) {
            if (name) expect(Object.hasOwn(columnProviders, name), name).toBe(true);
          }
        }
      });

      it('has conditions a strict Ajv compiles, over the documented context, with rules that exist', () => {
        const conditions = buttons(doc).flatMap((button) => [
          button.visibleWhen,
          button.enabledWhen,
          button.action.confirm?.when,
        ]);
        if (doc.kind === 'form') conditions.push(doc.submit?.confirm?.when);
        for (const condition of conditions) {
          if (condition === undefined || typeof condition === 'boolean') continue;
          expect(() => conditionAjv.compile(condition as object)).not.toThrow();
          const top = Object.keys((condition as { properties?: object }).properties ?? {});
          for (const key of top) expect(CONTEXT_KEYS, key).toContain(key);
        }
      });

      it('shows only documents that exist in its parts and forms opened by its actions', () => {
        const ids = documents.map((d) => d.id);
        if (doc.kind === 'page') for (const part of doc.parts) expect(ids, part.screen).toContain(part.screen);
        for (const button of buttons(doc))
          if ('openForm' in button.action)
            expect(ids, button.action.openForm.screen).toContain(button.action.openForm.screen);
      });

      it('navigates only to routes that exist, with placeholders the route can fill', () => {
        for (const template of routeTemplates(doc)) {
          for (const path of filledPaths(template)) expect(routeOf(path), `${template}: ${path}`).toBeDefined();
          for (const name of templateNames(template)) expect(name).toMatch(/^[a-zA-Z]+$/);
        }
        if (doc.kind === 'menu') {
          const menu = doc as MenuDocument;
          expect(menu.items.length > 0 || menu.itemsFrom === 'sections').toBe(true);
        }
      });

      if (doc.kind === 'menu') {
        it('names only icons the menu icon registry holds', () => {
          const every = (items: MenuDocument['items']): MenuDocument['items'] =>
            items.flatMap((item) => [item, ...every(item.items ?? [])]);
          for (const item of every((doc as MenuDocument).items))
            if (item.icon) expect(Object.hasOwn(menuIcons, item.icon), item.icon).toBe(true);
        });
      }

      if (doc.kind === 'menu' && sectionMenus.has(id)) {
        it('is the menu its own pages pick (no dead link)', () => {
          const menu = doc as MenuDocument;
          const every = (items: MenuDocument['items']): MenuDocument['items'] =>
            items.flatMap((item) => [item, ...every(item.items ?? [])]);
          for (const item of every(menu.items)) {
            const path = (item.route ?? '').replace('{projectId}', '7');
            expect(sectionOf(path).menu?.id, path).toBe(menu.id);
            expect(activeItem(menu.items, path, 7)?.id, path).toBe(item.id);
          }
        });
      }
    });
  }
});
