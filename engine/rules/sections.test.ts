/**
 * The section documents (schemas/sections; issue 20 part 7): valid against their meta-schema, every name they use
 * declared (areas, flags, menus, messages). What the platform's sections declare is held by
 * ./sections-platform.test.ts; the menus and routes they open are checked in the browser's terms by
 * runtime/shell/sections.test.ts. A new section (docs/authoring.md) must pass this file as it is.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { isMessageId } from '../messages/catalogue';
import { accessAreas, areaOfSection, projectFlags, sections } from './sections';

const root = join(__dirname, '../..');
const json = (path: string) => JSON.parse(readFileSync(join(root, path), 'utf8'));
const files = readdirSync(join(root, 'schemas/sections')).filter((f) => f.endsWith('.json'));

describe('section documents', () => {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  ajv.addKeyword('tsType');
  ajv.addSchema([json('schemas/meta/common.schema.json'), json('schemas/meta/section.schema.json')]);
  const validate = ajv.getSchema('https://site-forms.dev/schemas/meta/section.schema.json')!;

  it.each(files)('%s is valid against schemas/meta/section.schema.json, named by its file, and registered', (file) => {
    const doc = json(`schemas/sections/${file}`);
    expect(validate(doc), JSON.stringify(validate.errors)).toBe(true);
    expect(doc.id).toBe(file.replace(/\.json$/, ''));
    expect(sections.get(doc.id)).toEqual(doc); // `npm run gen` has registered it as it is
  });

  it('are every file of the folder (none registered that is gone)', () => {
    expect([...sections.keys()].sort()).toEqual(files.map((f) => f.replace(/\.json$/, '')).sort());
  });

  it('name only declared areas, flags of the employee, existing menus and messages', () => {
    const flagNames = Object.keys(json('schemas/entities/user.schema.json').$defs.areaFlags.properties);
    expect(flagNames).toHaveLength(14); // administration-data.md §3 Employee
    for (const section of sections.values()) {
      expect(accessAreas.has(areaOfSection(section)), section.id).toBe(true);
      if (typeof section.area === 'object') {
        for (const flag of Object.values(section.area.flags)) expect(flagNames, section.id).toContain(flag);
        const { projectArea } = section.area;
        if (projectArea) expect(projectFlags(projectArea).all, `${section.id} projectArea`).toBeDefined();
      }
      for (const { menu } of Object.values(section.menus ?? {}))
        expect(json(`schemas/screens/${menu}.json`).id, `${section.id}: ${menu}`).toBe(menu);
      if (section.menus) expect(section.path, `${section.id} has menus but no path`).toBeDefined();
      if (section.entry) {
        expect(isMessageId(section.entry.title), section.entry.title).toBe(true);
        const group = section.entry.topBar?.group;
        if (group) expect(isMessageId(group.title), group.title).toBe(true);
        if (section.entry.topBar?.menu) expect(section.menus?.[section.entry.topBar.menu]).toBeDefined();
        expect(section.entry.route.startsWith(`${section.path}/`) || section.entry.route === section.path).toBe(true);
      }
    }
  });

  it('give each menu document to one section, and each path to one section', () => {
    const named = [...sections.values()].flatMap((s) => Object.values(s.menus ?? {}).map((m) => m.menu));
    expect(new Set(named).size).toBe(named.length);
    const menuFiles = readdirSync(join(root, 'schemas/screens/menus')).map((f) => `menus/${f.replace(/\.json$/, '')}`);
    expect(named.sort()).toEqual(menuFiles.sort());
    const paths = [...sections.values()].flatMap((s) => (s.path ? [s.path] : []));
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('agree on the title of a top-bar group', () => {
    const titles = new Map<string, Set<string>>();
    for (const section of sections.values()) {
      const group = section.entry?.topBar?.group;
      if (group) titles.set(group.id, (titles.get(group.id) ?? new Set()).add(group.title));
    }
    for (const [id, set] of titles) expect(set.size, id).toBe(1);
  });

  it('declare every area the operation catalogue and the screens ask about', () => {
    const asked = new Set<string>();
    const walk = (value: unknown) => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object')
        for (const [key, child] of Object.entries(value)) {
          if (key === 'area' && typeof child === 'string') asked.add(child);
          else walk(child);
        }
    };
    walk(json('schemas/api/operations.json'));
    const screens = (dir: string): string[] =>
      readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? screens(`${dir}/${e.name}`) : e.name.endsWith('.json') ? [`${dir}/${e.name}`] : [],
      );
    for (const file of screens('schemas/screens')) walk(json(file));
    asked.delete('{formArea}');
    asked.delete('{type}');
    expect(asked.size).toBeGreaterThan(2);
    for (const area of asked) expect(accessAreas.has(area), area).toBe(true);
  });
});
