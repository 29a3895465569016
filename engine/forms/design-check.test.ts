import { describe, expect, it } from 'vitest';
import { formDefinitions } from '../../fixtures/seed/forms';
import type { FormDefinition, Question } from '../types/generated';
import { type DesignProblem, designCheck, designErrors } from './design-check';

type Pages = Pick<FormDefinition, 'pages'>;

const text = (id: number, extra: Record<string, unknown> = {}) =>
  ({ id, label: `Q${id}`, type: 'Text', ...extra }) as unknown as Question;
const dropdown = (id: number, values: string[], extra: Record<string, unknown> = {}) =>
  ({
    id,
    label: `Q${id}`,
    type: 'Dropdown',
    options: values.map((value) => ({ value })),
    ...extra,
  }) as unknown as Question;
const form = (
  ...pages: Array<Question[] | { questions: Question[]; visibleWhen?: unknown; label?: string }>
): Pages => ({
  pages: pages.map((page, index) =>
    Array.isArray(page)
      ? { id: index + 1, label: `P${index + 1}`, questions: page }
      : ({ id: index + 1, label: page.label ?? `P${index + 1}`, ...page } as Pages['pages'][number]),
  ),
});
const ids = (problems: DesignProblem[]) => problems.map((p) => `${p.severity}:${p.messageId}`);

describe('designCheck', () => {
  it('passes a clean form with conditions, a grid and notifications', () => {
    const clean = form(
      [
        dropdown(1, ['Yes', 'No'], { required: true }),
        text(2, { required: true, visibleWhen: { questionId: 1, equals: 'Yes' } }),
      ],
      {
        questions: [text(3, { emailText: true, notify: true })],
        visibleWhen: {
          any: [
            { questionId: 1, equals: 'No' },
            { questionId: 2, answered: true },
          ],
        },
      },
    );
    expect(designCheck(clean)).toEqual([]);
  });

  it('passes every seeded demo form', () => {
    for (const def of formDefinitions) expect(designCheck(def), def.title).toEqual([]);
  });

  it('finds a condition on a question not in the form, and on a later question, at any depth, as errors', () => {
    const problems = designCheck(
      form(
        [text(1, { visibleWhen: { all: [{ any: [{ questionId: 99, equals: 'x' }] }] } })],
        { questions: [text(2)], visibleWhen: { none: [{ questionId: 3 }] } },
        [text(3)],
      ),
    );
    expect(problems).toEqual([
      {
        severity: 'error',
        messageId: 'designCheck.conditionUnknownQuestion',
        params: { label: 'Q1', refersTo: 99 },
        questionId: 1,
        pageId: 1,
      },
      {
        severity: 'error',
        messageId: 'designCheck.conditionLaterQuestion',
        params: { label: 'P2', refersTo: 3 },
        pageId: 2,
      },
    ]);
  });

  it('warns of a required question a condition can hide with nothing else required on its page', () => {
    const hideable = text(2, { required: true, visibleWhen: { questionId: 1, equals: 'Yes' } });
    const alone = designCheck(form([dropdown(1, ['Yes', 'No'])], [hideable]));
    expect(alone).toMatchObject([
      { severity: 'warning', messageId: 'designCheck.requiredCanBeHidden', questionId: 2, pageId: 2 },
    ]);
    expect(designErrors(alone)).toEqual([]);
    // Another required question that always shows on the page: no warning.
    expect(designCheck(form([dropdown(1, ['Yes', 'No'])], [hideable, text(3, { required: true })]))).toEqual([]);
  });

  it('finds a page whose condition contradicts itself or reads an always hidden question', () => {
    const q1 = dropdown(1, ['A', 'B']);
    const never = (visibleWhen: unknown) =>
      ids(
        designCheck(
          form([q1, text(5, { visibleWhen: { questionId: 1, equals: 'A' } })], { questions: [text(2)], visibleWhen }),
        ),
      );
    const pageNever = ['error:designCheck.pageNeverShown'];
    expect(
      never({
        all: [
          { questionId: 1, equals: 'A' },
          { questionId: 1, equals: 'B' },
        ],
      }),
    ).toEqual(pageNever);
    expect(never({ all: [{ questionId: 1, equals: 'A' }, { all: [{ questionId: 1, notEquals: 'A' }] }] })).toEqual(
      pageNever,
    );
    expect(
      never({
        all: [
          { questionId: 1, answered: true },
          { questionId: 1, notAnswered: true },
        ],
      }),
    ).toEqual(pageNever);
    expect(
      never({
        all: [
          { questionId: 1, equals: 'A' },
          { questionId: 1, oneOf: ['B'] },
        ],
      }),
    ).toEqual(pageNever);
    // Decidable only where it is simple: these can hold.
    expect(
      never({
        all: [
          { questionId: 1, equals: 'A' },
          { questionId: 1, oneOf: ['A'] },
        ],
      }),
    ).toEqual([]);
    expect(
      never({
        any: [
          { questionId: 1, equals: 'A' },
          { questionId: 1, equals: 'B' },
        ],
      }),
    ).toEqual([]);
    expect(
      never({
        all: [
          { questionId: 1, equals: 'A' },
          { questionId: 5, equals: 'B' },
        ],
      }),
    ).toEqual([]);
    expect(
      never({
        all: [
          { questionId: 1, equals: 'A' },
          { questionId: 1, oneOf: ['A', 'B'] },
        ],
      }),
    ).toEqual([]);
    // A multi-valued answer can equal two values at once.
    const multi = {
      id: 1,
      label: 'Q1',
      type: 'MultiSelect',
      options: [{ value: 'A' }, { value: 'B' }],
    } as unknown as Question;
    expect(
      designCheck(
        form([multi], {
          questions: [text(2)],
          visibleWhen: {
            all: [
              { questionId: 1, equals: 'A' },
              { questionId: 1, equals: 'B' },
            ],
          },
        }),
      ),
    ).toEqual([]);
    // A question that is always hidden is never answered: a page that needs it answered never shows, one that
    // needs it not answered always does.
    const hidden = [
      q1,
      text(3, {
        visibleWhen: {
          all: [
            { questionId: 1, equals: 'A' },
            { questionId: 1, equals: 'B' },
          ],
        },
      }),
    ];
    expect(
      ids(designCheck(form(hidden, { questions: [text(2)], visibleWhen: { questionId: 3, answered: true } }))),
    ).toEqual(pageNever);
    expect(
      designCheck(form(hidden, { questions: [text(2)], visibleWhen: { questionId: 3, notAnswered: true } })),
    ).toEqual([]);
    // The questions of a page that never shows are always hidden too.
    const chain = designCheck(
      form(
        [q1],
        {
          questions: [text(2)],
          visibleWhen: {
            all: [
              { questionId: 1, equals: 'A' },
              { questionId: 1, equals: 'B' },
            ],
          },
        },
        { questions: [text(4)], visibleWhen: { questionId: 2, equals: 'x' } },
      ),
    );
    expect(chain.map((p) => p.pageId)).toEqual([2, 3]);
  });

  it('finds a grid without rows and rating bands that are inverted, overlap or leave gaps', () => {
    const grid = (totalRows: number, ratings: Array<[number, number, string]>) =>
      ({
        id: 1,
        label: 'Checks',
        type: 'Grid',
        grid: { totalColumns: 1, totalRows, headers: [], cells: [] },
        ratings: ratings.map(([min, max, label]) => ({ min, max, label })),
      }) as unknown as Question;
    expect(ids(designCheck(form([grid(0, [])])))).toEqual(['error:designCheck.gridWithoutRows']);
    expect(
      designCheck(
        form([
          grid(2, [
            [0, 49.99, 'Poor'],
            [50, 100, 'Good'],
          ]),
        ]),
      ),
    ).toEqual([]);
    expect(
      designCheck(
        form([
          grid(2, [
            [50, 100, 'Good'],
            [0, 50, 'Poor'],
          ]),
        ]),
      ),
    ).toMatchObject([
      {
        messageId: 'designCheck.ratingBandsOverlap',
        params: { label: 'Checks', first: 'Poor', second: 'Good' },
        questionId: 1,
      },
    ]);
    expect(
      designCheck(
        form([
          grid(2, [
            [0, 40, 'Poor'],
            [50, 100, 'Good'],
          ]),
        ]),
      ),
    ).toMatchObject([{ severity: 'error', messageId: 'designCheck.ratingBandsGap', params: { from: 40, to: 50 } }]);
    expect(ids(designCheck(form([grid(2, [[60, 10, 'Odd']])])))).toEqual(['error:designCheck.ratingBandInverted']);
  });

  it('finds duplicate option values of a question and of a grid cell', () => {
    expect(designCheck(form([dropdown(1, ['A', 'B', 'A'])]))).toMatchObject([
      { severity: 'error', messageId: 'designCheck.duplicateOptionValue', params: { value: 'A' }, questionId: 1 },
    ]);
    const grid = {
      id: 2,
      label: 'G',
      type: 'Grid',
      grid: {
        totalColumns: 1,
        totalRows: 1,
        headers: [],
        cells: [
          {
            id: 1,
            rowIndex: 0,
            columnIndex: 0,
            cellQuestion: { id: 1, type: 'Dropdown', options: [{ value: 'x' }, { value: 'x' }] },
          },
        ],
      },
    } as unknown as Question;
    expect(ids(designCheck(form([grid])))).toEqual(['error:designCheck.duplicateOptionValue']);
  });

  it('warns when e-mail text has no question that notifies anyone', () => {
    expect(designCheck(form([text(1, { emailText: true })]))).toMatchObject([
      { severity: 'warning', messageId: 'designCheck.emailTextWithoutRecipients', questionId: 1 },
    ]);
    expect(designCheck(form([text(1, { emailText: true }), text(2, { notify: true })]))).toEqual([]);
  });

  it('finds choice values changed or removed on a published form with entries', () => {
    const published = form([dropdown(1, ['Yes', 'No', 'N/A'])]);
    const draft = form([dropdown(1, ['Yes', 'no'])]);
    expect(designCheck(draft, { published, entryCount: 3 })).toEqual([
      {
        severity: 'warning',
        messageId: 'designCheck.choiceValuesChanged',
        params: { label: 'Q1', values: 'No, N/A', entries: 3 },
        questionId: 1,
        pageId: 1,
      },
    ]);
    expect(designCheck(draft, { published, entryCount: 0 })).toEqual([]);
    expect(designCheck(draft)).toEqual([]);
    // Options added, or a question removed, change no stored choice.
    expect(designCheck(form([dropdown(1, ['Yes', 'No', 'N/A', 'Later'])]), { published, entryCount: 3 })).toEqual([]);
    expect(designCheck(form([text(2)]), { published, entryCount: 3 })).toEqual([]);
  });
});
