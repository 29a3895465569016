import { describe, expect, it } from 'vitest';
import { allFieldTypes, fieldTypeOf } from '../forms/field-types';
import { MAX_PAGES, MAX_QUESTIONS, sizeProblems } from '../forms/limits';
import { deepFreeze, definitionFaults, layout, sampleDraft } from '../test/designer';
import type { FormDefinition, Question } from '../types/generated';
import {
  addPage,
  addQuestion,
  changeQuestionType,
  deletePage,
  deleteQuestions,
  dependentsOf,
  findQuestion,
  movePage,
  moveQuestions,
  newQuestion,
  nudgeQuestion,
  type Outcome,
  pageDeletion,
  renamePage,
  updateQuestion,
  updateSettings,
} from './index';

/** The definition of a carried-out outcome (fails the test on a refusal). */
function ok(outcome: Outcome): FormDefinition {
  if (!outcome.ok) throw new Error(`refused: ${outcome.messageId}`);
  return outcome.definition;
}

/** A frozen draft of `pages` pages of `perPage` Text questions each. */
function bigDraft(pages: number, perPage: number): FormDefinition {
  let id = 0;
  const draft = sampleDraft();
  return deepFreeze({
    ...draft,
    pages: Array.from({ length: pages }, (_, p) => ({
      id: p + 1,
      label: '',
      questions: Array.from({ length: perPage }, () => ({ id: ++id, label: `Q${id}`, type: 'Text' }) as Question),
    })),
  });
}

describe('adding a question', () => {
  it.each(allFieldTypes().map((type) => type.name))(
    '%s: a sound question of that field type, with its defaults',
    (name) => {
      const draft = sampleDraft();
      const outcome = addQuestion(draft, name, { pageId: 1, index: 1 });
      const def = ok(outcome);
      expect(outcome.ok && outcome.questionIds).toEqual([6]);
      expect(layout(def)[1]).toEqual([1, 6, 2, 3]);
      const question = findQuestion(def, 6)?.question as Question & Record<string, unknown>;
      expect(fieldTypeOf(question).name).toBe(name);
      for (const [keyword, schema] of Object.entries(fieldTypeOf(question).properties))
        if ('default' in schema) expect(question[keyword]).toEqual(schema.default);
      expect(question.wrapper).toBe('vertical');
      expect(definitionFaults(def)).toEqual([]);
      const problems = fieldTypeOf(question).definitionProblems?.(question as never) ?? [];
      // Only a picture cannot be chosen for the administrator; every other type starts working.
      expect(problems.map((p) => p.keyword)).toEqual(name === 'image' ? ['imageFile'] : []);
    },
  );

  it('gives ids above the floor and the draft, and refuses a page not in the form', () => {
    expect(addQuestion(sampleDraft(), 'text', { pageId: 2 }, { question: 40 })).toMatchObject({ questionIds: [41] });
    expect(addQuestion(sampleDraft(), 'text', { pageId: 9 })).toEqual({ ok: false, messageId: 'designer.notFound' });
    expect(newQuestion('number', 3)).toMatchObject({ id: 3, type: 'Text', extendedType: 'Number', required: false });
    expect(() => newQuestion('nope', 3)).toThrow('No field type nope');
  });

  it('refuses beyond MAX_QUESTIONS and MAX_PAGES in the form, none on one page', () => {
    const full = bigDraft(MAX_PAGES, MAX_QUESTIONS / MAX_PAGES);
    expect(definitionFaults(full)).toEqual([]);
    expect(addQuestion(full, 'text', { pageId: 1 })).toEqual({
      ok: false,
      messageId: 'designer.tooManyQuestions',
      params: { max: MAX_QUESTIONS },
    });
    const onePage = bigDraft(1, MAX_QUESTIONS - 1);
    expect(addQuestion(onePage, 'text', { pageId: 1 })).toMatchObject({ ok: true });
    expect(addPage(full)).toEqual({ ok: false, messageId: 'designer.tooManyPages', params: { max: MAX_PAGES } });
  });

  it('stops where the API does: what it builds to the limit passes sizeProblems, one more would not', () => {
    const full = bigDraft(MAX_PAGES, MAX_QUESTIONS / MAX_PAGES);
    expect(sizeProblems(full)).toEqual([]);
    expect(sizeProblems(bigDraft(MAX_PAGES, MAX_QUESTIONS / MAX_PAGES + 1)).map((p) => p.messageId)).toEqual([
      'forms.tooManyQuestions',
    ]);
    expect(sizeProblems(bigDraft(MAX_PAGES + 1, 1)).map((p) => p.messageId)).toEqual(['forms.tooManyPages']);
  });
});

describe('changing, deleting and moving questions', () => {
  it('updates properties by id, removes a keyword set to undefined, keeps the id and what refers to it', () => {
    const draft = sampleDraft();
    const def = ok(updateQuestion(draft, 2, { label: 'Hot works today?', required: true, id: 99 } as never));
    expect(findQuestion(def, 2)?.question).toMatchObject({ id: 2, label: 'Hot works today?', required: true });
    expect(findQuestion(def, 3)?.question.visibleWhen).toEqual({ questionId: 2, equals: 'Yes' });
    const cleared = ok(updateQuestion(def, 3, { visibleWhen: undefined }));
    expect('visibleWhen' in (findQuestion(cleared, 3)?.question ?? {})).toBe(false);
    expect(def.pages[1]).toBe(draft.pages[1]);
    expect(updateQuestion(draft, 42, { label: 'x' })).toEqual({ ok: false, messageId: 'designer.notFound' });
  });

  it('deletes one question or a block on several pages', () => {
    const draft = sampleDraft();
    expect(layout(ok(deleteQuestions(draft, [2])))).toEqual({ 1: [1, 3], 2: [4, 5] });
    expect(layout(ok(deleteQuestions(draft, [1, 5, 77])))).toEqual({ 1: [2, 3], 2: [4] });
    expect(deleteQuestions(draft, [77])).toEqual({ ok: false, messageId: 'designer.notFound' });
  });

  it('moves within a page by the drop position before the move, and to another page', () => {
    const draft = sampleDraft();
    expect(layout(ok(moveQuestions(draft, [1], { pageId: 1, index: 2 })))[1]).toEqual([2, 1, 3]);
    expect(layout(ok(moveQuestions(draft, [3], { pageId: 1, index: 0 })))[1]).toEqual([3, 1, 2]);
    expect(layout(ok(moveQuestions(draft, [1], { pageId: 1 })))[1]).toEqual([2, 3, 1]);
    expect(layout(ok(moveQuestions(draft, [2, 4], { pageId: 2, index: 1 })))).toEqual({ 1: [1, 3], 2: [2, 4, 5] });
    expect(layout(ok(moveQuestions(draft, [2], { pageId: 2, index: 1 })))).toEqual({ 1: [1, 3], 2: [4, 2, 5] });
    expect(layout(ok(moveQuestions(draft, [3, 1], { pageId: 2, index: 0 })))).toEqual({ 1: [2], 2: [1, 3, 4, 5] });
    expect(moveQuestions(draft, [9], { pageId: 2 })).toMatchObject({ ok: false, messageId: 'designer.notFound' });
    expect(moveQuestions(draft, [1], { pageId: 9 })).toMatchObject({ ok: false, messageId: 'designer.notFound' });
    const full = bigDraft(2, MAX_QUESTIONS / 2);
    expect(layout(ok(moveQuestions(full, [1], { pageId: 2 })))[2]).toHaveLength(MAX_QUESTIONS / 2 + 1);
  });
});

describe('pages and settings', () => {
  it('adds, renames, reorders and deletes pages by id', () => {
    const draft = sampleDraft();
    const added = addPage(draft, { index: 1, label: 'Sign-off' }, { page: 10 });
    expect(added).toMatchObject({ ok: true, pageId: 11 });
    const def = ok(added);
    expect(def.pages.map((page) => page.id)).toEqual([1, 11, 2]);
    expect(ok(renamePage(def, 11, 'Close-out')).pages[1].label).toBe('Close-out');
    expect(ok(movePage(def, 1, 2)).pages.map((page) => page.id)).toEqual([11, 2, 1]);
    expect(ok(movePage(def, 2, 0)).pages.map((page) => page.id)).toEqual([2, 1, 11]);
    expect(layout(ok(deletePage(def, 1)))).toEqual({ 11: [], 2: [4, 5] });
    expect(definitionFaults(def)).toEqual([]);
    expect(renamePage(def, 5, 'x')).toMatchObject({ messageId: 'designer.notFound' });
  });

  it('a page deletion says how many questions go and what on other pages refers to them; the last page stays', () => {
    const draft = sampleDraft();
    expect(pageDeletion(draft, 1)).toEqual({
      questionCount: 3,
      dependents: [
        { kind: 'page', pageId: 2, keyword: 'visibleWhen' },
        { kind: 'question', questionId: 5, pageId: 2, keyword: 'visibleWhen' },
      ],
    });
    expect(pageDeletion(draft, 2)).toEqual({ questionCount: 2, dependents: [] });
    expect(pageDeletion(draft, 3)).toBeUndefined();
    const single = ok(deletePage(draft, 2));
    expect(deletePage(single, 1)).toEqual({ ok: false, messageId: 'designer.lastPage' });
  });

  it('changes the form settings and nothing else', () => {
    const draft = sampleDraft();
    const def = ok(
      updateSettings(draft, {
        title: 'Hot works permit',
        askLevel: true,
        displayEntryCreateButton: false,
        projectIds: [1, 2],
        id: 9,
        pages: [],
      } as never),
    );
    expect(def).toMatchObject({ id: 7, title: 'Hot works permit', askLevel: true, projectIds: [1, 2] });
    expect(def.pages).toBe(draft.pages);
    const removed = ok(updateSettings(def, { askLevel: undefined, title: undefined }));
    expect('askLevel' in removed).toBe(false);
    expect(removed.title).toBe('Hot works permit');
    expect(definitionFaults(removed)).toEqual([]);
  });
});

describe('changing a question’s type', () => {
  const names = allFieldTypes().map((type) => type.name);
  it.each(names)('every type to %s: the kind asked for, a sound question, id, label and condition kept', (to) => {
    for (const from of names) {
      const added = addQuestion(sampleDraft(), from, { pageId: 1 });
      const withCondition = ok(
        updateQuestion(ok(added), 6, { visibleWhen: { questionId: 2, equals: 'Yes' }, label: 'Kept' }),
      );
      const def = ok(changeQuestionType(withCondition, 6, to));
      const question = findQuestion(def, 6)?.question as Question;
      expect(fieldTypeOf(question).name, `${from} -> ${to}`).toBe(to);
      expect(question).toMatchObject({ id: 6, label: 'Kept', visibleWhen: { questionId: 2, equals: 'Yes' } });
      expect(definitionFaults(def), `${from} -> ${to}`).toEqual([]);
    }
  });

  it('keeps what the new type takes too (a Dropdown’s options on a Multi-select), and refuses a question not there', () => {
    const def = ok(changeQuestionType(sampleDraft(), 2, 'multiSelect'));
    expect(findQuestion(def, 2)?.question).toMatchObject({
      type: 'MultiSelect',
      options: [{ value: 'Yes' }, { value: 'No' }],
    });
    expect('allowOther' in (findQuestion(def, 2)?.question ?? {})).toBe(false);
    expect(dependentsOf(def, 2)).toHaveLength(2);
    expect(changeQuestionType(sampleDraft(), 42, 'text')).toEqual({ ok: false, messageId: 'designer.notFound' });
  });
});

describe('keyboard reordering', () => {
  it('moves a question one place, across page boundaries, and stays at the ends of the form', () => {
    const draft = sampleDraft();
    expect(layout(ok(nudgeQuestion(draft, 2, 'up')))).toEqual({ 1: [2, 1, 3], 2: [4, 5] });
    expect(layout(ok(nudgeQuestion(draft, 2, 'down')))).toEqual({ 1: [1, 3, 2], 2: [4, 5] });
    expect(layout(ok(nudgeQuestion(draft, 3, 'down')))).toEqual({ 1: [1, 2], 2: [3, 4, 5] });
    expect(layout(ok(nudgeQuestion(draft, 4, 'up')))).toEqual({ 1: [1, 2, 3, 4], 2: [5] });
    expect(ok(nudgeQuestion(draft, 1, 'up'))).toBe(draft);
    expect(ok(nudgeQuestion(draft, 5, 'down'))).toBe(draft);
    expect(nudgeQuestion(draft, 9, 'up')).toEqual({ ok: false, messageId: 'designer.notFound' });
  });
});
