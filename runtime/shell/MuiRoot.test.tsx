/**
 * The MUI root's auto-fill keyframes (./theme.ts AUTO_FILL_KEYFRAMES; issue 21 "Speed"): MUI's inputs would each
 * inject `@keyframes mui-auto-fill` and `mui-auto-fill-cancel` as global styles when they mount (a style sheet
 * per input); inside the root they come once, with CssBaseline, and every input still runs the animation
 * InputBase reads to see the browser's auto-fill.
 */
import TextField from '@mui/material/TextField';
import { fireEvent, render, screen } from '@testing-library/react';
import { MuiRoot } from './MuiRoot';

/** Every CSS rule text in the document's style elements. */
function cssTexts(): string[] {
  const texts: string[] = [];
  for (const sheet of Array.from(document.styleSheets))
    for (const rule of Array.from(sheet.cssRules)) texts.push(rule.cssText);
  return texts;
}

describe('the auto-fill keyframes (issue 21 "Speed")', () => {
  it('come once for the page however many inputs mount, and the inputs still run the animation', () => {
    render(
      <MuiRoot>
        {Array.from({ length: 12 }, (_, i) => `Field ${i}`).map((label) => (
          <TextField key={label} label={label} />
        ))}
      </MuiRoot>,
    );
    const keyframes = cssTexts().filter((text) => text.startsWith('@keyframes'));
    expect(keyframes.filter((text) => /^@keyframes mui-auto-fill\s*\{/.test(text))).toHaveLength(1);
    expect(keyframes.filter((text) => /^@keyframes mui-auto-fill-cancel\s*\{/.test(text))).toHaveLength(1);
    // The input's own class runs the cancel animation, and the auto-fill one while the browser has filled it.
    const input = screen.getByLabelText('Field 3');
    const own = cssTexts().filter((text) =>
      Array.from(input.classList).some((name) => name.startsWith('css-') && text.includes(`.${name}`)),
    );
    expect(own.some((text) => /animation-name:\s*mui-auto-fill-cancel/.test(text))).toBe(true);
    expect(own.some((text) => /-webkit-autofill/.test(text) && /animation-name:\s*mui-auto-fill\b/.test(text))).toBe(
      true,
    );
  });

  it("raises an input's label when the browser fills it in (the animation InputBase listens for)", () => {
    render(
      <MuiRoot>
        <TextField label="Email" />
      </MuiRoot>,
    );
    const input = screen.getByLabelText('Email');
    const label = document.querySelector(`label[for="${input.id}"]`) as HTMLElement;
    expect(label).toHaveAttribute('data-shrink', 'false');
    fireEvent.animationStart(input, { animationName: 'mui-auto-fill' });
    expect(label).toHaveAttribute('data-shrink', 'true');
  });
});
