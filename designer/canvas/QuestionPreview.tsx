/**
 * One question as the canvas shows it (issue 21 part 2 "The canvas renders each question with the runtime's own
 * widgets in a read-only design mode, so what the administrator sees is what a site user gets"): the question is
 * compiled alone by engine/forms/compile.ts (its condition left out, so it shows) and rendered by RJSF with the
 * renderer's own widgets, fields and templates (runtime/renderer/widgets, as SchemaForm renders a form), read-only
 * and disabled, with no submit button. Not SchemaForm itself: a canvas row needs none of its paging, dirty
 * tracking or validation, and hundreds of rows would each start its paging machine.
 *
 * Memoised on the question object: the store's commands share every question they did not change, so a row's
 * preview renders again only when its own question changed, and then as a deferred value (the edit's next frame
 * is not held up by the widgets' render); a row mounted (an added question, a page shown or restored by Undo)
 * shows its label in the widgets' place in its first frame and its widgets in a deferred render after it. A question the form never shows (a Dropdown neither
 * required nor with options) says so; a question that cannot compile or render says why (an error boundary),
 * and the rest of the canvas goes on.
 */
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import Form from '@rjsf/mui';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { Component, createContext, memo, type ReactNode, useContext, useDeferredValue, useMemo } from 'react';
import { compiledFormDefaultsBehavior, compileFormDefinition } from '../../engine/forms/compile';
import { fieldTypeOf } from '../../engine/forms/field-types';
import { message } from '../../engine/messages/catalogue';
import type { FormDefinition, Question } from '../../engine/types/generated';
import { formValidator } from '../../runtime/renderer/validator';
import { fields, templates, widgets, withTestedWidgets } from '../../runtime/renderer/widgets';
import type { SchemaFormContext } from '../../runtime/renderer/widgets/deferred-change';
import { useAfterPaint } from '../after-paint';

/** The schema and uiSchema of one question rendered alone, or undefined for a question the form never shows. */
export function designSchemaOf(question: Question): { schema: RJSFSchema; uiSchema: UiSchema } | undefined {
  const { visibleWhen: _condition, ...shown } = question as Question & { visibleWhen?: unknown };
  const compiled = compileFormDefinition({
    pages: [{ id: 0, label: '', questions: [shown as Question] }],
  } as unknown as FormDefinition);
  if (compiled.uiSchema['ui:order'].length === 0) return undefined;
  const schema = compiled.schema as RJSFSchema;
  const uiSchema = {
    ...withTestedWidgets(schema, compiled.uiSchema as UiSchema),
    'ui:submitButtonOptions': { norender: true },
  };
  return { schema, uiSchema };
}

/** Design mode fills nothing in: no API parameters, nothing deferred. */
const designContext: SchemaFormContext = { settleMs: 0, params: {}, pendingEdits: new Set() };

/** Catches a question that cannot render, so the rest of the canvas shows; an edit of the question tries again. */
class PreviewBoundary extends Component<
  { question: Question; children: ReactNode },
  { problem?: string; question?: Question }
> {
  override state: { problem?: string; question?: Question } = {};

  static getDerivedStateFromProps(props: { question: Question }, state: { question?: Question }) {
    return props.question === state.question ? null : { problem: undefined, question: props.question };
  }

  static getDerivedStateFromError(error: unknown) {
    return { problem: error instanceof Error ? error.message : String(error) };
  }

  override render() {
    if (this.state.problem !== undefined)
      return (
        <Alert severity="warning" variant="outlined">
          {message('designerCanvas.cannotShow', { problem: this.state.problem })}
        </Alert>
      );
    return this.props.children;
  }
}

/**
 * True once the canvas has shown its first page (./Canvas.tsx): a row mounted after that (an added question, a page
 * shown or restored by Undo) paints its label first; the opening page's rows render their widgets at once, so the
 * creator opens complete.
 */
export const DeferMount = createContext(false);

/**
 * The field types whose preview takes long to render (a grid's rows and columns, a table, the rich-text editor): an
 * edit of one paints its next frame first and renders the widgets after it.
 */
const HEAVY_PREVIEWS: ReadonlySet<string> = new Set(['grid', 'table', 'tableLight', 'richText']);

function Preview({ question: given }: { question: Question }) {
  // A row mounted (an added question, a page shown or restored by Undo) paints its label first and its widgets after
  // that frame (./after-paint.ts): its frame holds no RJSF form (issue 21 "Speed", docs/performance.md).
  const deferMount = useContext(DeferMount);
  const widgetsShown = useAfterPaint(true, !deferMount);
  const deferred = useDeferredValue(given);
  // An edit of a mounted row (a label typed) shows in the edit's own frame: one frame, not the panel's frame and then
  // the preview's. A heavy preview's edit paints its next frame first; the widgets follow, interruptibly.
  const heavy = HEAVY_PREVIEWS.has(fieldTypeOf(given).name);
  const question = !widgetsShown ? null : heavy ? deferred : given;
  const pendingLabel = question === null ? given.label : '';
  // One element per compiled question: the urgent render (still the old question) leaves the Form alone.
  return useMemo(() => {
    if (question === null)
      return (
        // The label in the widgets' place, so the row shows at once (the canvas's class rules: ./Canvas.tsx).
        <div className="dc-pending" data-preview-pending aria-hidden>
          {pendingLabel}
        </div>
      );
    const compiled = designSchemaOf(question);
    if (!compiled)
      return (
        <Typography variant="body2" color="text.secondary">
          {question.label} — {message('designerCanvas.notShown')}
        </Typography>
      );
    return (
      <Form
        schema={compiled.schema}
        uiSchema={compiled.uiSchema}
        validator={formValidator}
        widgets={widgets}
        fields={fields}
        templates={templates}
        formContext={designContext}
        idPrefix={`design-${question.id}`}
        readonly
        disabled
        noHtml5Validate
        showErrorList={false}
        experimental_defaultFormStateBehavior={compiledFormDefaultsBehavior}
        tagName="div"
      />
    );
  }, [question, pendingLabel]);
}

/** A question in the runtime's widgets, read-only (see the module comment). */
export const QuestionPreview = memo(function QuestionPreview({ question }: { question: Question }) {
  return (
    <PreviewBoundary question={question}>
      <Preview question={question} />
    </PreviewBoundary>
  );
});
