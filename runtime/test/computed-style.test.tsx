/**
 * The jsdom set-up's faster getComputedStyle (runtime/test/computed-style.ts) answers as jsdom's own does: on MUI
 * components with their emotion rules, and on a style sheet of tricky selectors (lists, combinators, `:not()`,
 * attributes, escapes, upper case, `@media screen` and `print`); and a change to the page is seen.
 */
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Button,
  Checkbox,
  Dialog,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Tab,
  Tabs,
  TextField,
  Tooltip,
} from '@mui/material';
import { render, screen } from '@testing-library/react';
import { MuiRoot } from '../shell/MuiRoot';
import { clearStyleCache, declarationLookUps, implOf, jsdomComputedStyle, requirements } from './computed-style';

const TRICKY = `
  .Plain { display: none }
  .a.b, .c > .d, .e + .f, .g ~ .h { visibility: hidden }
  div.typed, span { color: rgb(1, 2, 3) }
  .k:not(.l) { pointer-events: none }
  [data-x="a,b"] .m, .n[title="p q"] { display: inline }
  .sm\\:flex { display: flex }
  @media screen { .only-screen { display: none } }
  @media print { .only-print { display: none } }
  * { outline-color: red }
  .q .r .s { display: none }
  .t::before { display: none }
  .u:hover { visibility: hidden }
`;

function Page() {
  return (
    <MuiRoot>
      <style>{TRICKY}</style>
      <Button variant="contained">Save</Button>
      <TextField label="Name" defaultValue="x" />
      <TextField select label="Kind" value="a">
        <MenuItem value="a">A</MenuItem>
      </TextField>
      <FormControlLabel control={<Checkbox defaultChecked />} label="Tick" />
      <Tabs value={0}>
        <Tab label="One" />
        <Tab label="Two" />
      </Tabs>
      <Accordion>
        <AccordionSummary>Closed</AccordionSummary>
        <AccordionDetails>Inside</AccordionDetails>
      </Accordion>
      <Tooltip title="Tip">
        <span>Hover</span>
      </Tooltip>
      <div className="plain">lower-case class of an upper-case rule</div>
      <div className="a b">both</div>
      <div className="a">one</div>
      <div className="c">
        <span className="d">child</span>
      </div>
      <span className="e" />
      <span className="f">next</span>
      <div className="g" />
      <p />
      <div className="h">later</div>
      <div className="typed">typed</div>
      <span className="k">k</span>
      <span className="k l">kl</span>
      <div data-x="a,b">
        <i className="m">m</i>
      </div>
      <b className="n" title="p q">
        n
      </b>
      <div className="sm:flex">escaped</div>
      <div className="only-screen">screen</div>
      <div className="only-print">print</div>
      <div className="q">
        <div className="r">
          <div className="s">deep</div>
        </div>
      </div>
      <div className="t u">pseudo</div>
      <div hidden>hidden attribute</div>
      <div style={{ display: 'none' }}>inline</div>
      <Dialog open>
        <DialogTitle>Dialog</DialogTitle>
        <DialogContent>Content</DialogContent>
      </Dialog>
    </MuiRoot>
  );
}

describe('the faster getComputedStyle of the jsdom tests', () => {
  it('answers as jsdom does for every element of a page of MUI components and tricky selectors', async () => {
    render(<Page />);
    await screen.findByRole('dialog');
    const elements = Array.from(document.querySelectorAll('*'));
    expect(elements.length).toBeGreaterThan(100);
    expect(document.styleSheets.length).toBeGreaterThan(20);
    let hidden = 0;
    for (const element of elements) {
      const expected = jsdomComputedStyle(element);
      clearStyleCache();
      const actual = getComputedStyle(element);
      expect(actual.cssText, element.outerHTML.slice(0, 120)).toBe(expected.cssText);
      if (actual.display === 'none' || actual.visibility === 'hidden') hidden++;
    }
    // The tricky rules do apply (the comparison is not between two empty answers).
    expect(hidden).toBeGreaterThan(8);
    expect(getComputedStyle(screen.getByText('both')).visibility).toBe('hidden');
    expect(getComputedStyle(screen.getByText('one')).visibility).toBe('visible');
    expect(getComputedStyle(screen.getByText('screen')).display).toBe('none');
    expect(getComputedStyle(screen.getByText('print')).display).toBe('block');
    expect(getComputedStyle(screen.getByText('deep')).display).toBe('none');
    expect(getComputedStyle(screen.getByText('kl')).pointerEvents).toBe('auto');
    expect(getComputedStyle(screen.getByText('k')).pointerEvents).toBe('none');
  });

  it('sees a change of class, style or style sheet made after an answer, as jsdom does', () => {
    render(
      <MuiRoot>
        <div data-testid="box">box</div>
      </MuiRoot>,
    );
    const box = screen.getByTestId('box');
    const same = () => {
      const expected = jsdomComputedStyle(box).cssText;
      expect(getComputedStyle(box).cssText).toBe(expected);
      return getComputedStyle(box);
    };
    expect(same().display).toBe('block');
    const first = document.createElement('style');
    first.textContent = '.gone { display: none } .ghost { visibility: hidden }';
    document.head.append(first);
    expect(same().display).toBe('block');
    box.className = 'gone';
    expect(same().display).toBe('none');
    box.className = 'ghost';
    expect(same().display).toBe('block');
    expect(same().visibility).toBe('hidden');
    // A sheet added later, one rule listing a class twice, then the first sheet removed.
    const second = document.createElement('style');
    second.textContent = '.ghost, div.ghost, .ghost.ghost { visibility: visible; color: rgb(9, 9, 9) }';
    document.head.append(second);
    expect(same().visibility).toBe('visible');
    box.className = 'gone ghost GHOST';
    expect(same().display).toBe('none');
    first.remove();
    expect(same().display).toBe('block');
    box.style.visibility = 'hidden';
    expect(same().visibility).toBe('hidden');
    second.remove();
    box.removeAttribute('style');
    expect(same().visibility).toBe('visible');
    expect(same().color).not.toBe('rgb(9, 9, 9)');
  });

  it("is the look-up jsdom's getComputedStyle uses, for the element and for its ancestors' inherited values", () => {
    render(
      <MuiRoot>
        <section>
          <div>
            <p>
              <span>deep</span>
            </p>
          </div>
        </section>
      </MuiRoot>,
    );
    const deep = screen.getByText('deep');
    let depth = 0;
    for (let at: Element | null = deep; at; at = at.parentElement) depth++;
    clearStyleCache();
    const before = declarationLookUps();
    expect(getComputedStyle(deep).visibility).toBe('visible');
    // visibility is inherited: jsdom looks up every ancestor's declaration, through the replaced export.
    expect(declarationLookUps() - before).toBeGreaterThanOrEqual(depth);
  });

  it('asks nwsapi only about the rules whose rightmost compound the element can match', () => {
    expect(requirements('.a')).toEqual({ classes: ['a'], types: null });
    expect(requirements('.A.b:hover')).toEqual({ classes: ['a'], types: null });
    expect(requirements('div.x > span.Y')).toEqual({ classes: ['y'], types: ['span'] });
    expect(requirements('.a, .b .c')).toEqual({ classes: ['a', 'c'], types: null });
    expect(requirements('address, div')).toEqual({ classes: null, types: ['address', 'div'] });
    // Any selector of the list that requires nothing, or text it cannot read, leaves the rule always tried.
    expect(requirements('.a, *')).toBeNull();
    expect(requirements('.a :not(.b)')).toBeNull();
    expect(requirements('[class~="a"]')).toBeNull();
    expect(requirements('.sm\\:flex')).toBeNull();
    expect(requirements('svg|a')).toBeNull();
    expect(requirements(undefined)).toBeNull();
    expect(requirements('.a[title="x .y"]')).toEqual({ classes: ['a'], types: null });
    expect(requirements('[title="x, .y"] .z')).toEqual({ classes: ['z'], types: null });
    expect(implOf(document.body).localName).toBe('body');
  });
});
