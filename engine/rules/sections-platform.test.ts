/**
 * What the platform's section documents declare (schemas/sections; issue 20 part 7) is what it had in TypeScript
 * before: the areas and flags of docs/access.md "Areas and flags", the form areas' access types of
 * shell-access-navigation.md §6, the top bar and home of docs/shell.md. (A new section changes these expectations;
 * ./sections.test.ts holds what every section must satisfy.)
 */
import { describe, expect, it } from 'vitest';
import {
  accessAreas,
  accessTypes,
  adminFlag,
  isFormArea,
  projectAreaOf,
  projectAreas,
  projectFlags,
  projectQuestionAreas,
  sectionEntries,
} from './sections';

describe('the access areas they declare (docs/access.md "Areas and flags")', () => {
  it('open each area by the flags of the table', () => {
    const table = {
      projects: ['accessAllProjects', 'accessTheirProjects', 'accessAllProjects'],
      qs: ['accessAllQS', 'accessTheirQS', 'accessAllQS'],
      estimating: ['accessAllEstimating', 'accessTheirEstimating', 'accessAllEstimating'],
      locations: ['accessLocations', undefined, 'accessLocations'],
      'quality-assurance': ['accessAllProjects', 'accessTheirProjects', 'accessQA'],
      'health-and-safety': ['accessAllProjects', 'accessTheirProjects', 'accessHS'],
      hr: [undefined, undefined, 'accessHR'],
      plant: [undefined, undefined, 'accessPlants'],
      materials: [undefined, undefined, 'accessMaterials'],
      settings: [undefined, undefined, 'accessAdmin'],
    };
    expect([...accessAreas.keys()].sort()).toEqual(Object.keys(table).sort());
    for (const [area, [all, their, admin]] of Object.entries(table)) {
      expect(projectFlags(area), area).toEqual({ all, their });
      expect(adminFlag(area), area).toBe(admin);
    }
    expect(projectAreaOf('quality-assurance')).toBe('projects');
    expect(projectAreaOf('qs')).toBe('qs');
    expect(adminFlag('nowhere')).toBeUndefined();
  });

  it('give the form areas their access types (shell-access-navigation.md §6)', () => {
    expect(accessTypes).toEqual({
      'health-and-safety': {
        Documents: 15,
        Audits: 16,
        Inductions: 17,
        Inspections: 18,
        Reports: 19,
        Meetings: 20,
        ToolboxTalk: 21,
        ExportSettings: 22,
      },
      'quality-assurance': {
        Documents: 23,
        Audits: 24,
        Inspections: 25,
        Reports: 26,
        Meetings: 27,
        ExportSettings: 28,
      },
    });
    expect(isFormArea('quality-assurance')).toBe(true);
    expect(isFormArea('qs')).toBe(false);
  });

  it('know the areas with projects of their own, and those a project question may name', () => {
    expect(projectAreas().sort()).toEqual(['estimating', 'locations', 'projects', 'qs']);
    expect(projectQuestionAreas().sort()).toEqual([
      'estimating',
      'health-and-safety',
      'locations',
      'projects',
      'qs',
      'quality-assurance',
    ]);
  });
});

describe('the top bar and home built from them (shell-access-navigation.md §2.1, §2.4)', () => {
  const row = (item: ReturnType<typeof sectionEntries>[number]) => [
    item.id,
    item.title,
    item.route,
    item.area,
    item.action,
  ];

  it('give the top bar its eight entries: Plant & Material one drop-down, Admin the settings menu', () => {
    const bar = sectionEntries('topBar');
    expect(bar.map((item) => [item.id, item.title])).toEqual([
      ['projects', 'shell.projects'],
      ['qs', 'shell.quantitySurveying'],
      ['estimating', 'shell.estimating'],
      ['locations', 'shell.locations'],
      ['plant-material', 'shell.plantMaterial'],
      ['quality-assurance', 'shell.qualityAssurance'],
      ['health-and-safety', 'shell.healthSafety'],
      ['settings', 'shell.admin'],
    ]);
    expect(row(bar[0])).toEqual(['projects', 'shell.projects', '/projects', 'projects', 'view']);
    expect(row(bar[1])).toEqual(['qs', 'shell.quantitySurveying', '/qs/summary', 'qs', 'admin']);
    expect(bar[4].route).toBeUndefined();
    expect(bar[4].items?.map(row)).toEqual([
      ['materials', 'menu.procurementMaterials.title', '/procurement/materials/orders', 'materials', 'admin'],
      ['plant', 'menu.procurementPlant.title', '/procurement/plant/internal-plant', 'plant', 'admin'],
    ]);
    expect(bar[7]).toEqual({
      id: 'settings',
      title: 'shell.admin',
      area: 'settings',
      action: 'admin',
      menu: 'menus/settings',
    });
  });

  it('give home one tile per section with its icon', () => {
    expect(sectionEntries('tiles').map((item) => [...row(item), item.icon])).toEqual([
      ['projects', 'shell.projects', '/projects', 'projects', 'view', 'projects'],
      ['qs', 'shell.quantitySurveying', '/qs/summary', 'qs', 'admin', 'qs'],
      ['estimating', 'shell.estimating', '/estimating/admin/tender', 'estimating', 'admin', 'estimating'],
      ['locations', 'shell.locations', '/locations', 'locations', 'view', 'locations'],
      [
        'materials',
        'menu.procurementMaterials.title',
        '/procurement/materials/orders',
        'materials',
        'admin',
        'materials',
      ],
      ['plant', 'menu.procurementPlant.title', '/procurement/plant/internal-plant', 'plant', 'admin', 'plant'],
      [
        'quality-assurance',
        'shell.qualityAssurance',
        '/quality-assurance/documents',
        'quality-assurance',
        'admin',
        'quality-assurance',
      ],
      [
        'health-and-safety',
        'shell.healthSafety',
        '/health-and-safety/documents',
        'health-and-safety',
        'admin',
        'health-and-safety',
      ],
      ['settings', 'shell.admin', '/settings/lookupvalues', 'settings', 'admin', 'settings'],
    ]);
  });
});
