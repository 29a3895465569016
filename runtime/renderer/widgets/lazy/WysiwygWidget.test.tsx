/** wysiwygInput: a Tiptap editor whose value is sanitised HTML (form-configuration.md §2). */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SchemaForm } from '../../SchemaForm';
import { cleanRichText } from './WysiwygWidget';

describe('the rich-text field', () => {
  it('cleans HTML to the formatting tags', () => {
    expect(cleanRichText('<p style="x" onclick="y">Hi <em>there</em></p><script>alert(1)</script>')).toBe(
      '<p>Hi <em>there</em></p>',
    );
  });

  it('shows a saved answer without what the sanitiser removes, and answers with formatted HTML', async () => {
    const onChange = vi.fn();
    render(
      <SchemaForm
        schema={{ type: 'object', properties: { method: { type: 'string' } } }}
        uiSchema={{ method: { 'ui:widget': 'wysiwygInput', 'ui:title': 'Method statement' } }}
        formData={{ method: '<p>Lift <strong>slowly</strong></p><script>window.hacked = true</script>' }}
        onChange={onChange}
      />,
    );
    const editor = await screen.findByRole('textbox', { name: 'Method statement' });
    expect(editor).toHaveTextContent('Lift slowly');
    expect(editor.querySelector('script')).toBeNull();
    expect(editor.querySelector('strong')).not.toBeNull();
    const user = userEvent.setup();
    await user.click(editor);
    await user.keyboard('{Control>}a{/Control}');
    await user.click(screen.getByRole('button', { name: 'Bulleted list' }));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(onChange.mock.lastCall?.[0].method).toBe('<ul><li><p>Lift <strong>slowly</strong></p></li></ul>');
  });
});
