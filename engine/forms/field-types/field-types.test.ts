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

const samples: Array<{ question: Question; good: unknown; bad: unknown }> = [
  { question: { id: 1, label: 'Text', type: 'Text' }, good: 'Bay 4', bad: 4 },
  { question: { id: 2, label: 'Notes', type: 'Text', extendedType: 'Long' }, good: 'a\nb', bad: 'x'.repeat(20001) },
  {
    question: { id: 3, label: 'Photo', type: 'Text', extendedType: 'Hyperlink' },
    good: 'https://x.example/p',
    bad: 'not a link',
  },
  { question: { id: 4, label: 'Slump', type: 'Text', extendedType: 'Number', min: 0, max: 200 }, good: 75, bad: 201 },
  {
    question: {
      id: 5,
      label: 'Grade',
      type: 'Dropdown',
      options: [
        { id: 1, value: 'C30' },
        { id: 2, value: 'C40' },
      ],
    },
    good: 'C40',
    bad: 'C50',
  },
  { question: { id: 6, label: 'Poured', type: 'Date' }, good: '2026-11-20', bad: '20/11/2026' },
  {
    question: {
      id: 7,
      label: 'Checks',
      type: 'Checkbox',
      options: [
        { id: 1, value: 'Level' },
        { id: 2, value: 'Cover' },
      ],
    },
    good: ['Cover'],
    bad: ['Other'],
  },
  { question: { id: 8, label: 'Signed off', type: 'Checkbox', required: true }, good: true, bad: false },
  {
    question: {
      id: 9,
      label: 'Checklist',
      type: 'Grid',
      grid: {
        totalColumns: 1,
        totalRows: 1,
        headers: [{ index: 0, label: 'Hours' }],
        cells: [{ id: 1, rowIndex: 0, columnIndex: 0, cellQuestion: { id: 10, type: 'Number' } }],
      },
    },
    good: { cells: [{ cellId: 1, rowIndex: 0, columnIndex: 0, gridCellQuestionId: 10, value: 4 }] },
    bad: { cells: 'none' },
  },
  {
    question: {
      id: 11,
      label: 'Trades on site',
      type: 'MultiSelect',
      options: [
        { id: 1, value: 'Electrical' },
        { id: 2, value: 'Plumbing' },
      ],
    },
    good: ['Electrical', 'Plumbing'],
    bad: ['Roofing'],
  },
  { question: { id: 12, label: 'Air temperature', type: 'Temperature', min: -20, max: 45 }, good: 12.5, bad: 60 },
  { question: { id: 13, label: 'Area cleaned', type: 'Toggle' }, good: true, bad: 'yes' },
  { question: { id: 14, label: 'Marking colour', type: 'Colour' }, good: '#ff8800', bad: 'orange' },
  { question: { id: 15, label: 'Wear PPE at all times.', type: 'Note' }, good: null, bad: 'x' },
  {
    question: { id: 16, label: 'Method statement', type: 'RichText' },
    good: '<p>Lift <strong>slowly</strong></p>',
    bad: 7,
  },
  {
    question: { id: 17, label: 'Photos', type: 'FileUpload', accept: 'image/*' },
    good: ['questions/17/k3x9/slab.png'],
    bad: ['../../etc/passwd'],
  },
  {
    question: { id: 18, label: 'Signed by the supervisor', type: 'Signature' },
    good: 'questions/18/p2q7/signature.png',
    bad: 'signature.png',
  },
  {
    question: { id: 19, label: 'Equipment on site', type: 'Table' },
    good: [
      { item: 'Saw', assetNo: 'A-1', description: 'Chop saw', manufacturer: 'Makita', modelNo: 'M1', owner: 'Us' },
    ],
    bad: [{ item: 'Saw' }],
  },
  {
    question: { id: 20, label: 'Visitors', type: 'TableLight', columns: [{ id: 1, value: 'Name' }] },
    good: [{ c1: 'Ann' }],
    bad: [{ c2: 'Ann' }],
  },
  {
    question: { id: 22, label: 'Drawings referred to', type: 'DocumentPicker' },
    good: ['projects/1/documents/Drawings/GA-101.pdf'],
    bad: ['../secret.pdf'],
  },
  { question: { id: 21, label: 'Site plan', type: 'Image', imageFile: 'forms/plan.png' }, good: null, bad: 'x' },
];

describe('the field-type table', () => {
  it('has a type for every kind of question, each naming a widget', () => {
    const kinds = new Set(samples.map((s) => questionKind(s.question)));
    expect([...kinds].sort()).toEqual(Object.keys(fieldTypes).sort());
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
