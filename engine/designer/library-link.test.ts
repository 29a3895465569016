/**
 * Linked blocks (issue 22 §4): inserting a library item links its copies; applying a newer version of the item
 * replaces the copies' content under the form's ids and places, maps conditions inside the block to the form's
 * ids, keeps the form's own conditions on questions outside the block, unlinks what the item dropped, and is a
 * no-op the second time.
 */
import { describe, expect, it } from 'vitest';
import { definitionFaults } from '../test/designer';
import type { FormDefinition, Question, QuestionLibraryItem } from '../types/generated';
import {
  applyLibraryItem,
  asItemQuestions,
  linkedClipboard,
  linkedVersionOf,
  linkQuestions,
  pasteQuestions,
  unlinkedQuestions,
} from './index';

const dropdown = (id: number, label: string, values: string[], extra: Record<string, unknown> = {}): Question =>
  ({ id, label, type: 'Dropdown', options: values.map((value, i) => ({ id: i + 1, value })), ...extra }) as Question;
const text = (id: number, label: string, extra: Record<string, unknown> = {}): Question =>
  ({ id, label, type: 'Text', ...extra }) as Question;

/** An item saved from form 5's questions 11 (Hot works?) and 12 (Permit number, shown when 11 is Yes). */
const item = (version: number, questions: Question[]): QuestionLibraryItem => ({
  id: 3,
  clientId: 1,
  formArea: 'health-and-safety',
  name: 'Hot works',
  version,
  questions,
  source: { formId: 5, formArea: 'health-and-safety', questionIds: questions.map((q) => q.id) },
});
const v1 = item(1, [
  dropdown(11, 'Hot works?', ['Yes', 'No']),
  text(12, 'Permit number', { visibleWhen: { questionId: 11, equals: 'Yes' } }),
]);

const form = (): FormDefinition =>
  ({
    id: 40,
    clientId: 1,
    formArea: 'health-and-safety',
    title: 'Daily check',
    status: 'Draft',
    version: 1,
    pages: [
      { id: 1, label: 'Site', questions: [text(1, 'Area')] },
      { id: 2, label: 'Works', questions: [] },
    ],
  }) as unknown as FormDefinition;

/** The form with v1 inserted on page 2 the way the form creator inserts it. */
function withBlock(): FormDefinition {
  const outcome = pasteQuestions(form(), linkedClipboard(v1), { pageId: 2 });
  if (!outcome.ok) throw new Error(outcome.messageId);
  return outcome.definition;
}

describe('linked blocks', () => {
  it('an inserted item links each copy to the item question at its position and the item version', () => {
    const def = withBlock();
    expect(def.pages[1].questions).toEqual([
      expect.objectContaining({ id: 2, label: 'Hot works?', libraryLink: { itemId: 3, questionId: 11, version: 1 } }),
      expect.objectContaining({
        id: 3,
        visibleWhen: { questionId: 2, equals: 'Yes' },
        libraryLink: { itemId: 3, questionId: 12, version: 1 },
      }),
    ]);
    expect(definitionFaults(def)).toEqual([]);
    expect(linkedVersionOf(def, v1)).toBeUndefined();
    expect(linkedVersionOf(def, { id: 3, version: 2 })).toEqual({ linkedVersion: 1, questions: 2 });
    expect(linkedVersionOf(def, { id: 4, version: 2 })).toBeUndefined();
  });

  it("applies a newer version: the item's content under the form's ids and places, block conditions mapped", () => {
    const v2 = item(2, [
      dropdown(11, 'Hot works today?', ['Yes', 'Not today'], { required: true }),
      text(12, 'Permit number', { visibleWhen: { all: [{ questionId: 11, equals: 'Yes' }] } }),
    ]);
    const def = withBlock();
    const { definition, updated, unlinked, conditionDropped } = applyLibraryItem(def, v2);
    expect(updated).toEqual([2, 3]);
    expect(unlinked).toEqual([]);
    expect(conditionDropped).toEqual([]);
    expect(definition.pages[0]).toBe(def.pages[0]);
    expect(definition.pages[1].questions).toEqual([
      {
        id: 2,
        label: 'Hot works today?',
        type: 'Dropdown',
        options: [
          { id: 1, value: 'Yes' },
          { id: 2, value: 'Not today' },
        ],
        required: true,
        libraryLink: { itemId: 3, questionId: 11, version: 2 },
      },
      {
        id: 3,
        label: 'Permit number',
        type: 'Text',
        visibleWhen: { all: [{ questionId: 2, equals: 'Yes' }] },
        libraryLink: { itemId: 3, questionId: 12, version: 2 },
      },
    ]);
    expect(definitionFaults(definition)).toEqual([]);
    expect(linkedVersionOf(definition, v2)).toBeUndefined();
    // A second application changes nothing.
    const again = applyLibraryItem(definition, v2);
    expect(again.definition).toBe(definition);
    expect(again.updated).toEqual([]);
  });

  it("keeps the form's own condition on a question outside the block, drops one the block no longer has", () => {
    const def = withBlock();
    const questions = def.pages[1].questions;
    // The form made Hot works? depend on its own Area, and Permit number's condition was the item's.
    questions[0] = { ...questions[0], visibleWhen: { questionId: 1, answered: true } } as Question;
    const v2 = item(2, [dropdown(11, 'Hot works?', ['Yes', 'No']), text(12, 'Permit number')]);
    const { definition } = applyLibraryItem(def, v2);
    expect(definition.pages[1].questions[0].visibleWhen).toEqual({ questionId: 1, answered: true });
    expect(definition.pages[1].questions[1].visibleWhen).toBeUndefined();
  });

  it('unlinks a question the item dropped, and removes a condition naming an item question the form lacks', () => {
    const def = withBlock();
    // The form deleted its copy of Hot works?; the item dropped Permit number and added a question shown on 11.
    def.pages[1].questions = def.pages[1].questions.slice(1);
    const { definition, updated, unlinked } = applyLibraryItem(
      def,
      item(2, [dropdown(11, 'Hot works?', ['Yes', 'No']), text(13, 'Extinguisher')]),
    );
    expect(updated).toEqual([]);
    expect(unlinked).toEqual([3]);
    expect(definition.pages[1].questions[0]).not.toHaveProperty('libraryLink');
    expect(definition.pages[1].questions[0].label).toBe('Permit number');

    const kept = withBlock();
    kept.pages[1].questions = kept.pages[1].questions.slice(1);
    const dropped = applyLibraryItem(
      kept,
      item(2, [
        dropdown(11, 'Hot works?', ['Yes', 'No']),
        text(12, 'Permit', { visibleWhen: { questionId: 11, equals: 'Yes' } }),
      ]),
    );
    expect(dropped.conditionDropped).toEqual([3]);
    expect(dropped.definition.pages[1].questions[0]).toMatchObject({ id: 3, label: 'Permit' });
    expect(dropped.definition.pages[1].questions[0]).not.toHaveProperty('visibleWhen');
  });

  it('a block inserted twice: each copy of a condition names the copy before it', () => {
    let def = withBlock();
    const second = pasteQuestions(def, linkedClipboard(v1), { pageId: 1 });
    if (!second.ok) throw new Error(second.messageId);
    def = second.definition;
    const v2 = item(2, [
      dropdown(11, 'Hot works?', ['Yes', 'No']),
      text(12, 'Permit number', { visibleWhen: { questionId: 11, equals: 'No' } }),
    ]);
    const { definition, updated } = applyLibraryItem(def, v2);
    expect(updated).toHaveLength(4);
    const conditions = definition.pages.flatMap((page) =>
      page.questions.filter((q) => q.label === 'Permit number').map((q) => [q.id, q.visibleWhen]),
    );
    expect(conditions).toEqual([
      [5, { questionId: 4, equals: 'No' }],
      [3, { questionId: 2, equals: 'No' }],
    ]);
    expect(definitionFaults(definition)).toEqual([]);
  });
});

describe('saving a selection over an item', () => {
  it("keeps the item's ids for its copies, gives new questions free ids, remaps conditions, links the form", () => {
    const def = withBlock();
    // The form's Area (1) is saved with the block's copies (2, 3): they take the item's ids (11, 12), Area keeps 1.
    const selection = [
      def.pages[0].questions[0],
      def.pages[1].questions[0],
      { ...def.pages[1].questions[1], visibleWhen: { all: [{ questionId: 2, equals: 'Yes' }, { questionId: 1 }] } },
    ] as Question[];
    const { questions, ids } = asItemQuestions(selection, v1);
    expect([...ids]).toEqual([
      [2, 11],
      [3, 12],
      [1, 1],
    ]);
    expect(questions.map((q) => q.id)).toEqual([1, 11, 12]);
    expect(questions[2].visibleWhen).toEqual({ all: [{ questionId: 11, equals: 'Yes' }, { questionId: 1 }] });
    expect(questions.every((q) => !('libraryLink' in q))).toBe(true);
    // A new question whose id the item has (here 12, whose copies other forms hold) gets one above them all.
    const clash = asItemQuestions([{ ...def.pages[1].questions[0] }, text(12, 'Clash')], v1);
    expect(clash.questions.map((q) => q.id)).toEqual([11, 13]);

    const linked = linkQuestions(def, 3, ids, 4);
    expect(linked.pages[0].questions[0].libraryLink).toEqual({ itemId: 3, questionId: 1, version: 4 });
    expect(linked.pages[1].questions[0].libraryLink).toEqual({ itemId: 3, questionId: 11, version: 4 });
    expect(linked.pages[1].questions[1].libraryLink).toEqual({ itemId: 3, questionId: 12, version: 4 });
    expect(unlinkedQuestions(def.pages[1].questions).every((q) => !('libraryLink' in q))).toBe(true);
    // Applied to another form holding version 1, the saved item updates its copies, still linked; Permit's
    // condition names the item's Area, which that form does not hold: it is removed and reported.
    const other = applyLibraryItem(withBlock(), item(4, questions));
    expect(other.updated).toEqual([2, 3]);
    expect(other.conditionDropped).toEqual([3]);
    expect(other.definition.pages[1].questions[1]).not.toHaveProperty('visibleWhen');
  });
});
