/**
 * What a key typed into a property renders again (issue 21 "Speed": the label-to-canvas frame): not the closed
 * dialogs (JSON, preview, export read no draft while closed) and not the question's type select (memoised on the
 * type), nor the canvas's closed delete confirmation. React's Profiler counts the dialogs' commits; MUI's TextField
 * and Dialog are wrapped to count the type select's and the confirmation's renders.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ComponentProps, type ComponentType, Profiler } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { updateQuestion } from '../../engine/designer';
import { sampleDraft } from '../../engine/test/designer';
import { Canvas } from '../canvas/Canvas';
import { ExportDialog } from '../import/ExportDialog';
import { PreviewDialog } from '../preview/PreviewDialog';
import { PropertyPanel } from '../properties/PropertyPanel';
import { DesignerContext, DesignerStore } from '../store';
import { layOut, longDraft, renderDesigner } from '../test/render';
import { JsonDialog } from './JsonDialog';

const typeSelectRenders: string[] = [];
const dialogRenders: string[] = [];

vi.mock('@mui/material/TextField', async (original) => {
  const actual = (await original()) as { default: ComponentType<{ id?: string }> };
  const TextField = actual.default;
  const Counted = (props: { id?: string }) => {
    if (props.id === 'property-type') typeSelectRenders.push(props.id);
    return <TextField {...props} />;
  };
  return { ...actual, default: Counted };
});

vi.mock('@mui/material/Dialog', async (original) => {
  const actual = (await original()) as { default: ComponentType<{ 'aria-labelledby'?: string }> };
  const Dialog = actual.default;
  const Counted = (props: { 'aria-labelledby'?: string }) => {
    dialogRenders.push(String(props['aria-labelledby']));
    return <Dialog {...props} />;
  };
  return { ...actual, default: Counted };
});

describe('a key typed into a property', () => {
  it('renders no closed dialog again, and not the type select', async () => {
    const store = new DesignerStore(sampleDraft());
    const questionId = store.draft.pages[0].questions[0].id;
    store.select(questionId);
    const commits: Record<string, number> = { json: 0, preview: 0, export: 0 };
    const count = (id: string) => () => {
      commits[id] += 1;
    };
    const closed = (id: string, dialog: (props: ComponentProps<typeof JsonDialog>) => React.ReactNode) => (
      <Profiler id={id} onRender={count(id)}>
        {dialog({ open: false, onClose: () => undefined })}
      </Profiler>
    );
    render(
      <DesignerContext.Provider value={store}>
        <PropertyPanel />
        {closed('json', (props) => (
          <JsonDialog {...props} />
        ))}
        {closed('preview', (props) => (
          <PreviewDialog {...props} />
        ))}
        {closed('export', (props) => (
          <ExportDialog {...props} />
        ))}
      </DesignerContext.Provider>,
    );
    // The selection's fields show after a deferred render: counted from when they are there.
    const label = await screen.findByRole('textbox', { name: /^Label/ });
    await waitFor(() => expect(typeSelectRenders.length).toBeGreaterThan(0));
    const before = { ...commits };
    typeSelectRenders.length = 0;

    await userEvent.setup().type(label, 'xyz');
    act(() => {
      store.edit('updateQuestion', (d) => updateQuestion(d, questionId, { helpText: 'Help' }), { mergeKey: 'h' });
    });

    expect(store.draft.pages[0].questions[0].label).toMatch(/xyz$/);
    expect(commits).toEqual(before);
    expect(typeSelectRenders).toEqual([]);
  });

  it("does not render the canvas's closed delete confirmation again", async () => {
    const undoLayout = layOut();
    try {
      const store = new DesignerStore(longDraft(20));
      renderDesigner(store, <Canvas />);
      await screen.findByTestId('canvas-end');
      dialogRenders.length = 0;
      await act(async () => {
        for (const label of ['E', 'Ed', 'Edi'])
          store.edit('updateQuestion', (d) => updateQuestion(d, 2, { label }), { mergeKey: 'label' });
      });
      expect(store.draft.pages[0].questions[1].label).toBe('Edi');
      expect(dialogRenders.filter((id) => id === 'canvas-delete-title')).toEqual([]);
    } finally {
      undoLayout();
    }
  });
});
