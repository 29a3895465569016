/**
 * The sections of the platform and their access areas, as data (issue 20 part 7; shell-access-navigation.md §2.1,
 * §2.3, §2.4, §6; docs/access.md, docs/shell.md): one document per section in schemas/sections (meta-schema
 * schemas/meta/section.schema.json), registered by `npm run gen` (engine/types/generated/sections.ts). A section
 * names the path its pages live under, the menus its paths show with the guard of each, the access area it is
 * checked in, and its entry on the top bar and home. This module reads them for
 * - engine/rules/access.ts: an area's flags, the area its project pages are checked in, a form area's access types;
 * - engine/rules/section-menu.ts: the section and menu of a path;
 * - the top bar and home (runtime/shell/TopMenu.tsx, runtime/renderer/MenuScreen.tsx): their entries.
 * Pure: the documents are imported, so the browser and the server read the same ones.
 */
import type { MessageId } from '../messages/catalogue';
import type { AreaFlags } from '../types/generated';
import {
  type AccessAreaDefinition,
  registeredSections,
  type SectionDocument,
  type SectionMenu,
} from '../types/generated/sections';

export type { AccessAreaDefinition, SectionDocument, SectionMenu };

/** Every section document, by id. */
export const sections: ReadonlyMap<string, SectionDocument> = new Map(registeredSections.map((s) => [s.id, s]));

/** The areas the sections declare (an `area` object), by name: the section's id. */
export const accessAreas: ReadonlyMap<string, AccessAreaDefinition> = new Map(
  registeredSections.flatMap((s) => (typeof s.area === 'object' ? [[s.id, s.area] as const] : [])),
);

/** The name of the area a section is checked in: its own, or the one it names. */
export function areaOfSection(section: SectionDocument): string {
  return typeof section.area === 'object' ? section.id : section.area;
}

/** The flags of an area; an area no section declares has none (no one but an admin or accessAll gets in). */
function flagsOf(area: string): AccessAreaDefinition['flags'] | undefined {
  return accessAreas.get(area)?.flags;
}

/** The flag of an area's admin pages (and of the flag-only areas as a whole), or undefined for no such area. */
export function adminFlag(area: string): keyof AreaFlags | undefined {
  return flagsOf(area)?.admin;
}

/**
 * The area whose project flags open `area`'s project-level pages: its `projectArea` (quality assurance and health
 * and safety: projects), else itself.
 */
export function projectAreaOf(area: string): string {
  return accessAreas.get(area)?.projectArea ?? area;
}

/** The flags that open `area`'s projects: "all" (every project) and "their" (the user's own); none: {}. */
export function projectFlags(area: string): { all?: keyof AreaFlags; their?: keyof AreaFlags } {
  const flags = flagsOf(projectAreaOf(area));
  return { all: flags?.all, their: flags?.their };
}

/** A form area's access types (name → code of the 'general' area), by area: quality assurance, health and safety. */
export const accessTypes: Readonly<Record<string, Readonly<Record<string, number>>>> = Object.fromEntries(
  [...accessAreas].flatMap(([name, area]) => (area.accessTypes ? [[name, area.accessTypes]] : [])),
);

/** The codes of a form area's access types (quality assurance 23-28, health and safety 15-22); none: undefined. */
export function areaCodes(area: string): number[] | undefined {
  return isFormArea(area) ? Object.values(accessTypes[area]) : undefined;
}

/** True for an area with access types: a form area of its own (its forms are checked in it, not in projects). */
export function isFormArea(area: string): boolean {
  return Object.hasOwn(accessTypes, area);
}

/**
 * The areas with projects of their own (an "all" or "their" flag: projects, qs, estimating, locations): the
 * `{type}` of GET /api/projects/getall/{type}.
 */
export function projectAreas(): string[] {
  return [...accessAreas].filter(([, area]) => area.flags.all || area.flags.their).map(([name]) => name);
}

/**
 * The areas a project question may name (the `{type}` of GET /api/authorization/{type}/{projectId}): those with
 * projects of their own and those whose project pages live in another's (quality assurance, health and safety).
 */
export function projectQuestionAreas(): string[] {
  return [...accessAreas]
    .filter(([, area]) => area.flags.all || area.flags.their || area.projectArea)
    .map(([name]) => name);
}

/** What a menu document serves in its section: the mode and the section's paths around it. */
export interface SectionMenuPlace {
  /** The menu document's id (schemas/screens/menus/...). */
  id: string;
  /** The area the menu's guard, items and Edit link are checked in. */
  area: string;
  mode: 'view' | 'edit' | 'admin';
  /** The named guard the shell runs for every path the menu serves (runtime/shell/guard-checks.ts). */
  guard: SectionMenu['guard'];
  /** The path the menu's items start from; an item at `base` (its Home) is active only there. */
  base: string;
  /** The view menu's Edit link (shown with activity Edit). */
  editLink?: string;
  /** The edit menu's link back to the view menu. */
  viewLink?: string;
}

/**
 * The place of one of a section's menus: view `{path}/{projectId}` (with the Edit link when there is an edit
 * menu), edit `{path}/{projectId}/edit` (with the View link back), admin `{path}`.
 * @throws Error when the section has no such menu or no path (a programming error: callers pick declared menus)
 */
export function menuPlace(section: SectionDocument, mode: 'view' | 'edit' | 'admin'): SectionMenuPlace {
  const declared = section.menus?.[mode];
  if (!declared || !section.path) throw new Error(`Section ${section.id} has no ${mode} menu`);
  const project = `${section.path}/{projectId}`;
  const base = mode === 'admin' ? section.path : mode === 'edit' ? `${project}/edit` : project;
  const place: SectionMenuPlace = {
    id: declared.menu,
    area: areaOfSection(section),
    mode,
    guard: declared.guard,
    base,
  };
  if (mode === 'view' && section.menus?.edit) place.editLink = `${project}/edit`;
  if (mode === 'edit') place.viewLink = project;
  return place;
}

/** Segments of a path, without empty ones: '/procurement/plant/' → ['procurement', 'plant']. */
export function segmentsOf(path: string): string[] {
  return path.split('/').filter((s) => s !== '');
}

/** The section whose path is the longest one `pathname` starts with (whole segments), or undefined. */
export function sectionOfPath(pathname: string): SectionDocument | undefined {
  const segments = segmentsOf(pathname);
  let best: SectionDocument | undefined;
  let bestLength = 0;
  for (const section of sections.values()) {
    if (!section.path) continue;
    const own = segmentsOf(section.path);
    if (own.length > bestLength && own.every((segment, i) => segments[i] === segment)) {
      best = section;
      bestLength = own.length;
    }
  }
  return best;
}

/** An item of the top bar or home built from the sections' entries (the shape of a menu document's item). */
export interface SectionEntryItem {
  id: string;
  title: MessageId;
  route?: string;
  icon?: string;
  /** Shown to the users who may `action` the area (engine/rules/menus.ts). */
  area?: string;
  action?: 'view' | 'admin';
  /** A top-bar group's sections (Plant & Material). */
  items?: SectionEntryItem[];
  /** A top-bar drop-down of this menu document's items (the Admin entry: the settings menu). */
  menu?: string;
}

/** The sections with an entry, by their order (then id). */
function entrySections(): SectionDocument[] {
  return [...sections.values()]
    .filter((s) => s.entry)
    .sort((a, b) => a.entry!.order - b.entry!.order || a.id.localeCompare(b.id));
}

/**
 * The entries of the sections, in their order (shell-access-navigation.md §2.1 home, §2.4 top bar):
 * - `tiles` (home): one item per section, with its icon and route;
 * - `topBar`: one item per section, but the sections of a `topBar.group` share one drop-down at the place of the
 *   first, and an entry with `topBar.menu` is a drop-down of the section's admin menu (its `menu`, which the
 *   caller loads: menu documents travel with their section's chunk).
 * Each item is shown to the users who may `needs` the section's area (`area`, `action`).
 */
export function sectionEntries(layout: 'tiles' | 'topBar'): SectionEntryItem[] {
  const out: SectionEntryItem[] = [];
  const groups = new Map<string, SectionEntryItem>();
  for (const section of entrySections()) {
    const entry = section.entry!;
    const item: SectionEntryItem = {
      id: section.id,
      title: entry.title,
      route: entry.route,
      area: areaOfSection(section),
      action: entry.needs ?? 'view',
    };
    if (layout === 'tiles') {
      if (entry.icon) item.icon = entry.icon;
      out.push(item);
      continue;
    }
    const group = entry.topBar?.group;
    if (group) {
      let shared = groups.get(group.id);
      if (!shared) {
        shared = { id: group.id, title: group.title, items: [] };
        groups.set(group.id, shared);
        out.push(shared);
      }
      shared.items!.push(item);
    } else if (entry.topBar?.menu) {
      const { route: _landing, ...dropDown } = item;
      out.push({ ...dropDown, menu: menuPlace(section, entry.topBar.menu).id });
    } else out.push(item);
  }
  return out;
}
