/**
 * The field-type table: every question type's schema compiles with the one Ajv and accepts a sample
 * answer and refuses a wrong one; its answer round-trips through form data; every question a definition
 * can hold finds its type.
 */
import { describe, expect, it } from 'vitest';
import type { FormDefinition, Question } from '../../types/generated';
import { ajv } from '../../validation/ajv';
import { answersToFormData, formDataToAnswers } from '../entry-data';
import { questionKind } from '../questions';
import { fieldTypeOf, fieldTypes } from '.';

/** Every registered type's example (FieldType.example): a new type is checked here by its own file. */
const samples = Object.values(fieldTypes).map(
  (type) => type.example as { question: Question; good: unknown; bad: unknown },
);

describe('the field-type table', () => {
  it("has a type for every kind of question, each naming a widget, each type's example its own", () => {
    expect(Object.keys(fieldTypes).length).toBeGreaterThan(20);
    for (const [name, type] of Object.entries(fieldTypes)) expect(questionKind(type.example.question), name).toBe(name);
    for (const type of Object.values(fieldTypes)) expect(type.widget).toMatch(/^[a-z][a-zA-Z-]*$/); // the spec's names: hz-input, multiSelect, ...
  });

  for (const { question, good, bad } of samples) {
    it(`${fieldTypeOf(question).name}: schema accepts a good answer and refuses a bad one, and the answer round-trips`, () => {
      const type = fieldTypeOf(question);
      const validate = ajv.compile(type.schema(question));
      expect(validate(good)).toBe(true);
      expect(validate(bad)).toBe(false);
      const def = { id: 9, pages: [{ id: 1, label: '', questions: [question] }] } as unknown as FormDefinition;
      const answers = formDataToAnswers(def, { [`q_${question.id}`]: good });
      // A note saves nothing; a grid keeps its value in the Answer's `grid`; the others in `answers`.
      if (type.answerless) {
        expect(answers).toEqual([]);
        // Nothing to show: no register text, no column in the CSV.
        expect(type.csvColumns(question, { number: String, lines: true })).toEqual([]);
        return;
      }
      if (type.name === 'grid') expect(answers[0]).toMatchObject({ answers: [], grid: good });
      else if (type.answerOf) expect(answers[0].answers).toEqual((good as object[]).map((row) => JSON.stringify(row)));
      else expect(answers[0].answers).toEqual(Array.isArray(good) ? good : [good]);
      expect(answersToFormData(def, answers)).toEqual({ [`q_${question.id}`]: good });
      expect(type.uiSchema(question)['ui:widget']).toBe(type.widget);
    });

    it(`${fieldTypeOf(question).name}: a saved answer shows in the register and in the CSV`, () => {
      const type = fieldTypeOf(question);
      if (type.answerless) return;
      const def = { id: 9, pages: [{ id: 1, label: '', questions: [question] }] } as unknown as FormDefinition;
      const [answer] = formDataToAnswers(def, { [`q_${question.id}`]: good });
      const format = { number: String, lines: true };
      expect(type.answerText(question, answer, { ...format, lines: false })).not.toBe('');
      const columns = type.csvColumns(question, format);
      expect(columns.map((c) => c.header)).toContain(question.label);
      expect(columns.find((c) => c.header === question.label)?.cell(answer)).not.toBe('');
    });
  }

  it('shows a rich-text answer as its text in registers and the CSV', () => {
    expect(fieldTypes.richText.displayText('<p>Lift <strong>slowly</strong></p><ul><li>A &amp; B</li></ul>')).toBe(
      'Lift slowly A & B',
    );
  });

  it('shows a stored date-time by its date', () => {
    expect(fieldTypes.date.displayText('2026-11-20T09:30:00.000Z')).toBe('2026-11-20');
    expect(fieldTypes.text.displayText('2026-11-20T09:30:00.000Z')).toBe('2026-11-20T09:30:00.000Z');
  });
});
