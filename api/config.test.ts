/** The server's configuration (api/config.ts): the first screen's settings. */
import { describe, expect, it } from 'vitest';
import { readConfig } from './config';
import { FIRST_SCREEN_MAX_LOAD } from './http/loop-load';

describe('readConfig', () => {
  it('reads where the first-screen render is and up to which load it draws', () => {
    expect(readConfig({}).renderDir).toBe('./dist-render');
    expect(readConfig({ RENDER_DIR: '/srv/render' }).renderDir).toBe('/srv/render');
    expect(readConfig({}).firstScreenMaxLoad).toBe(FIRST_SCREEN_MAX_LOAD);
    expect(readConfig({ FIRST_SCREEN_MAX_LOAD: '1' }).firstScreenMaxLoad).toBe(1);
    expect(readConfig({ FIRST_SCREEN_MAX_LOAD: '0' }).firstScreenMaxLoad).toBe(0);
  });

  it('refuses a load outside 0 to 1, naming the variable', () => {
    for (const value of ['1.5', '-0.1', 'busy'])
      expect(() => readConfig({ FIRST_SCREEN_MAX_LOAD: value })).toThrow(/FIRST_SCREEN_MAX_LOAD/);
  });
});
