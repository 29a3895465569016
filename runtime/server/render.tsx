/**
 * A form page's first screen, rendered on the server (issue 21 "Speed", docs/decisions.md "A form page comes with its
 * first screen"): the same route table, loaders and components as the browser's (../routes), rendered to HTML in
 * Node with react-dom/server, from the answers to the page's first calls that the server has just asked
 * (api/http/first-answers.ts). The page shows it at once, inert; the browser's app hydrates it once its code is in and
 * its router's first navigation has settled on the same answers (../main.tsx), and it is live from then on.
 *
 * Built by vite.render.config.ts into dist-render/render.js (`npm start`, scripts/start.mjs); the server's worker thread
 * (api/http/first-screen-worker.ts) imports it when it is there. The answers of each render are its own (an AsyncLocalStorage): two users' pages rendered at
 * once never see each other's. Node 20 has no DOM: the modules a form page renders read `document`, `window` and
 * `navigator` only behind a check, and DOMPurify is replaced by sanitize-html (./dompurify.ts).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { DESKTOP_VIEWPORT, type Viewport } from '../../engine/rules/first-viewport';
import { type FirstAnswer, serveFirstAnswersFrom } from '../api/first-answers';
import { loadScreen } from '../renderer/documents';
import { routes } from '../routes';
import { drawingFor } from '../shell/first-viewport';
import { forgetInsertedStyles, styleCache } from '../shell/style-cache';
import { loadTopBar } from '../shell/TopMenu';

/** What the server puts into the page: emotion's rules (before #root) and the markup inside #root. */
export interface FirstScreen {
  /** One <style> element with every rule the render used, as emotion's browser cache takes it over. */
  styles: string;
  /** The markup of #root, as the browser's first render makes it (style attributes as `data-first-style`). */
  html: string;
}

const pageAnswers = new AsyncLocalStorage<Map<string, FirstAnswer>>();
serveFirstAnswersFrom(() => pageAnswers.getStore());

// Emotion on the server writes its rules into the cache rather than as <style> elements inside the markup (they would
// not be the browser's markup, and hydration would fail on them): the render's rules are collected after it.
styleCache.compat = true;

let handler: ReturnType<typeof createStaticHandler> | undefined;

/**
 * The first screen of the page at `url` (an absolute URL: its path and query) as the browser's first render draws it,
 * from `answers` (`"<METHOD> <url>"` to the answer, as the page carries them), for a window of `viewport`
 * (../shell/first-viewport.ts); its <style> element carries `nonce`.
 * Undefined when the page cannot be drawn from the answers alone (a loader's call without an answer, a redirect, a
 * route error, a render that throws).
 */
export async function renderFirstScreen(
  url: string,
  answers: Readonly<Record<string, FirstAnswer>>,
  nonce: string,
  viewport: Viewport = DESKTOP_VIEWPORT,
): Promise<FirstScreen | undefined> {
  return pageAnswers.run(new Map(Object.entries(answers)), async () => {
    try {
      handler ??= createStaticHandler(routes);
      // The top bar's entries, the same for every user, loaded once (the browser loads them beside its first render).
      await loadTopBar();
      const context = await handler.query(new Request(url));
      if (context instanceof Response || context.errors) return undefined;
      const router = createStaticRouter(handler.dataRoutes, context);
      // The render is synchronous: the cache's rules after it are this page's alone.
      forgetInsertedStyles();
      const html = drawingFor(viewport, () =>
        renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />),
      );
      const rules = Object.entries(styleCache.inserted).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      );
      forgetInsertedStyles();
      const css = rules.map(([, rule]) => rule).join('');
      const ids = rules.map(([id]) => id).join(' ');
      const attributes = styleAttributesOut(html);
      return {
        styles: `<style nonce="${nonce}" data-emotion="${styleCache.key} ${ids}">${cssText(css + attributes.css)}</style>`,
        html: attributes.html,
      };
    } catch {
      return undefined;
    }
  });
}

/**
 * Loads what a form page's render needs (the route handler, the top bar's documents, the form screen's modules and
 * document), so that the first page asked for after the server starts is drawn as fast as the next ones (200-300 ms
 * sooner). The server calls it once it listens, without waiting for it; a failure is left for the first render.
 */
export async function warmFirstScreens(): Promise<void> {
  handler ??= createStaticHandler(routes);
  await Promise.all([
    loadTopBar(),
    import('../renderer/FormScreen'),
    import('../renderer/ScreenPage'),
    import('../renderer/ScreenView').then((m) => m.preloadView('form')),
    import('../shell/MuiRoot'),
    loadScreen('quality-assurance/form-entry'),
  ]);
}

/** CSS text safe inside a <style> element: `<` escaped (\3c), so nothing in it can end the element. */
function cssText(css: string): string {
  return css.replace(/</g, '\\3c ');
}

/** The text of an attribute value as React escapes it (&amp; &lt; &gt; &quot; &#x27;). */
function unescapeAttribute(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/**
 * `html` with its `style` attributes (React's `style` props) as `data-first-style` attributes of the same value, and
 * the rules that give those elements their declarations (`!important`, as an attribute's would win over the
 * classes'): the pages' Content-Security-Policy allows styles by nonce only, and a style attribute has none. The
 * browser moves each back into the element's style (through the DOM, which the policy allows) before it hydrates
 * (../main.tsx), so that the elements are as React made them.
 */
export function styleAttributesOut(html: string): { html: string; css: string } {
  const rules = new Map<string, string>();
  const out = html.replace(/ style="([^"]*)"/g, (_, value: string) => {
    if (!rules.has(value)) {
      const declarations = unescapeAttribute(value)
        .split(';')
        // A brace would end the rule: such a declaration (none of the runtime's) is left out.
        .filter((declaration) => declaration.trim() !== '' && !/[{}]/.test(declaration))
        .map((declaration) => `${declaration} !important`)
        .join(';');
      const selector = unescapeAttribute(value).replace(/["\\\n]/g, (c) => (c === '\n' ? '\\a ' : `\\${c}`));
      rules.set(value, `[data-first-style="${selector}"]{${declarations}}`);
    }
    return ` data-first-style="${value}"`;
  });
  return { html: out, css: [...rules.values()].join('') };
}
