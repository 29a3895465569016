/** RJSF's modules, and only they, get the Markdown that loads on demand (scripts/markdown-on-demand.ts). */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LAZY_MARKDOWN, markdownOnDemand } from './markdown-on-demand';

const resolve = markdownOnDemand().resolveId as (source: string, importer?: string) => string | null;
const modules = path.resolve(import.meta.dirname, '..', 'node_modules');

describe('markdown on demand', () => {
  it("gives RJSF's modules the lazily loading Markdown", () => {
    expect(existsSync(LAZY_MARKDOWN)).toBe(true);
    for (const importer of [
      '@rjsf/core/lib/components/RichDescription.js',
      '@rjsf/core/lib/components/widgets/FileWidget.js',
    ])
      expect(resolve('markdown-to-jsx/react', path.join(modules, importer))).toBe(LAZY_MARKDOWN);
  });

  it('leaves every other import alone', () => {
    expect(resolve('markdown-to-jsx/react', LAZY_MARKDOWN)).toBeNull();
    expect(resolve('markdown-to-jsx/react', undefined)).toBeNull();
    expect(resolve('react', path.join(modules, '@rjsf/core/lib/index.js'))).toBeNull();
  });
});
