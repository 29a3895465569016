import { describe, expect, it } from 'vitest';
import { MAX_PAGES, MAX_QUESTIONS, sizeProblems } from './limits';

/** `pages` pages holding `questions` questions in all (the questions need only be counted). */
const sized = (pages: number, questions: number) => ({
  pages: Array.from({ length: pages }, (_, p) => ({
    questions: new Array(Math.floor(questions / pages) + (p < questions % pages ? 1 : 0)).fill(0),
  })),
});

describe('form definition size limits', () => {
  it('takes 2,000 questions on 200 pages and refuses one more of either, naming the limit', () => {
    expect([MAX_QUESTIONS, MAX_PAGES]).toEqual([2000, 200]);
    expect(sizeProblems(sized(200, 2000))).toEqual([]);
    expect(sizeProblems(sized(1, 2000))).toEqual([]);
    const [questions] = sizeProblems(sized(3, 2001));
    expect(questions).toMatchObject({ path: '/pages', messageId: 'forms.tooManyQuestions' });
    expect(questions.message).toContain('2,000');
    const [pages] = sizeProblems(sized(201, 201));
    expect(pages).toMatchObject({ path: '/pages', messageId: 'forms.tooManyPages' });
    expect(pages.message).toContain('200');
    expect(sizeProblems(sized(201, 2001)).map((p) => p.messageId)).toEqual([
      'forms.tooManyPages',
      'forms.tooManyQuestions',
    ]);
  });
});
