/** The file paths an entry's answers hold (runtime/offline/answers.ts). */
import { describe, expect, it } from 'vitest';
import { answerPaths } from './answers';

describe('answerPaths', () => {
  it('lists the file paths answers hold, not their other texts', () => {
    expect([...answerPaths([{ questionId: 3, answers: ['files/a1/p.jpg', 'text', 4] }])]).toEqual(['files/a1/p.jpg']);
  });
});
