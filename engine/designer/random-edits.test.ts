/**
 * Random command sequences (a seeded generator, so a failure repeats): after every command the definition still
 * validates against the form-definition schema, compiles and has unique ids, the command's input is unchanged
 * (frozen), and undoing every step gives back the very definition the history started with; redoing every step
 * gives the last one.
 */
import { describe, expect, it } from 'vitest';
import { allFieldTypes } from '../forms/field-types';
import { deepFreeze, definitionFaults, sampleDraft } from '../test/designer';
import {
  addPage,
  addQuestion,
  canRedo,
  canUndo,
  changeQuestionType,
  copyQuestions,
  createHistory,
  type Draft,
  deletePage,
  deleteQuestions,
  duplicateQuestions,
  type EditKind,
  type History,
  type IdFloor,
  movePage,
  moveQuestions,
  nudgeQuestion,
  type Outcome,
  pasteQuestions,
  perform,
  readClipboard,
  redo,
  renamePage,
  undo,
  updateQuestion,
  updateSettings,
} from './index';

/** mulberry32: a small seeded generator of numbers in [0, 1). */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const typeNames = allFieldTypes().map((type) => type.name);
const otherForm = deepFreeze({ ...sampleDraft(), id: 99 });

type Command = [EditKind, (draft: Draft, floor: IdFloor) => Outcome];

/** A random command on `draft`, naming its questions and pages by id (sometimes ones that are not there). */
function randomCommand(draft: Draft, random: () => number): Command {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const questionIds = draft.pages.flatMap((page) => page.questions.map((question) => question.id));
  const someIds = () => questionIds.filter(() => random() < 0.3).concat(random() < 0.1 ? [999] : []);
  const pageId = () => (random() < 0.05 ? 999 : pick(draft.pages).id);
  const index = () => Math.floor(random() * 6) - 1;
  const options: Command[] = [
    ['addQuestion', (d, f) => addQuestion(d, pick(typeNames), { pageId: pageId(), index: index() }, f)],
    ['addQuestion', (d, f) => addQuestion(d, pick(typeNames), { pageId: pageId() }, f)],
    [
      'updateQuestion',
      (d) => {
        const id = pick(questionIds.length ? questionIds : [1]);
        const earlier = questionIds.filter((other) => other < id);
        return updateQuestion(
          d,
          id,
          random() < 0.5
            ? { label: `Label ${Math.floor(random() * 100)}`, helpText: random() < 0.5 ? 'Help' : undefined }
            : { visibleWhen: earlier.length && random() < 0.7 ? { questionId: pick(earlier) } : undefined },
        );
      },
    ],
    ['changeQuestionType', (d) => changeQuestionType(d, pick(questionIds.length ? questionIds : [1]), pick(typeNames))],
    ['deleteQuestions', (d) => deleteQuestions(d, someIds())],
    [
      'moveQuestions',
      (d) => nudgeQuestion(d, pick(questionIds.length ? questionIds : [1]), random() < 0.5 ? 'up' : 'down'),
    ],
    ['moveQuestions', (d) => moveQuestions(d, someIds(), { pageId: pageId(), index: index() })],
    ['duplicateQuestions', (d, f) => duplicateQuestions(d, someIds(), f)],
    [
      'pasteQuestions',
      (d, f) => {
        const source = random() < 0.5 ? d : otherForm;
        const ids = source.pages.flatMap((page) => page.questions.map((q) => q.id)).filter(() => random() < 0.4);
        const clipboard = readClipboard(JSON.stringify(copyQuestions(source, ids)));
        if (!clipboard) return { ok: false, messageId: 'designer.clipboardInvalid' };
        return pasteQuestions(d, clipboard, { pageId: pageId(), index: index() }, f);
      },
    ],
    ['addPage', (d, f) => addPage(d, { index: index(), label: random() < 0.5 ? '' : 'Extra' }, f)],
    ['renamePage', (d) => renamePage(d, pageId(), `Page ${Math.floor(random() * 9)}`)],
    ['movePage', (d) => movePage(d, pageId(), index())],
    ['deletePage', (d) => deletePage(d, pageId())],
    [
      'updateSettings',
      (d) => updateSettings(d, { title: `Form ${Math.floor(random() * 9)}`, askLevel: random() < 0.5 }),
    ],
  ];
  return pick(options);
}

describe('random edit sequences', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])(
    'seed %i: every step is a sound definition; undo all returns the start',
    (seed) => {
      const random = generator(seed);
      const start = sampleDraft();
      let history: History = createHistory(start);
      let applied = 0;
      for (let step = 0; step < 60; step++) {
        const before = history.present;
        const snapshot = JSON.stringify(before);
        const [kind, command] = randomCommand(before, random);
        const result = perform(history, kind, command);
        expect(JSON.stringify(before)).toBe(snapshot);
        if (result.outcome.ok) {
          expect(definitionFaults(result.outcome.definition), `${kind} at step ${step}`).toEqual([]);
          deepFreeze(result.outcome.definition);
          if (result.history !== history) applied++;
        } else expect(result.history).toBe(history);
        history = result.history;
      }
      expect(history.past.length).toBe(applied);
      const end = history.present;
      while (canUndo(history)) history = undo(history);
      expect(history.present).toBe(start);
      while (canRedo(history)) history = redo(history);
      expect(history.present).toBe(end);
    },
  );
});
