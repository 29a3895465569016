/**
 * What the form page's first paint work (issue 21 "Speed", docs/performance.md) must not change: a long page
 * still shows every field (ProgressiveObjectFieldTemplate renders those that fill the window, then the rest), each
 * once and in order; a long text still grows with its text and stays its `rows` high while empty (GrowingTextarea, which
 * replaced MUI's TextareaAutosize). jsdom has no layout: a textarea's scrollHeight is given here.
 */
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SchemaForm } from '../SchemaForm';
import {
  FIRST_PAINT_FIELDS_AT_LEAST,
  fieldsToFill,
  firstPaintFields,
  LEAST_FIELD_HEIGHT,
  TYPICAL_FIELD_HEIGHT,
} from './ProgressiveObjectFieldTemplate';

/** A page of `count` single-line text fields, q_1 to q_count. */
function longPage(count: number): { schema: RJSFSchema; uiSchema: UiSchema } {
  const keys = Array.from({ length: count }, (_, i) => `q_${i + 1}`);
  return {
    schema: {
      type: 'object',
      properties: Object.fromEntries(keys.map((key, i) => [key, { type: 'string', title: `Question ${i + 1}` }])),
    },
    uiSchema: {
      'ui:order': keys,
      ...Object.fromEntries(keys.map((key) => [key, { 'ui:widget': 'hz-input', 'ui:options': { inputType: 'text' } }])),
    },
  };
}

describe('a long page', () => {
  // jsdom's window is 768 px high: 5 fields in the first render.
  const FIRST_PAINT_FIELDS = firstPaintFields();
  /** Where the first fields end, as the template measures it (jsdom has no layout): below the window by default. */
  let fieldsEndAt = 10_000;
  beforeEach(() => {
    fieldsEndAt = 10_000;
    vi.spyOn(HTMLSpanElement.prototype, 'getBoundingClientRect').mockImplementation(
      () => ({ top: fieldsEndAt, bottom: fieldsEndAt }) as DOMRect,
    );
  });
  afterEach(() => vi.restoreAllMocks());

  /** The number of inputs in the document at each commit of a long page of `count` fields, and every input mounted. */
  function commitsOf(count: number): { commits: number[]; mounted: Set<Element> } {
    const { schema, uiSchema } = longPage(count);
    const commits: number[] = [];
    const mounted = new Set<Element>();
    const record = () => {
      const inputs = document.querySelectorAll('input');
      commits.push(inputs.length);
      for (const input of inputs) mounted.add(input);
    };
    render(
      <Profiler id="form" onRender={record}>
        <SchemaForm schema={schema} uiSchema={uiSchema} />
      </Profiler>,
    );
    return { commits, mounted };
  }

  it('starts with the typical questions that fill half the window, and never fewer than a phone needs', () => {
    expect(FIRST_PAINT_FIELDS).toBe(Math.ceil(window.innerHeight / (2 * TYPICAL_FIELD_HEIGHT)));
    expect(firstPaintFields(720)).toBe(4);
    expect(firstPaintFields(950)).toBe(6);
    expect(firstPaintFields(1400)).toBe(8);
    expect(firstPaintFields(300)).toBe(FIRST_PAINT_FIELDS_AT_LEAST);
    expect(firstPaintFields(0)).toBe(FIRST_PAINT_FIELDS_AT_LEAST);
  });

  it("adds, where the first fields end above the window's bottom, enough of the lowest kind to reach it", () => {
    expect(fieldsToFill(720, 720)).toBe(0);
    expect(fieldsToFill(900, 720)).toBe(0);
    expect(fieldsToFill(700, 720)).toBe(1);
    expect(fieldsToFill(720 - 2 * LEAST_FIELD_HEIGHT, 720)).toBe(2);
    expect(fieldsToFill(0, 720)).toBe(15);
  });

  it('shows every field once, in order, though its first render holds only the first ones', () => {
    const count = FIRST_PAINT_FIELDS + 16;
    const { schema, uiSchema } = longPage(count);
    render(<SchemaForm schema={schema} uiSchema={uiSchema} />);
    const inputs = screen.getAllByRole('textbox');
    expect(inputs.map((input) => input.id)).toEqual(Array.from({ length: count }, (_, i) => `root_q_${i + 1}`));
  });

  it('commits the first fields first, then the rest, mounting none of them twice', () => {
    const count = FIRST_PAINT_FIELDS + 20;
    const { commits, mounted } = commitsOf(count);
    // Every commit before the last (the form's own updates after its mount among them) holds the first fields only.
    expect(commits.slice(0, -1).length).toBeGreaterThan(0);
    expect(new Set(commits.slice(0, -1))).toEqual(new Set([FIRST_PAINT_FIELDS]));
    expect(commits.at(-1)).toBe(count);
    expect(mounted.size).toBe(count);
  });

  it("adds fields before the paint where the first ones leave the window's bottom empty, then the rest", () => {
    // The first fields end 200 px above the bottom of jsdom's 768 px window: five more of the lowest kind fill it.
    fieldsEndAt = window.innerHeight - 200;
    const count = FIRST_PAINT_FIELDS + 20;
    const { commits, mounted } = commitsOf(count);
    expect(commits[0]).toBe(FIRST_PAINT_FIELDS);
    // The layout effect's render comes right after the first commit, before the transition's.
    expect(commits[1]).toBe(FIRST_PAINT_FIELDS + 5);
    expect(new Set(commits.slice(1, -1))).toEqual(new Set([FIRST_PAINT_FIELDS + 5]));
    expect(commits.at(-1)).toBe(count);
    expect(mounted.size).toBe(count);
  });
});

describe('a long text', () => {
  const textarea = {
    schema: {
      type: 'object',
      properties: { q_1: { type: 'string', title: 'Notes' }, q_2: { type: 'string', title: 'Remarks' } },
    } satisfies RJSFSchema,
    uiSchema: { q_1: { 'ui:widget': 'hz-textarea' }, q_2: { 'ui:widget': 'hz-textarea' } } satisfies UiSchema,
  };
  let heightOfText: (value: string) => number;
  beforeEach(() => {
    // Twenty pixels a line, at least the three rows of the widget's default.
    heightOfText = (value) => Math.max(3, value.split('\n').length) * 20;
    vi.spyOn(HTMLTextAreaElement.prototype, 'scrollHeight', 'get').mockImplementation(function (
      this: HTMLTextAreaElement,
    ) {
      return heightOfText(this.value);
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('opens at its rows while empty and at its text when it has one, and grows as it is typed into', async () => {
    const user = userEvent.setup();
    render(<SchemaForm {...textarea} formData={{ q_2: 'one\ntwo\nthree\nfour\nfive' }} />);
    const notes = screen.getByLabelText('Notes');
    const remarks = screen.getByLabelText('Remarks');
    // Measured together before the next frame.
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(notes).toHaveAttribute('rows', '3');
    expect(notes.style.height).toBe('');
    expect(remarks.style.height).toBe('100px');
    await user.type(notes, 'a{Enter}b{Enter}c{Enter}d');
    expect(notes.style.height).toBe('80px');
    expect(notes).toHaveValue('a\nb\nc\nd');
  });
});
