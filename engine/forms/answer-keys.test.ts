import { answerKey, answerKeySuffixes, parseAnswerKey } from './answer-keys';

describe('answerKey', () => {
  it('encodes the question id after an underscore', () => {
    expect(answerKey(12)).toBe('q_12');
    expect(answerKey(12, 'other')).toBe('q_12_other');
    expect(answerKey(7, 'gridSummary')).toBe('q_7_gridSummary');
  });

  it('rejects ids that would not parse back', () => {
    for (const id of [0, -1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 2])
      expect(() => answerKey(id)).toThrow(RangeError);
  });
});

describe('parseAnswerKey', () => {
  it('round-trips every suffix', () => {
    for (const suffix of answerKeySuffixes)
      expect(parseAnswerKey(answerKey(345, suffix))).toEqual({ questionId: 345, suffix });
    expect(parseAnswerKey('q_345')).toEqual({ questionId: 345 });
  });

  it('rejects what is not an answer key', () => {
    for (const key of [
      'q_',
      'q_0',
      'q_012',
      'q_12_',
      'q_12_unknown',
      'q_12_other_x',
      'x_q_12',
      'q_12 ',
      'Q_12',
      'q_-1',
      'entryNumber',
      'q_1e3',
      'q_99999999999999999999',
    ])
      expect(parseAnswerKey(key), key).toBeNull();
  });

  it('keeps suffix names case-sensitive as in the spec', () => {
    expect(parseAnswerKey('q_3_stopnoti')).toEqual({ questionId: 3, suffix: 'stopnoti' });
    expect(parseAnswerKey('q_3_stopNoti')).toBeNull();
    expect(parseAnswerKey('q_3_emailtext')).toBeNull();
  });
});
