/**
 * A faster jsdom `getComputedStyle` for the jsdom tests (runtime/test/setup.ts), with the same answers.
 *
 * Why: testing-library's role queries compute accessible names, which ask for the computed style of every element
 * they look at and of its ancestors (display, visibility). jsdom 26 answers each by matching every rule of every
 * style sheet of the page against the element (`forEachMatchingSheetRuleOfElement`, jsdom's
 * lib/jsdom/living/helpers/style-rules.js), and MUI's emotion writes one `<style>` per rule, about a thousand in a
 * test: a third of a form test's CPU time went there (docs/testing.md "How long the suite takes"). Past 1,000
 * distinct selectors nwsapi's compiled-selector cache also starts evicting, so every rule is compiled again.
 *
 * What changes: before a rule's selector goes to nwsapi, a check that cannot be wrong rules most of them out: the
 * rightmost compound selector of each selector of the rule's list names a class (or an element type) that the
 * element lacks. Classes and types are compared lower-cased, so the check only ever lets more rules through than
 * can match. The document's rules are indexed by that class or type once (and extended as sheets are added), so an
 * element looks only at the rules of its own classes and type and those that need neither. The rules that pass go
 * to jsdom's own matcher in jsdom's order (the default style sheet, then the document's sheets; `@media` rules only
 * when their media list holds `screen`, as jsdom does), and the element's declaration is built and stored in jsdom's
 * own per-document style cache (`_styleCache`, emptied by jsdom on every DOM change) exactly as jsdom builds it.
 * jsdom's `getComputedStyle` then finds it there, as it finds the ancestors' (their look-up goes through the
 * module's export, which this replaces).
 *
 * Tied to jsdom 26's internals (the module paths below, `_styleCache`, `styleSheets._list`):
 * runtime/test/computed-style.test.ts compares the answers with jsdom's own on MUI pages and fails when they differ
 * or when the internals moved.
 */
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const jsdomRoot = path.dirname(require.resolve('jsdom/package.json'));
const fromJsdom = createRequire(path.join(jsdomRoot, 'package.json'));

interface CssRuleLike {
  selectorText?: string;
  media?: ArrayLike<string>;
  cssRules?: ArrayLike<CssRuleLike>;
  style: CssDeclarationLike;
}
interface CssDeclarationLike extends ArrayLike<string> {
  getPropertyValue(property: string): string;
  getPropertyPriority(property: string): string;
  setProperty(property: string, value: string, priority?: string): void;
  removeProperty(property: string): string;
}
interface SheetLike {
  cssRules: ArrayLike<CssRuleLike>;
}
interface ElementImpl {
  localName: string;
  style: CssDeclarationLike;
  getAttributeNS(namespace: string | null, name: string): string | null;
  _ownerDocument: { _styleCache: WeakMap<ElementImpl, CssDeclarationLike> | null; styleSheets: { _list: SheetLike[] } };
}

const styleRules = fromJsdom('./lib/jsdom/living/helpers/style-rules.js') as {
  getDeclarationForElement: (element: ElementImpl) => CssDeclarationLike;
  /** jsdom's own function, kept when the faster one replaced it (once per worker). */
  __jsdomGetDeclarationForElement?: (element: ElementImpl) => CssDeclarationLike;
};
const { matchesDontThrow } = fromJsdom('./lib/jsdom/living/helpers/selectors.js') as {
  matchesDontThrow: (element: ElementImpl, selector: string | undefined) => boolean;
};
const idlUtils = fromJsdom('./lib/jsdom/living/generated/utils.js') as {
  implForWrapper: (wrapper: unknown) => unknown;
};
const cssom = fromJsdom('rrweb-cssom') as { parse: (css: string) => SheetLike };
const { CSSStyleDeclaration } = fromJsdom('cssstyle') as { CSSStyleDeclaration: new () => CssDeclarationLike };
const defaultStyleSheet = fromJsdom('./lib/jsdom/browser/default-stylesheet.js') as string;

/** A rule as jsdom would try it, with what an element must have for it to possibly match. */
interface Candidate {
  rule: CssRuleLike;
  /** One of these (lower-case) classes, or null when no class is required. */
  classes: string[] | null;
  /** One of these (lower-case) element types, or null when no type is required. */
  types: string[] | null;
}

const IDENT = /[-\w\u00a0-\uffff]/;

/**
 * What an element must have to match `selector` (a selector list): for each complex selector, a class or type its
 * rightmost compound names at the top level (not inside `:not(...)` or `[...]`). Null when any selector of the list
 * requires neither, or when the text holds escapes or namespaces (then the rule is always tried).
 */
export function requirements(
  selector: string | undefined,
): { classes: string[] | null; types: string[] | null } | null {
  if (typeof selector !== 'string' || selector.includes('\\') || selector.includes('|')) return null;
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(selector.slice(start, i));
      start = i + 1;
    }
  }
  if (quote || depth !== 0) return null;
  parts.push(selector.slice(start));
  const classes: string[] = [];
  const types: string[] = [];
  let allClasses = true;
  let allTypes = true;
  for (const part of parts) {
    const compound = rightmostCompound(part.trim());
    if (compound === null) return null;
    const need = compoundNeeds(compound);
    if (need.cls) classes.push(need.cls);
    else allClasses = false;
    if (need.type) types.push(need.type);
    else allTypes = false;
    if (!allClasses && !allTypes) return null;
  }
  return { classes: allClasses ? classes : null, types: allTypes ? types : null };
}

/** The text after the last top-level combinator (space, >, +, ~), or null when it cannot be told. */
function rightmostCompound(complex: string): string | null {
  let depth = 0;
  let quote = '';
  let last = 0;
  for (let i = 0; i < complex.length; i++) {
    const c = complex[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (depth === 0 && (c === ' ' || c === '>' || c === '+' || c === '~' || c === '\n' || c === '\t'))
      last = i + 1;
  }
  const compound = complex.slice(last);
  return compound === '' ? null : compound;
}

/** The first top-level class and the type selector of a compound selector, lower-cased. */
function compoundNeeds(compound: string): { cls?: string; type?: string } {
  const need: { cls?: string; type?: string } = {};
  if (IDENT.test(compound[0]) && compound[0] !== '-') {
    let end = 1;
    while (end < compound.length && IDENT.test(compound[end])) end++;
    need.type = compound.slice(0, end).toLowerCase();
  }
  let depth = 0;
  let quote = '';
  for (let i = 0; i < compound.length; i++) {
    const c = compound[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === '.' && depth === 0) {
      let end = i + 1;
      while (end < compound.length && IDENT.test(compound[end])) end++;
      if (end > i + 1) {
        need.cls = compound.slice(i + 1, end).toLowerCase();
        break;
      }
    }
  }
  return need;
}

/** A sheet's rules in jsdom's order with their requirements; rebuilt when the sheet's rule count changes. */
const compiled = new WeakMap<SheetLike, { length: number; candidates: Candidate[] }>();

function candidatesOf(sheet: SheetLike): Candidate[] {
  const known = compiled.get(sheet);
  if (known && known.length === sheet.cssRules.length) return known.candidates;
  const candidates: Candidate[] = [];
  const add = (rule: CssRuleLike) => {
    const need = requirements(rule.selectorText);
    candidates.push({ rule, classes: need?.classes ?? null, types: need?.types ?? null });
  };
  for (const rule of Array.from(sheet.cssRules)) {
    if (rule.media) {
      if (Array.prototype.indexOf.call(rule.media, 'screen') !== -1)
        for (const inner of Array.from(rule.cssRules ?? [])) add(inner);
    } else add(rule);
  }
  compiled.set(sheet, { length: sheet.cssRules.length, candidates });
  return candidates;
}

let parsedDefault: SheetLike | undefined;

/**
 * Every rule of a document jsdom would try, in jsdom's order, with the positions of those that need a class (by
 * class), of those that need only an element type (by type), and of the rest. Extended while sheets are only added
 * at the end (emotion adds one `<style>` per rule), built again when one was removed or changed.
 */
interface RuleIndex {
  sheets: SheetLike[];
  lengths: number[];
  candidates: Candidate[];
  byClass: Map<string, number[]>;
  byType: Map<string, number[]>;
  always: number[];
}
const indexes = new WeakMap<object, RuleIndex>();

function push(map: Map<string, number[]>, key: string, position: number): void {
  const list = map.get(key);
  if (!list) map.set(key, [position]);
  else if (list[list.length - 1] !== position) list.push(position);
}

function ruleIndex(document: ElementImpl['_ownerDocument']): RuleIndex {
  parsedDefault ??= cssom.parse(defaultStyleSheet);
  const sheets = [parsedDefault, ...document.styleSheets._list];
  let index = indexes.get(document);
  let keep = 0;
  if (index) {
    const known = index;
    while (keep < known.sheets.length && keep < sheets.length && known.sheets[keep] === sheets[keep]) {
      if (known.lengths[keep] !== sheets[keep].cssRules.length) break;
      keep++;
    }
    if (keep === known.sheets.length && keep === sheets.length) return known;
    if (keep < known.sheets.length) index = undefined;
  }
  if (!index) {
    index = { sheets: [], lengths: [], candidates: [], byClass: new Map(), byType: new Map(), always: [] };
    indexes.set(document, index);
    keep = 0;
  }
  for (const sheet of sheets.slice(keep)) {
    for (const candidate of candidatesOf(sheet)) {
      const position = index.candidates.length;
      index.candidates.push(candidate);
      if (candidate.classes) for (const cls of candidate.classes) push(index.byClass, cls, position);
      else if (candidate.types) for (const type of candidate.types) push(index.byType, type, position);
      else index.always.push(position);
    }
    index.sheets.push(sheet);
    index.lengths.push(sheet.cssRules.length);
  }
  return index;
}

/** How many times declarationForElement was called (the test checks jsdom calls it for the ancestors too). */
let declarationsBuilt = 0;

/** The number of calls of the faster declaration look-up so far (for runtime/test/computed-style.test.ts). */
export function declarationLookUps(): number {
  return declarationsBuilt;
}

/** getComputedStyle's answers per element, for as long as jsdom keeps the style cache they were computed from. */
const computedAnswers = new WeakMap<object, WeakMap<ElementImpl, CSSStyleDeclaration>>();

/** jsdom's getDeclarationForElement with the cheap check before each rule's match (same result, same cache). */
function declarationForElement(element: ElementImpl): CssDeclarationLike {
  declarationsBuilt++;
  const document = element._ownerDocument;
  if (!document._styleCache) document._styleCache = new WeakMap();
  const cached = document._styleCache.get(element);
  if (cached) return cached;

  const declaration = new CSSStyleDeclaration();
  const handleProperty = (style: CssDeclarationLike, property: string) => {
    const value = style.getPropertyValue(property);
    if (value === 'unset') declaration.removeProperty(property);
    else declaration.setProperty(property, value, style.getPropertyPriority(property));
  };
  const classAttribute = element.getAttributeNS(null, 'class');
  const classes = classAttribute ? classAttribute.toLowerCase().split(/[\t\n\f\r ]+/) : [];
  const type = element.localName.toLowerCase();
  const index = ruleIndex(document);
  const lists = [index.always];
  for (const cls of classes) {
    const list = index.byClass.get(cls);
    if (list) lists.push(list);
  }
  const typed = index.byType.get(type);
  if (typed) lists.push(typed);
  const positions = lists.length === 1 ? lists[0] : [...new Set(lists.flat())].sort((a, b) => a - b);
  for (const position of positions) {
    const { rule, types } = index.candidates[position];
    if (types && !types.includes(type)) continue;
    if (!matchesDontThrow(element, rule.selectorText)) continue;
    for (const property of Array.from(rule.style)) handleProperty(rule.style, property);
  }
  for (const property of Array.from(element.style)) handleProperty(element.style, property);
  document._styleCache.set(element, declaration);
  return declaration;
}

/**
 * Puts the faster rule matching in place for this worker's jsdom and the current window (idempotent). jsdom's own
 * answer stays reachable for the comparison test (`jsdomComputedStyle`).
 */
export function installFastComputedStyle(): void {
  styleRules.__jsdomGetDeclarationForElement ??= styleRules.getDeclarationForElement;
  styleRules.getDeclarationForElement = declarationForElement;
  const win = globalThis as typeof globalThis & { __jsdomGetComputedStyle?: typeof getComputedStyle };
  if (win.__jsdomGetComputedStyle) return;
  const jsdomGetComputedStyle = win.getComputedStyle;
  win.__jsdomGetComputedStyle = jsdomGetComputedStyle;
  // jsdom's getComputedStyle reads the element's own declaration through a binding this cannot replace: it is
  // filled into jsdom's cache first, where jsdom then finds it. Its answer is kept until jsdom empties that cache
  // (any change to the DOM or the style sheets), as jsdom's own declarations are: within one role query the same
  // elements are asked about again and again.
  win.getComputedStyle = (element: Element, pseudoElement?: string | null) => {
    const impl =
      element !== null &&
      typeof element === 'object' &&
      (pseudoElement === undefined || pseudoElement === null || pseudoElement === '')
        ? (idlUtils.implForWrapper(element) as ElementImpl | undefined)
        : undefined;
    if (!impl || typeof impl.getAttributeNS !== 'function' || !impl._ownerDocument || !impl.style) {
      return jsdomGetComputedStyle(element, pseudoElement);
    }
    declarationForElement(impl);
    const styleCache = impl._ownerDocument._styleCache as WeakMap<ElementImpl, CssDeclarationLike>;
    let answers = computedAnswers.get(styleCache);
    if (!answers) {
      answers = new WeakMap();
      computedAnswers.set(styleCache, answers);
    }
    let answer = answers.get(impl);
    if (!answer) {
      answer = jsdomGetComputedStyle(element);
      answers.set(impl, answer);
    }
    return answer;
  };
}

/**
 * jsdom's own answer, computed by jsdom's own functions from an empty style cache (for
 * runtime/test/computed-style.test.ts); the cache is left empty.
 */
export function jsdomComputedStyle(element: Element): CSSStyleDeclaration {
  const jsdomDeclaration = styleRules.__jsdomGetDeclarationForElement;
  const jsdomGetComputedStyle = (globalThis as { __jsdomGetComputedStyle?: typeof getComputedStyle })
    .__jsdomGetComputedStyle;
  if (!jsdomDeclaration || !jsdomGetComputedStyle) throw new Error('installFastComputedStyle() has not run');
  const fast = styleRules.getDeclarationForElement;
  clearStyleCache();
  styleRules.getDeclarationForElement = jsdomDeclaration;
  try {
    return jsdomGetComputedStyle(element);
  } finally {
    styleRules.getDeclarationForElement = fast;
    clearStyleCache();
  }
}

/** The jsdom implementation object of a DOM element (for runtime/test/computed-style.test.ts). */
export function implOf(element: Element): ElementImpl {
  return idlUtils.implForWrapper(element) as ElementImpl;
}

/** Empties jsdom's style cache of the current document (for runtime/test/computed-style.test.ts). */
export function clearStyleCache(): void {
  (implOf(document.documentElement) as ElementImpl)._ownerDocument._styleCache = null;
}
