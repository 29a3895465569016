/**
 * Import and export in the form creator (issue 22 §1, §2), through the real routes, shell and API client against
 * the mock API (the real app over the demo seed): the form library's Import form opens the creator's Import dialog;
 * a pasted or chosen source's format is detected; the server's refusal is shown and nothing changes; the report
 * (grouped by severity, with counts) stands beside a preview of the draft; "Open in the form creator" opens the
 * draft unsaved (no request saves it, the leave guard asks) with the report in the creator, until Save; Export
 * shows the SurveyJS exporter's report and downloads the JSON.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { findingsBySeverity, questionOfFinding, sourceNameOf } from '../../engine/import/report-view';
import type { ImportFinding } from '../../engine/import/types';
import { testDefinition } from '../../engine/test/definitions';
import type { FormDefinition } from '../../engine/types/generated';
import { mswPath } from '../../fixtures/msw/handlers';
import { mockApi, server } from '../../runtime/test/mock-api';
import { renderApp } from '../../runtime/test/render';

const surveyJs = {
  title: 'Scaffold inspection',
  pages: [
    {
      name: 'checks',
      elements: [
        { type: 'text', name: 'tag', title: 'Scaffold tag', isRequired: true },
        { type: 'comment', name: 'defects', title: 'Defects found' },
      ],
    },
  ],
};
const formio = {
  title: 'Delivery note',
  display: 'form',
  components: [{ type: 'textfield', key: 'supplier', label: 'Supplier', input: true }],
};

/** The forms API's writes the page sent (method and path). */
function recordWrites() {
  const writes: string[] = [];
  server.events.on('request:start', ({ request }) => {
    const path = new URL(request.url).pathname;
    if (request.method !== 'GET' && path.startsWith('/api/settings/forms') && !path.endsWith('/import'))
      writes.push(`${request.method} ${path}`);
  });
  return writes;
}

beforeEach(() => {
  server.events.removeAllListeners();
});

describe('the Import dialog', () => {
  it('opens from the form library, reads a pasted form, shows the report beside a preview, and opens the draft unsaved', async () => {
    await mockApi.logIn('admin@demo.local', 1);
    const writes = recordWrites();
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/quality-assurance/form-library');
    await user.click(await screen.findByRole('button', { name: 'Import form' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/quality-assurance/form-creator'));
    const dialog = await screen.findByRole('dialog', { name: 'Import a form' });

    // Nothing chosen yet: Import says so.
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose a file or paste a form first.');
    expect(within(dialog).getByRole('button', { name: 'Open in the form creator' })).toBeDisabled();

    // A pasted Form.io form is recognised; forced to SurveyJS, the server refuses it and says why.
    const paste = within(dialog).getByRole('textbox', { name: "Or paste the form's JSON" });
    await user.click(paste);
    await user.paste(JSON.stringify(formio));
    expect(within(dialog).getByTestId('import-file-name')).toHaveTextContent('Format detected: Form.io JSON.');
    await user.click(within(dialog).getByRole('combobox', { name: 'Format' }));
    await user.click(await screen.findByRole('option', { name: 'SurveyJS JSON' }));
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The source is Form.io JSON, not SurveyJS JSON: import it as Form.io JSON.',
    );
    expect(within(dialog).queryByTestId('import-report')).toBeNull();

    // A SurveyJS form: its report and its preview.
    await user.clear(paste);
    await user.paste(JSON.stringify(surveyJs));
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    const report = await within(dialog).findByTestId('import-report');
    expect(within(report).getByTestId('import-summary')).toHaveTextContent(
      /\d+ mapped exactly, \d+ mapped with a loss, \d+ not mapped\./,
    );
    const preview = within(dialog).getByTestId('import-preview');
    expect(within(preview).getByRole('heading', { name: 'Preview of Scaffold inspection' })).toBeInTheDocument();
    expect(await within(preview).findByLabelText(/Scaffold tag/)).toBeInTheDocument();
    expect(writes).toEqual([]);

    const { violations } = await axe.run(dialog, {
      resultTypes: ['violations'],
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Open in the form creator' }));
    await screen.findByRole('heading', { level: 1, name: 'Scaffold inspection' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('designer-save-state')).toHaveTextContent('Not saved yet');
    expect(
      await screen.findByText('Imported Scaffold inspection: not saved yet. Save it, or make an edit, to keep it.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('designer-import-report')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import report' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();
    expect(writes).toEqual([]);

    // Unsaved: leaving asks.
    act(() => {
      void router.navigate('/home');
    });
    const leave = await screen.findByRole('dialog');
    expect(leave).toHaveTextContent('Are you sure you want to leave this page without saving?');
    await user.click(within(leave).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/quality-assurance/form-creator');

    // Save creates the form from the imported draft.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('designer-save-state')).toHaveTextContent('All changes saved'));
    expect(writes).toEqual(['POST /api/settings/forms/quality-assurance']);
    const stored = (await mockApi
      .store()
      .collection<FormDefinition>('formDefinitions')
      .findOne({ title: 'Scaffold inspection', clientId: 1 })) as FormDefinition;
    expect(stored.pages[0].questions.map((q) => q.label)).toContain('Scaffold tag');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/quality-assurance/form-creator/${stored.id}`));
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByTestId('designer-import-report')).toBeInTheDocument();

    // The saved form keeps its report in the tab: opened again, the creator shows it.
    act(() => {
      void router.navigate('/quality-assurance/form-library');
    });
    await screen.findByRole('button', { name: 'Import form' });
    act(() => {
      void router.navigate(`/quality-assurance/form-creator/${stored.id}`);
    });
    await screen.findByRole('heading', { level: 1, name: 'Scaffold inspection' });
    expect(await screen.findByTestId('designer-import-report')).toBeInTheDocument();
    expect(screen.getByTestId('designer-save-state')).toHaveTextContent('All changes saved');
  });

  it("detects a chosen file's format and imports it from the creator's toolbar as a new draft", async () => {
    await mockApi.logIn('admin@demo.local', 1);
    const user = userEvent.setup({ delay: null });
    renderApp('/quality-assurance/form-creator');
    await screen.findByRole('heading', { level: 1, name: 'Untitled form' });
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import a form' });
    const file = new File([JSON.stringify(formio)], 'delivery.json', { type: 'application/json' });
    await user.upload(within(dialog).getByTestId('import-file'), file);
    await waitFor(() =>
      expect(within(dialog).getByTestId('import-file-name')).toHaveTextContent(
        /delivery\.json \(1 KB\).*Format detected: Form\.io JSON\./,
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    await within(dialog).findByTestId('import-report');
    await user.click(within(dialog).getByRole('button', { name: 'Open in the form creator' }));
    await screen.findByRole('heading', { level: 1, name: 'Delivery note' });
    expect(screen.getByTestId('designer-save-state')).toHaveTextContent('Not saved yet');
  });

  it('refuses a file over 5 MB before sending it', async () => {
    await mockApi.logIn('admin@demo.local', 1);
    const user = userEvent.setup({ delay: null });
    renderApp('/quality-assurance/form-creator?import=1');
    const dialog = await screen.findByRole('dialog', { name: 'Import a form' });
    const big = new File(['x'], 'huge.xlsx');
    Object.defineProperty(big, 'size', { value: 6 * 1024 * 1024 });
    await user.upload(within(dialog).getByTestId('import-file'), big);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The file is 6.0 MB, over the 5 MB limit.');
  });
});

describe("the creator's import report", () => {
  it('links a finding to its question: Show question shows its page and selects it', async () => {
    await mockApi.logIn('admin@demo.local', 1);
    const definition = {
      title: 'Two pages',
      pages: [
        { id: 1, label: 'First', questions: [{ id: 1, label: 'Site', type: 'Text' }] },
        { id: 2, label: 'Second', questions: [{ id: 2, label: 'Total hours', type: 'Note', text: 'Calculated' }] },
      ],
    };
    const report: ImportFinding[] = [
      {
        path: 'pages[1].elements[0] (total hours)',
        severity: 'lossy',
        messageId: 'import.core.failed',
        message: 'A calculation, kept as a note.',
      },
      { path: 'triggers[0]', severity: 'dropped', messageId: 'import.core.failed', message: 'A trigger, not mapped.' },
    ];
    server.use(
      http.post(mswPath('forms.import'), () =>
        HttpResponse.json({ definition, report, summary: { exact: 2, lossy: 1, dropped: 1 } }),
      ),
    );
    const user = userEvent.setup({ delay: null });
    renderApp('/quality-assurance/form-creator?import=1');
    const dialog = await screen.findByRole('dialog', { name: 'Import a form' });
    await user.click(within(dialog).getByRole('textbox', { name: "Or paste the form's JSON" }));
    await user.paste('{"pages": []}');
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    const inDialog = await within(dialog).findByTestId('import-report');
    expect(within(inDialog).getByText('2 mapped exactly, 1 mapped with a loss, 1 not mapped.')).toBeInTheDocument();
    expect(within(inDialog).getByRole('heading', { name: 'Not mapped (1)' })).toBeInTheDocument();
    expect(within(inDialog).getByRole('heading', { name: 'Mapped with a loss (1)' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Open in the form creator' }));
    await screen.findByRole('heading', { level: 1, name: 'Two pages' });
    const panel = screen.getByTestId('designer-import-report');
    // Only the finding about a question has Show question.
    const shows = within(panel).getAllByRole('button', { name: /^Show question/ });
    expect(shows).toHaveLength(1);
    expect(shows[0]).toHaveAccessibleName('Show question: pages[1].elements[0] (total hours)');
    expect(screen.getByRole('tab', { name: 'First' })).toHaveAttribute('aria-selected', 'true');
    await user.click(shows[0]);
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Second' })).toHaveAttribute('aria-selected', 'true'));
    await waitFor(() =>
      expect(within(screen.getByTestId('designer-properties')).getByRole('textbox', { name: 'Label' })).toHaveValue(
        'Total hours',
      ),
    );
    // The toolbar hides and shows the panel.
    await user.click(screen.getByRole('button', { name: 'Import report' }));
    expect(screen.queryByTestId('designer-import-report')).toBeNull();
  });
});

describe('Export', () => {
  it("shows the exporter's report for the draft and downloads its SurveyJS JSON", async () => {
    await mockApi.logIn('admin@demo.local', 1);
    const user = userEvent.setup({ delay: null });
    const created = vi.fn((_: Blob) => 'blob:export');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderApp('/quality-assurance/form-creator/1');
    await screen.findByTestId('designer-save-state');
    await user.click(await screen.findByRole('button', { name: 'Export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export to SurveyJS' });
    await within(dialog).findByTestId('import-report');
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(click).toHaveBeenCalled();
    const json = JSON.parse(await (created.mock.calls[0][0] as Blob).text()) as { pages: unknown[] };
    expect(json.pages.length).toBeGreaterThan(0);
    click.mockRestore();
  });
});

describe('the findings', () => {
  const draft = testDefinition({ id: 1, title: 'F' }, [
    {
      id: 1,
      label: 'P',
      questions: [
        { id: 4, label: 'Scaffold tag', type: 'Text' },
        { id: 5, label: 'Notes', type: 'Text' },
      ],
    },
  ]);
  const finding = (path: string, severity: ImportFinding['severity'] = 'lossy'): ImportFinding => ({
    path,
    severity,
    messageId: 'import.core.failed',
    message: 'x',
  });

  it("map to a question by the importer's questionId, else by the source name in the path", () => {
    expect(sourceNameOf('pages[0].elements[3] (q1)')).toBe('q1');
    expect(sourceNameOf('survey!A12')).toBeUndefined();
    expect(questionOfFinding(draft, finding('pages[0].elements[0] (scaffold tag)'))).toBe(4);
    expect(questionOfFinding(draft, { ...finding('triggers[0]'), questionId: 5 } as ImportFinding)).toBe(5);
    expect(questionOfFinding(draft, { ...finding('x (Notes)'), questionId: 99 } as ImportFinding)).toBe(5);
    expect(questionOfFinding(draft, finding('triggers[0]'))).toBeUndefined();
  });

  it('group by severity, not mapped first', () => {
    const groups = findingsBySeverity([finding('a', 'info'), finding('b', 'dropped'), finding('c', 'info')]);
    expect(groups.map((g) => [g.severity, g.findings.map((f) => f.path)])).toEqual([
      ['dropped', ['b']],
      ['info', ['a', 'c']],
    ]);
  });
});
