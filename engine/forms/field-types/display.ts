/**
 * The display texts of saved answers that the field types share (types.ts `answerText`, `csvColumns`; issue 19
 * "Every answer in the CSV"): the text of an answer's values, the one column most types give, and the headers
 * of a question's further columns. Catalogue texts: csv.yes, csv.no, csv.part.
 */
import { message } from '../../messages/catalogue';
import type { AnswerValue, Question } from '../../types/generated';
import type { CsvColumn, DisplayFormat, FieldType } from './types';

const yes = message('csv.yes');
const no = message('csv.no');

/**
 * The text of an answer's values: ticks 'Yes'/'No', numbers by `formatNumber`, text by `displayText`; empty
 * values are skipped and the others joined with `separator`.
 * @param displayText the type's display of one stored text value
 * @param values the Answer's `answers`
 * @param formatNumber how numbers print (default: as given)
 * @param separator between values (default ', ')
 */
export function valuesDisplayText(
  displayText: (value: string) => string,
  values: readonly AnswerValue[] | undefined,
  formatNumber: (value: number) => string = String,
  separator = ', ',
): string {
  if (!values) return '';
  // One string built in place of filter, map and join (Array.join writes null and undefined as ''): the
  // register and the CSV call this for every cell of up to 100,000 entries.
  let text = '';
  let count = 0;
  for (const value of values) {
    if (value === '') continue;
    const piece =
      typeof value === 'boolean'
        ? value
          ? yes
          : no
        : typeof value === 'number'
          ? formatNumber(value)
          : displayText(value);
    text = count === 0 ? `${piece ?? ''}` : `${text}${separator}${piece ?? ''}`;
    count += 1;
  }
  return text;
}

/**
 * The answerText of a type whose answer is its values: each value's display text, joined with ', ' (or, with
 * `ownLines`, one a line where the format allows lines: files, whose names may hold commas).
 */
export function valuesAnswerText(displayText: (value: string) => string, ownLines = false): FieldType['answerText'] {
  return (_question, answer, format) =>
    valuesDisplayText(displayText, answer.answers, format.number, ownLines && format.lines ? '\n' : ', ');
}

/** The csvColumns of a type that gives one column: the question's label over its answerText. */
export function answerColumn(answerText: FieldType['answerText']): FieldType['csvColumns'] {
  return (question, format) => [{ header: question.label, cell: (answer) => answerText(question, answer, format) }];
}

/** The csvColumns of a type that holds no answer: none. */
export function noColumns(_question: Question, _format: DisplayFormat): CsvColumn[] {
  return [];
}

/** The header of a further column of a question: '{question label} - {part}' (catalogue csv.part). */
export function partHeader(question: Pick<Question, 'label'>, part: string): string {
  return message('csv.part', { question: question.label, part });
}

/**
 * The display members of a type whose answer is its values (most types): `displayText` for one value,
 * `answerText` the values joined (valuesAnswerText) and one CSV column of it.
 */
export function valueTexts(
  displayText: (value: string) => string,
  ownLines = false,
): Pick<FieldType, 'displayText' | 'answerText' | 'csvColumns'> {
  const answerText = valuesAnswerText(displayText, ownLines);
  // The column's cell calls valuesDisplayText itself (one call a cell less: most cells of a CSV are these).
  const csvColumns: FieldType['csvColumns'] = (question, format) => {
    const separator = ownLines && format.lines ? '\n' : ', ';
    return [
      {
        header: question.label,
        cell: (answer) => valuesDisplayText(displayText, answer.answers, format.number, separator),
      },
    ];
  };
  return { displayText, answerText, csvColumns };
}
