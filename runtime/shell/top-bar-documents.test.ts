/** The top bar's documents go out together, once a page (runtime/shell/top-bar-documents.ts). */
import { describe, expect, it, vi } from 'vitest';
import { sectionEntries } from '../../engine/rules/sections';

describe('the top bar documents', () => {
  it("asks for the bar's document and every drop-down menu of its section entries at once, once a page", async () => {
    vi.resetModules();
    const { startTopBarDocuments, TOP_MENU_SCREEN } = await import('./top-bar-documents');
    const asked: string[] = [];
    const load = (id: string) => {
      asked.push(id);
      return id === TOP_MENU_SCREEN ? Promise.resolve({}) : Promise.reject(new Error('offline'));
    };
    const menus = sectionEntries('topBar').flatMap((entry) => (entry.menu ? [entry.menu] : []));
    // The Admin entry's settings menu at least.
    expect(menus).toContain('menus/settings');
    expect(startTopBarDocuments(load)).toEqual([TOP_MENU_SCREEN, ...menus]);
    expect(asked).toEqual([TOP_MENU_SCREEN, ...menus]);
    // A failed load is nobody's unhandled rejection; a second call asks nothing.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(startTopBarDocuments(load)).toEqual([]);
    expect(asked).toHaveLength(1 + menus.length);
  });
});
