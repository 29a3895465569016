/** The server keeps only formatting tags in a rich-text answer, whatever the client sent. */
import type { FormDefinition } from '../../engine/types/generated';
import { sanitizeRichText, withSanitizedRichText } from './rich-text';

describe('rich-text answers on the server', () => {
  it('keeps the formatting tags and drops scripts, attributes, styles and links', () => {
    expect(
      sanitizeRichText(
        '<p onclick="x()" style="color:red">Lift <strong>slowly</strong> <a href="javascript:alert(1)">here</a></p><script>alert(1)</script><img src=x onerror=alert(1)><ul><li>one</li></ul>',
      ),
    ).toBe('<p>Lift <strong>slowly</strong> here</p><ul><li>one</li></ul>');
  });

  it('drops the empty paragraphs an editor leaves at the end', () => {
    expect(sanitizeRichText('<ul><li><p>one</p></li></ul><p></p><p><br></p>')).toBe('<ul><li><p>one</p></li></ul>');
  });

  it('sanitises the answers of RichText questions only', () => {
    const def = {
      id: 1,
      pages: [
        {
          id: 1,
          label: '',
          questions: [
            { id: 1, label: 'Method', type: 'RichText' },
            { id: 2, label: 'Notes', type: 'Text' },
          ],
        },
      ],
    } as unknown as FormDefinition;
    const answers = withSanitizedRichText(def, [
      { questionId: 1, answers: ['<p>ok</p><script>x</script>'] },
      { questionId: 2, answers: ['<b>kept as typed</b>'] },
    ]);
    expect(answers.map((a) => a.answers[0])).toEqual(['<p>ok</p>', '<b>kept as typed</b>']);
  });
});
