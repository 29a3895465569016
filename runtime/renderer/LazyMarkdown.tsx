/**
 * markdown-to-jsx's `Markdown` as RJSF's own modules get it in the build (vite.config.ts `markdownOnDemand`): the
 * library (some 85 KB of script) loads the first time a text is drawn with it. RJSF imports it statically for what
 * this platform does not use (descriptions and help with `ui:enableMarkdownInDescription`/`enableMarkdownInHelp`, its
 * own file widget) and for its messages about a field it cannot show; every form page parsed it before its first
 * line ran (issue 21 "Speed", docs/performance.md "What a form page parses"). Until the library is in, the text shows
 * as it is written.
 */
import { type ComponentProps, lazy, Suspense } from 'react';

const Real = lazy(() => import('markdown-to-jsx/react').then((module) => ({ default: module.Markdown })));

/** Props of markdown-to-jsx's Markdown: its text as children, its options, any other props for its wrapper. */
type MarkdownProps = ComponentProps<typeof Real>;

/**
 * markdown-to-jsx's Markdown, loaded on its first use.
 * @param props what markdown-to-jsx's Markdown takes: the markdown text as `children`, `options`, wrapper props
 */
export function Markdown(props: MarkdownProps) {
  return (
    <Suspense fallback={<span>{props.children}</span>}>
      <Real {...props} />
    </Suspense>
  );
}
