/**
 * runtime/test/label-control.ts gives jsdom's `HTMLLabelElement.control` the same answers for less: every label of a
 * page of tricky cases is compared with jsdom's own getter, and `labels` and a label query still find their fields.
 */
import { render, screen } from '@testing-library/react';
import { installFastLabelControl, jsdomLabelControl as jsdomAnswer } from './label-control';

describe("a label's control", () => {
  beforeAll(() => installFastLabelControl());

  it('is the element jsdom itself names, for every label of a page of tricky cases', () => {
    render(
      <div>
        <label htmlFor="name">Name</label>
        <input id="name" />
        <label htmlFor="later">Later</label>
        <label htmlFor="missing">Missing</label>
        <label htmlFor="">Empty for</label>
        <label htmlFor="para">A paragraph</label>
        <p id="para">not labelable</p>
        <label htmlFor="twice">Twice</label>
        <span id="twice" />
        <input id="twice" />
        <label>
          Wrapped <select aria-label="wrapped" />
        </label>
        {/* biome-ignore lint/a11y/noLabelWithoutControl: a label with no control is one of the cases */}
        <label>No control</label>
        <label htmlFor="hidden">Hidden</label>
        <input id="hidden" type="hidden" />
        <label htmlFor="area">Area</label>
        <textarea id="area" />
        <input id="later" />
      </div>,
    );
    const detached = document.createElement('label');
    detached.htmlFor = 'name';
    const fragment = document.createDocumentFragment();
    const inFragment = document.createElement('label');
    inFragment.htmlFor = 'frag';
    const fragInput = document.createElement('input');
    fragInput.id = 'frag';
    fragment.append(inFragment, fragInput);
    const labels = [...document.querySelectorAll('label'), detached, inFragment];
    expect(labels.length).toBe(12);
    for (const label of labels) expect(label.control, label.textContent ?? '').toBe(jsdomAnswer(label));
    // The cases themselves, as the HTML standard has them.
    expect(labels[0].control).toBe(document.getElementById('name'));
    expect(labels[1].control?.id).toBe('later');
    expect(labels[2].control).toBeNull();
    expect(labels[3].control).toBeNull();
    expect(labels[4].control).toBeNull(); // a paragraph is not labelable
    expect(labels[5].control).toBeNull(); // the first element with the id is a span
    expect(labels[6].control).toBe(screen.getByRole('combobox', { name: 'wrapped' }));
    expect(labels[8].control).toBeNull(); // a hidden input is not labelable
    expect(labels[11].control).toBe(fragInput);
  });

  it('follows id changes, and label queries and labels still find their fields', () => {
    render(
      <form>
        <label htmlFor="code">Code</label>
        <input id="code" />
      </form>,
    );
    const input = screen.getByLabelText('Code');
    expect(input.id).toBe('code');
    expect([...((input as HTMLInputElement).labels ?? [])].map((l) => l.textContent)).toEqual(['Code']);
    input.id = 'renamed';
    const label = screen.getByText('Code') as HTMLLabelElement;
    expect(label.control).toBeNull();
    expect(jsdomAnswer(label)).toBeNull();
    label.htmlFor = 'renamed';
    expect(label.control).toBe(input);
  });
});
