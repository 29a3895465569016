/**
 * A Vite plugin of the front end's build (vite.config.ts; issue 21 "Speed", docs/performance.md "What a form page
 * parses"): RJSF's modules get markdown-to-jsx's `Markdown` from runtime/renderer/LazyMarkdown.tsx, which loads the
 * library on its first use. RJSF imports it statically, for texts this platform does not draw as markdown
 * (descriptions and help with `ui:enableMarkdown…`, its own file widget, its messages about a field it cannot show):
 * some 85 KB of script that every form page parsed before its first line ran. Every other importer (LazyMarkdown's own
 * `import()` among them) gets the library as it is.
 */
import path from 'node:path';
import type { Plugin } from 'vite';

/** The module RJSF's imports of markdown-to-jsx's React entry resolve to. */
export const LAZY_MARKDOWN = path.resolve(import.meta.dirname, '..', 'runtime', 'renderer', 'LazyMarkdown.tsx');

/** An importer inside @rjsf's packages. */
const RJSF_MODULE = /[\\/]node_modules[\\/]@rjsf[\\/]/;

/**
 * The plugin.
 * @returns a Vite plugin resolving `markdown-to-jsx/react` to {@link LAZY_MARKDOWN} for RJSF's modules, and leaving
 *   every other import to Vite
 */
export function markdownOnDemand(): Plugin {
  return {
    name: 'markdown-on-demand',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === 'markdown-to-jsx/react' && importer && RJSF_MODULE.test(importer) ? LAZY_MARKDOWN : null;
    },
  };
}
