/**
 * The designer benchmark's form (runtime/e2e/bench/designer.ts), written once and given in both formats: ours
 * (a form definition's pages, as POST /api/settings/forms/{formArea} takes it) and SurveyJS's (a survey JSON
 * for SurveyJS Creator). Question n (from 1) is the same question in both: its label 'Question n', its type
 * by n's place in each ten - text (0, 1, 2, 4, 6), number (3), long text (5), a Yes / No / N/A dropdown (7),
 * a question shown only while that dropdown is Yes (8: a text), a date (9; every 20th question a
 * three-choice checkbox list instead); the second page's first question is a 10-row scored grid
 * (item, score dropdown, hours with a column sum, comments; SurveyJS: a matrixdropdown with the same columns).
 * Pages: the first holds 100 questions (the drag benchmark's page), the others share the rest evenly.
 */
import type { FormDefinition, Grid, Question } from '../../../engine/types/generated';

/** A form as the API's create takes it. */
export type FormInput = Pick<FormDefinition, 'title' | 'category' | 'pages' | 'isActive'>;

/** A SurveyJS question (the subset this form uses). */
interface SurveyQuestion {
  type: string;
  name: string;
  title: string;
  [key: string]: unknown;
}

/** The same form in both formats. */
export interface DesignerForm {
  ours: FormInput;
  surveyjs: { title: string; pages: Array<{ name: string; title: string; elements: SurveyQuestion[] }> };
  /** Questions on each page, first page first. */
  pageSizes: number[];
}

const YES_NO = ['Yes', 'No', 'N/A'];
const CHECKS = ['Level', 'Cover', 'Spacing'];
const GRID_ROWS = 10;
/** The grid's cell questions take ids above every question's, as a form's ids never repeat. */
const GRID_ID_BASE = 100_000;

/** Question n (from 1) in both formats. */
function question(n: number): { ours: Question; surveyjs: SurveyQuestion } {
  const label = `Question ${n}`;
  const name = `q${n}`;
  const base = { ours: { id: n, label }, surveyjs: { name, title: label } };
  switch (n % 10) {
    case 3:
      return {
        ours: { ...base.ours, type: 'Text', extendedType: 'Number' },
        surveyjs: { ...base.surveyjs, type: 'text', inputType: 'number' },
      };
    case 5:
      return {
        ours: { ...base.ours, type: 'Text', extendedType: 'Long' },
        surveyjs: { ...base.surveyjs, type: 'comment' },
      };
    case 7:
      return {
        ours: { ...base.ours, type: 'Dropdown', options: YES_NO.map((value, i) => ({ id: i + 1, value })) },
        surveyjs: { ...base.surveyjs, type: 'dropdown', choices: YES_NO },
      };
    case 8:
      return {
        ours: { ...base.ours, type: 'Text', visibleWhen: { questionId: n - 1, equals: 'Yes' } },
        surveyjs: { ...base.surveyjs, type: 'text', visibleIf: `{q${n - 1}} = 'Yes'` },
      };
    case 9:
      return n % 20 === 19
        ? {
            ours: { ...base.ours, type: 'Checkbox', options: CHECKS.map((value, i) => ({ id: i + 1, value })) },
            surveyjs: { ...base.surveyjs, type: 'checkbox', choices: CHECKS },
          }
        : { ours: { ...base.ours, type: 'Date' }, surveyjs: { ...base.surveyjs, type: 'text', inputType: 'date' } };
    default:
      return { ours: { ...base.ours, type: 'Text' }, surveyjs: { ...base.surveyjs, type: 'text' } };
  }
}

/** The scored grid (question n) in both formats. */
function grid(n: number): { ours: Question; surveyjs: SurveyQuestion } {
  const headers = ['Item', 'Score', 'Hours', 'Comments'];
  const types = ['Note', 'Dropdown', 'Number', 'Text'] as const;
  const score = ['0', '1', '2', '3'];
  const cells = Array.from({ length: GRID_ROWS }, (_, row) =>
    types.map((type, column) => ({
      id: row * types.length + column + 1,
      rowIndex: row,
      columnIndex: column,
      cellQuestion: {
        id: GRID_ID_BASE + n * 100 + row * types.length + column,
        type,
        label: type === 'Note' ? `Item ${row + 1}` : '',
        ...(type === 'Dropdown' ? { options: score.map((value, i) => ({ id: i + 1, value })) } : {}),
      },
    })),
  ).flat();
  const ourGrid: Grid = {
    totalColumns: types.length,
    totalRows: GRID_ROWS,
    headers: headers.map((label, index) => ({
      index,
      label,
      ...(label === 'Hours' ? { displaySumOfColumn: true, sumOfColumnLabel: 'Total' } : {}),
    })),
    cells: cells as Grid['cells'],
  };
  return {
    ours: {
      id: n,
      label: `Question ${n}`,
      type: 'Grid',
      grid: ourGrid,
      ratings: [
        { min: 0, max: 49.99, label: 'Poor' },
        { min: 50, max: 100, label: 'Good' },
      ],
    },
    surveyjs: {
      type: 'matrixdropdown',
      name: `q${n}`,
      title: `Question ${n}`,
      columns: [
        { name: 'score', title: 'Score', cellType: 'dropdown', choices: score },
        { name: 'hours', title: 'Hours', cellType: 'text', inputType: 'number', totalType: 'sum' },
        { name: 'comments', title: 'Comments', cellType: 'text' },
      ],
      rows: Array.from({ length: GRID_ROWS }, (_, row) => ({ value: `item${row + 1}`, text: `Item ${row + 1}` })),
    },
  };
}

/**
 * The benchmark's form: `count` questions on `pages` pages, the first page holding `firstPage` of them (the
 * others sharing the rest, the earlier ones one more where it does not divide).
 */
export function designerForm(count: number, pages: number, firstPage: number): DesignerForm {
  const rest = count - firstPage;
  const pageSizes = [
    firstPage,
    ...Array.from({ length: pages - 1 }, (_, i) => Math.floor(rest / (pages - 1)) + (i < rest % (pages - 1) ? 1 : 0)),
  ];
  let next = 1;
  const built = pageSizes.map((size, p) =>
    Array.from({ length: size }, () => {
      const n = next++;
      // The second page opens with the grid.
      return p === 1 && n === firstPage + 1 ? grid(n) : question(n);
    }),
  );
  const title = `Bench: ${count} questions on ${pages} pages`;
  return {
    pageSizes,
    ours: {
      title,
      category: 'inspections',
      isActive: true,
      pages: built.map((questions, p) => ({
        id: p + 1,
        label: `Page ${p + 1}`,
        questions: questions.map((q) => q.ours),
      })),
    },
    surveyjs: {
      title,
      pages: built.map((questions, p) => ({
        name: `page${p + 1}`,
        title: `Page ${p + 1}`,
        elements: questions.map((q) => q.surveyjs),
      })),
    },
  };
}
