/**
 * Rich text as PDF content (issue 24 §1 "rich text as formatted text"; api/pdf/rich-text.ts): the sanitised HTML of
 * the editor's tags becomes pdfmake paragraphs, runs and lists; no tag is left as text.
 */
import { describe, expect, it } from 'vitest';
import { decodeEntities, richTextContent } from './rich-text';

describe('richTextContent', () => {
  it('makes paragraphs of runs with bold, italics, strike-through and underline', () => {
    expect(richTextContent('<p>Lift <strong>slowly</strong>, <em>then</em> <s>drop</s> <u>stop</u></p>')).toEqual({
      stack: [
        {
          text: [
            { text: 'Lift ' },
            { text: 'slowly', bold: true },
            { text: ', ' },
            { text: 'then', italics: true },
            { text: ' ' },
            { text: 'drop', decoration: 'lineThrough' },
            { text: ' ' },
            { text: 'stop', decoration: 'underline' },
          ],
          margin: [0, 0, 0, 3],
        },
      ],
    });
  });

  it('makes bulleted and numbered lists, nested, and keeps line breaks', () => {
    const content = richTextContent(
      '<ol><li>First<ul><li>a</li><li>b</li></ul></li><li>Second<br>line</li></ol><blockquote><p>Quoted</p></blockquote>',
    ) as unknown as { stack: Array<Record<string, unknown>> };
    const list = content.stack[0] as { ol: Array<{ stack?: unknown[] } | { text: unknown }> };
    expect(list.ol).toHaveLength(2);
    expect(JSON.stringify(list.ol[0])).toContain('"ul"');
    expect(JSON.stringify(list.ol[1])).toContain('"text":"\\n"');
    expect(content.stack[1]).toMatchObject({ margin: [12, 0, 0, 3] });
    expect(JSON.stringify(content.stack[1])).toContain('"italics":true');
  });

  it('prints no tag and decodes entities', () => {
    const text = JSON.stringify(
      richTextContent('<p>A &amp; B &lt;tag&gt; &#8364;5 &#x2019;<unknown>kept</unknown></p>'),
    );
    expect(text).toContain('A & B <tag> €5 ’');
    expect(text).toContain('kept');
    expect(text).not.toContain('<unknown>');
    expect(decodeEntities('&nbsp;&bogus;')).toBe('\u00a0&bogus;');
  });

  it('gives an empty stack for an answer without text', () => {
    expect(richTextContent('<p></p>')).toEqual({ stack: [] });
  });
});
