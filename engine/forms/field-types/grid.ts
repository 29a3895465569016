/**
 * Grid: a table of cells with scoring (form-configuration.md §3 "Grid", §4, §5; engine/forms/grid.ts).
 * Its form value is the grid answer `{ cells, overallComments? }`; the saved Answer carries it as `grid`
 * with the server-computed `totalScore` and `maxScore` (answers stays empty). Rendered by the renderer's
 * 'grid' field with the grid summary (grid-summary) under it; the cells' problems come from gridProblems:
 * a required cell left empty in an answered row is 'validation.gridRowIncomplete' for the question, and a
 * required grid without an answered row 'validation.required' (issue 19, docs/decisions.md "Grid answers").
 */
import type { Answer } from '../../types/generated';
import { asGridAnswer, gridQuestionProblems, gridSummary } from '../grid';
import type { FieldType } from './types';

const cellAnswer = {
  type: 'object',
  required: ['cellId', 'rowIndex', 'columnIndex', 'value'],
  properties: {
    cellId: { type: 'integer', minimum: 1 },
    rowIndex: { type: 'integer', minimum: 0 },
    columnIndex: { type: 'integer', minimum: 0 },
    gridCellQuestionId: { type: 'integer' },
    value: { type: ['string', 'number', 'boolean'], maxLength: 20000 },
  },
};

export const grid: FieldType = {
  name: 'grid',
  widget: 'grid',
  schema: (q) => ({
    type: 'object',
    title: q.label,
    properties: {
      cells: { type: 'array', maxItems: 6000, items: cellAnswer },
      overallComments: { type: 'string', maxLength: 20000 },
    },
  }),
  uiSchema: (q) => ({
    'ui:widget': 'grid',
    'ui:field': 'grid',
    // `required`: the browser asks for an answered row as the server does (SchemaForm's grid check).
    'ui:options': { grid: q.grid, ratings: q.ratings ?? [], required: q.required === true },
  }),
  multiValued: false,
  typeMessageId: 'validation.invalid',
  patternMessageId: 'validation.invalid',
  constMessageId: 'validation.invalid',
  columnType: 'Number',
  displayText: (value) => value,
  answerOf: (question, value) => {
    const answer = asGridAnswer(value);
    if (!answer || !question.grid || (answer.cells.length === 0 && !answer.overallComments)) return undefined;
    const { totalScore, maxScore } = gridSummary(question.grid, answer, question.ratings);
    return { answers: [], grid: answer, totalScore, maxScore };
  },
  formValueOf: (_question, answer: Answer) => (answer.grid ? { ...answer.grid } : undefined),
  problems: (question, answer: Answer) => {
    if (!question.grid) return [];
    return gridQuestionProblems(question.grid, answer.grid, { required: question.required === true });
  },
};
