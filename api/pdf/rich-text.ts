/**
 * A rich-text answer as formatted PDF text (issue 24 §1 "rich text as formatted text"): the stored answer is HTML
 * sanitised to the editor's tags (engine/forms/field-types/rich-text.ts RICH_TEXT_TAGS: p, br, strong, em, s, u,
 * ul, ol, li, blockquote, h3, h4, code, pre), turned into pdfmake content: paragraphs, bold, italics, strike-through,
 * underline, bulleted and numbered lists (nested), quotes (indented, italic), headings and code (monospaced look
 * is not available in Roboto: code keeps its spaces and line ends). No tag is ever printed: an unknown tag is
 * dropped and its text kept, entities are decoded.
 */
import type { Content } from 'pdfmake/interfaces';

interface Node {
  tag: string;
  children: (Node | string)[];
}

const VOID = new Set(['br']);
const BLOCKS = new Set(['p', 'ul', 'ol', 'li', 'blockquote', 'h3', 'h4', 'pre']);

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Decodes the entities of a text: the named ones sanitize-html writes and numeric ones. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return NAMED[body.toLowerCase()] ?? entity;
  });
}

/** Parses sanitised HTML into a tree (tags lower-cased, attributes dropped; stray end tags ignored). */
function parse(html: string): Node {
  const root: Node = { tag: 'root', children: [] };
  const stack: Node[] = [root];
  const pattern = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)[^>]*?(\/?)>|<!--[\s\S]*?-->/g;
  let last = 0;
  for (let match = pattern.exec(html); match; match = pattern.exec(html)) {
    if (match.index > last) stack[stack.length - 1].children.push(decodeEntities(html.slice(last, match.index)));
    last = pattern.lastIndex;
    if (!match[2]) continue; // a comment
    const tag = match[2].toLowerCase();
    if (match[1]) {
      const at = stack.findLastIndex((node) => node.tag === tag);
      if (at > 0) stack.length = at;
      continue;
    }
    const node: Node = { tag, children: [] };
    stack[stack.length - 1].children.push(node);
    if (!VOID.has(tag) && !match[3]) stack.push(node);
  }
  if (last < html.length) stack[stack.length - 1].children.push(decodeEntities(html.slice(last)));
  return root;
}

interface Inline {
  bold?: boolean;
  italics?: boolean;
  decoration?: 'lineThrough' | 'underline';
  preserve?: boolean;
}

type Run = { text: string; bold?: boolean; italics?: boolean; decoration?: 'lineThrough' | 'underline' };

/** The inline runs of a node's children (text and inline tags); blocks inside are left to the caller. */
function runsOf(children: (Node | string)[], style: Inline, out: Run[]): void {
  for (const child of children) {
    if (typeof child === 'string') {
      const text = style.preserve ? child : child.replace(/\s+/g, ' ');
      if (text !== '') out.push({ text, ...styleOf(style) });
      continue;
    }
    if (child.tag === 'br') {
      out.push({ text: '\n' });
      continue;
    }
    if (BLOCKS.has(child.tag)) continue;
    runsOf(child.children, inlineStyle(child.tag, style), out);
  }
}

function styleOf(style: Inline): Omit<Run, 'text'> {
  return {
    ...(style.bold ? { bold: true } : {}),
    ...(style.italics ? { italics: true } : {}),
    ...(style.decoration ? { decoration: style.decoration } : {}),
  };
}

function inlineStyle(tag: string, style: Inline): Inline {
  switch (tag) {
    case 'strong':
    case 'b':
      return { ...style, bold: true };
    case 'em':
    case 'i':
      return { ...style, italics: true };
    case 's':
      return { ...style, decoration: 'lineThrough' };
    case 'u':
      return { ...style, decoration: 'underline' };
    case 'code':
      return { ...style, preserve: true };
    default:
      return style;
  }
}

/** Trims the paragraph's leading and trailing spaces (HTML collapses them). */
function trimRuns(runs: Run[]): Run[] {
  if (runs.length === 0) return runs;
  runs[0] = { ...runs[0], text: runs[0].text.replace(/^ +/, '') };
  const end = runs.length - 1;
  runs[end] = { ...runs[end], text: runs[end].text.replace(/ +$/, '') };
  return runs.filter((run) => run.text !== '');
}

/** The blocks of a node's children: inline runs between blocks make paragraphs of their own. */
function blocksOf(children: (Node | string)[], style: Inline): Content[] {
  const blocks: Content[] = [];
  let pending: (Node | string)[] = [];
  const flush = () => {
    const runs: Run[] = [];
    runsOf(pending, style, runs);
    const trimmed = style.preserve ? runs : trimRuns(runs);
    if (trimmed.length > 0) blocks.push({ text: trimmed, margin: [0, 0, 0, 3] });
    pending = [];
  };
  for (const child of children) {
    if (typeof child !== 'string' && BLOCKS.has(child.tag)) {
      flush();
      const block = blockOf(child, style);
      if (block) blocks.push(block);
    } else pending.push(child);
  }
  flush();
  return blocks;
}

function blockOf(node: Node, style: Inline): Content | undefined {
  switch (node.tag) {
    case 'ul':
    case 'ol': {
      const items = node.children
        .filter((child): child is Node => typeof child !== 'string' && child.tag === 'li')
        .map((li) => {
          const content = blocksOf(li.children, style);
          return content.length === 1 ? content[0] : { stack: content };
        });
      if (items.length === 0) return undefined;
      return node.tag === 'ul' ? { ul: items, margin: [0, 0, 0, 3] } : { ol: items, margin: [0, 0, 0, 3] };
    }
    case 'blockquote':
      return { stack: blocksOf(node.children, { ...style, italics: true }), margin: [12, 0, 0, 3] };
    case 'h3':
    case 'h4':
      return { stack: blocksOf(node.children, { ...style, bold: true }), fontSize: node.tag === 'h3' ? 12 : 10.5 };
    case 'pre':
      return { stack: blocksOf(node.children, { ...style, preserve: true }), preserveLeadingSpaces: true };
    default: {
      const content = blocksOf(node.children, style);
      return content.length === 1 ? content[0] : content.length === 0 ? undefined : { stack: content };
    }
  }
}

/**
 * The pdfmake content of a sanitised rich-text answer.
 * @param html the stored answer (HTML of RICH_TEXT_TAGS)
 * @returns a stack of paragraphs, lists and quotes; an empty stack for an answer without text
 */
export function richTextContent(html: string): Content {
  return { stack: blocksOf(parse(html).children, {}) };
}
