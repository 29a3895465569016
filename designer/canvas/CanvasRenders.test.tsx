/**
 * The canvas's speed rule (issue 21 part 2 "drag and drop stays smooth with hundreds of questions"): a question's
 * widgets render again only when its own question changed. Selecting, or editing another question, renders no
 * other row's widgets (RJSF's Form is wrapped here to count each row's renders by its id prefix).
 */
import { act } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { updateQuestion } from '../../engine/designer';
import { DesignerStore } from '../store';
import { layOut, longDraft, renderDesigner } from '../test/render';
import { Canvas } from './Canvas';

const renders: string[] = [];

vi.mock('@rjsf/mui', async (original) => {
  const actual = (await original()) as { default: ComponentType<{ idPrefix?: string }> };
  const Form = actual.default;
  const Counted = (props: { idPrefix?: string }) => {
    renders.push(String(props.idPrefix));
    return <Form {...props} />;
  };
  return { ...actual, default: Counted };
});

let undoLayout: () => void;
beforeAll(() => {
  undoLayout = layOut();
});
afterAll(() => undoLayout());

describe('Canvas renders', () => {
  it("renders a row's widgets again only when its question changed", async () => {
    const store = new DesignerStore(longDraft(40));
    renderDesigner(store, <Canvas />);
    expect(renders).toContain('design-1');
    renders.length = 0;
    act(() => store.select(2));
    act(() => store.select(3, 'toggle'));
    act(() => store.select(1, 'range'));
    expect(renders).toEqual([]);
    await act(async () => {
      store.edit('updateQuestion', (draft) => updateQuestion(draft, 2, { label: 'Edited' }), { mergeKey: 'label' });
    });
    expect(renders).toEqual(['design-2']);
  });
});
