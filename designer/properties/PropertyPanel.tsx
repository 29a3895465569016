/**
 * The property panel (issue 21 part 3 "Property panel generated from the field types' property schemas"): for
 * the selected question (the last selected) its type and every keyword its field type takes
 * (./properties.ts panelProperties: the common keywords of common.ts, then the type's own), each edited by the
 * editor its schema's `x-editor` names — text, textarea, number, switch, select (./fields.tsx), options and
 * columns (./OptionsEditor.tsx), grid (./GridEditor.tsx), ratings with the score preview (./RatingsEditor.tsx),
 * file (./PictureEditor.tsx), condition (./ConditionBuilder.tsx) — so a new field type or keyword shows here
 * without a line of this file. Several selected: how many, and the switches they share (required, show in
 * register) as one bulk edit. Nothing selected: the shown page's condition. The "Form settings" button of the
 * header opens the form settings (./FormSettings.tsx). Every change is one `store.edit`, so it can be undone;
 * typing in a field merges into one step per field (`mergeKey` `<id>.<keyword>`). A new selection's fields render
 * after the canvas's frame (a deferred value; the panel `aria-busy` and the other question's fields hidden until
 * then: issue 21 "Speed").
 */
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { memo, type ReactNode, useCallback, useDeferredValue, useMemo, useRef } from 'react';
import {
  applied,
  changeQuestionType,
  type Draft,
  findQuestion,
  type Outcome,
  type QuestionPatch,
  updatePageCondition,
  updateQuestion,
} from '../../engine/designer';
import { allFieldTypes, fieldTypeOf } from '../../engine/forms/field-types';
import type { AnyQuestion } from '../../engine/forms/field-types/types';
import { message } from '../../engine/messages/catalogue';
import type { Grid, GridRating, Question, VisibleWhen } from '../../engine/types/generated';
import { useDesigner, useDesignerStore } from '../store';
import { ConditionBuilder, type ConditionCandidate } from './ConditionBuilder';
import { FormSettings } from './FormSettings';
import { NumberProperty, SelectProperty, SwitchProperty, TextProperty } from './fields';
import { GridEditor } from './GridEditor';
import { type ListItem, OptionsEditor } from './OptionsEditor';
import { PictureEditor } from './PictureEditor';
import { BULK_SWITCHES, definitionProblemsOf, type PanelProperty, panelProperties } from './properties';
import { RatingsEditor } from './RatingsEditor';

/** The label of a page as the panel names it: its label, or 'Page N'. */
function pageLabel(draft: Draft, index: number): string {
  return draft.pages[index].label || message('designerProperties.page', { number: index + 1 });
}

/**
 * The questions a condition may read: those before question `questionId` (earlier pages and earlier on its
 * page), or with `pageId` those of the pages before that page; answerless questions (notes, images) left out.
 */
export function conditionCandidates(
  draft: Draft,
  at: { questionId: number } | { pageId: number },
): ConditionCandidate[] {
  const out: ConditionCandidate[] = [];
  for (let p = 0; p < draft.pages.length; p++) {
    const page = draft.pages[p];
    if ('pageId' in at && page.id === at.pageId) break;
    for (const question of page.questions) {
      if ('questionId' in at && question.id === at.questionId) return out;
      if (!fieldTypeOf(question as AnyQuestion).answerless) out.push({ question, pageLabel: pageLabel(draft, p) });
    }
  }
  return out;
}

/** A question's condition: the builder over the questions before it (it reads the draft for them). */
function QuestionCondition({
  questionId,
  label,
  value,
  onCommit,
}: {
  questionId: number;
  label: string;
  value: VisibleWhen | undefined;
  onCommit(value: unknown, mergeKey?: string | false): void;
}) {
  const draft = useDesigner((s) => s.history.present);
  const fresh = useMemo(() => conditionCandidates(draft, { questionId }), [draft, questionId]);
  // The same candidates while the questions before this one are the same objects (an edit of this question,
  // a key typed into its label): the builder is not rendered again.
  const kept = useRef(fresh);
  if (!sameCandidates(kept.current, fresh)) kept.current = fresh;
  const onChange = useCallback((condition: VisibleWhen | undefined) => onCommit(condition, false), [onCommit]);
  return <ConditionBuilder label={label} value={value} candidates={kept.current} onChange={onChange} />;
}

/** True when two candidate lists name the same question objects under the same page labels. */
function sameCandidates(a: readonly ConditionCandidate[], b: readonly ConditionCandidate[]): boolean {
  return a.length === b.length && a.every((c, i) => c.question === b[i].question && c.pageLabel === b[i].pageLabel);
}

/**
 * One keyword's editor, by its schema's `x-editor`. Memoised on its value: an edit re-renders only the editors
 * whose keyword changed (typing stays quick on a question with a large grid).
 */
const PropertyEditor = memo(function PropertyEditor({
  questionId,
  property,
  value,
  grid,
  problem,
  onCommit,
}: {
  questionId: number;
  property: PanelProperty;
  value: unknown;
  /** The question's grid, for the rating bands' score preview. */
  grid?: Grid;
  problem?: string;
  onCommit(keyword: string, value: unknown, mergeKey?: string | false): void;
}): ReactNode {
  const { keyword, schema } = property;
  const commit = (v: unknown, mergeKey?: string | false) => onCommit(keyword, v, mergeKey);
  const common = { keyword, schema, value, problem, onCommit: (v: unknown) => commit(v) };
  switch (schema['x-editor']) {
    case 'text':
    case 'textarea':
      return <TextProperty {...common} />;
    case 'number':
      return <NumberProperty {...common} />;
    case 'switch':
      return <SwitchProperty {...common} onCommit={(v) => commit(v, false)} />;
    case 'select':
      return <SelectProperty {...common} onCommit={(v) => commit(v, false)} />;
    case 'options':
    case 'columns':
      return (
        <OptionsEditor
          kind={schema['x-editor']}
          schema={schema}
          items={(value as ListItem[] | undefined) ?? []}
          problem={problem}
          onCommit={(items) => commit(items, false)}
        />
      );
    case 'grid':
      return (
        <GridEditor
          grid={value as Grid}
          problem={problem}
          onCommit={(next, mergeKey) => commit(next, mergeKey ? `${keyword}.${mergeKey}` : false)}
        />
      );
    case 'ratings':
      return (
        <RatingsEditor
          ratings={(value as GridRating[] | undefined) ?? []}
          grid={grid}
          onCommit={(ratings, mergeKey) => commit(ratings, mergeKey ? `${keyword}.${mergeKey}` : false)}
        />
      );
    case 'file':
      return (
        <PictureEditor
          keyword={keyword}
          schema={schema}
          value={value as string | undefined}
          problem={problem}
          onCommit={(v) => commit(v, false)}
        />
      );
    case 'condition':
      return (
        <QuestionCondition
          questionId={questionId}
          label={message(schema['x-title'])}
          value={value as VisibleWhen | undefined}
          onCommit={commit}
        />
      );
    default:
      return null;
  }
});

/**
 * The question's type, a select of every field type; memoised on the type, so a key typed into another
 * property does not render its select and menu again (issue 21 "Speed").
 */
const QuestionTypeSelect = memo(function QuestionTypeSelect({
  questionId,
  typeName,
}: {
  questionId: number;
  typeName: string;
}) {
  const store = useDesignerStore();
  return (
    <TextField
      id="property-type"
      select
      size="small"
      label={message('designerProperties.questionType')}
      value={typeName}
      onChange={(event) =>
        store.edit('changeQuestionType', (d) => changeQuestionType(d, questionId, event.target.value))
      }
    >
      {allFieldTypes().map((t) => (
        <MenuItem key={t.name} value={t.name}>
          {message(t.titleId)}
        </MenuItem>
      ))}
    </TextField>
  );
});

/** The properties of one question. */
function QuestionProperties({ questionId }: { questionId: number }) {
  const store = useDesignerStore();
  const question = useDesigner((s) => findQuestion(s.history.present, questionId)?.question);
  const problems = useMemo(() => (question ? definitionProblemsOf(question as AnyQuestion) : new Map()), [question]);
  /** `mergeKey`: absent, the keyword's own (typing); false, a step of its own (a click). */
  const commit = useCallback(
    (keyword: string, value: unknown, mergeKey?: string | false) =>
      store.edit('updateQuestion', (d) => updateQuestion(d, questionId, { [keyword]: value } as QuestionPatch), {
        ...(mergeKey !== false && { mergeKey: `${questionId}.${mergeKey ?? keyword}` }),
      }),
    [store, questionId],
  );
  const type = question ? fieldTypeOf(question as AnyQuestion) : undefined;
  // The editors' list depends on the type only: the same property objects keep each memoised editor of an
  // unchanged keyword from rendering again while another is typed into.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list is the field type's (panelProperties reads only fieldTypeOf(question))
  const properties = useMemo(() => (type && question ? panelProperties(question) : []), [type]);
  if (!question || !type) return null;
  const record = question as unknown as Record<string, unknown>;
  return (
    <Stack spacing={1.5}>
      <QuestionTypeSelect questionId={questionId} typeName={type.name} />
      {properties.map((property) => (
        <div key={property.keyword} data-property={property.keyword}>
          <PropertyEditor
            questionId={questionId}
            property={property}
            value={record[property.keyword]}
            grid={property.schema['x-editor'] === 'ratings' ? (record.grid as Grid | undefined) : undefined}
            problem={problems.get(property.keyword)}
            onCommit={commit}
          />
        </div>
      ))}
    </Stack>
  );
}

/** Several questions selected: how many, and the switches they share as one bulk edit. */
function BulkProperties({ questionIds }: { questionIds: readonly number[] }) {
  const store = useDesignerStore();
  const draft = useDesigner((s) => s.history.present);
  const questions = questionIds
    .map((id) => findQuestion(draft, id)?.question)
    .filter((q): q is Question => q !== undefined);
  const answered = questions.filter((q) => !fieldTypeOf(q as AnyQuestion).answerless);
  const setAll = (keyword: string, value: boolean) =>
    store.edit('updateQuestion', (d) => {
      let out: Outcome = applied(d);
      for (const q of answered) {
        if (!out.ok) return out;
        out = updateQuestion(out.definition, q.id, { [keyword]: value } as QuestionPatch);
      }
      return out;
    });
  return (
    <Stack spacing={1}>
      <Typography>{message('designerProperties.selectedCount', { count: questions.length })}</Typography>
      {answered.length > 0 ? (
        BULK_SWITCHES.map((keyword) => {
          const all = answered.every((q) => (q as unknown as Record<string, unknown>)[keyword] === true);
          const schema = panelProperties(answered[0]).find((p) => p.keyword === keyword)?.schema;
          if (!schema) return null;
          return (
            <SwitchProperty
              key={keyword}
              keyword={`bulk-${keyword}`}
              schema={schema}
              value={all}
              label={message('designerProperties.bulkSwitch', {
                property: message(schema['x-title']),
                count: answered.length,
              })}
              onCommit={(v) => setAll(keyword, v === true)}
            />
          );
        })
      ) : (
        <Typography variant="body2" color="text.secondary">
          {message('designerProperties.bulkNothing')}
        </Typography>
      )}
    </Stack>
  );
}

/** Nothing selected: the shown page (`pageId`) and its condition. */
function PageProperties({ pageId }: { pageId: number }) {
  const store = useDesignerStore();
  const draft = useDesigner((s) => s.history.present);
  const index = draft.pages.findIndex((p) => p.id === pageId);
  if (index < 0) return null;
  const page = draft.pages[index];
  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" color="text.secondary">
        {message('designerProperties.nothingSelected')}
      </Typography>
      <Typography variant="subtitle1" component="h2">
        {pageLabel(draft, index)}
      </Typography>
      <ConditionBuilder
        // A builder per page: an incomplete comparison on one page is not carried to the next.
        key={pageId}
        label={message('designerProperties.pageCondition')}
        value={page.visibleWhen}
        candidates={conditionCandidates(draft, { pageId })}
        onChange={(condition) => store.edit('updatePageCondition', (d) => updatePageCondition(d, pageId, condition))}
      />
    </Stack>
  );
}

/**
 * What the panel shows: the form settings, the selection, or the shown page. The panel follows it as a deferred
 * value: a click or an edit that changes it (a question added, selected, a page restored by Undo) paints the canvas
 * in its own frame, and the panel's fields (a dozen MUI fields to mount) render after, interruptibly (issue 21
 * "Speed", docs/performance.md "The third pass").
 */
interface Shown {
  settingsOpen: boolean;
  selected: readonly number[];
  pageId: number;
}

/** The body for what is shown; a new element only when it changes (a render of the panel leaves it alone). */
function useBody({ settingsOpen, selected, pageId }: Shown): ReactNode {
  return useMemo(() => {
    const last = selected[selected.length - 1];
    if (settingsOpen) return <FormSettings />;
    if (selected.length > 1) return <BulkProperties questionIds={selected} />;
    if (last !== undefined) return <QuestionProperties key={last} questionId={last} />;
    return <PageProperties pageId={pageId} />;
  }, [settingsOpen, selected, pageId]);
}

/**
 * The body while it shows another selection: its contents not rendered (not seen, focused or announced), its box
 * kept at its last size (`contain-intrinsic-size: auto`), so nothing jumps. `content-visibility` is not inherited:
 * hiding the body restyles the body alone in the edit's frame (`visibility`, which is inherited, restyled every
 * element of the panel: 133 elements in an add's frame against 49; docs/performance.md "The twelfth pass").
 */
const STALE = { contentVisibility: 'hidden', containIntrinsicSize: 'auto none' } as const;
const SHOWN = { containIntrinsicSize: 'auto none' } as const;

/** See the module comment. */
export function PropertyPanel() {
  const store = useDesignerStore();
  const settingsOpen = useDesigner((s) => s.settingsOpen);
  const selected = useDesigner((s) => s.selected);
  const pageId = useDesigner((s) => s.pageId);
  const shownNow = useMemo(() => ({ settingsOpen, selected, pageId }), [settingsOpen, selected, pageId]);
  const shown = useDeferredValue(shownNow);
  const body = useBody(shown);
  // Until the panel has caught up, the fields it shows are another selection's: hidden (not typed into, not
  // announced), their place kept so nothing jumps.
  const stale = shown !== shownNow;
  return (
    <Stack
      component="aside"
      data-testid="designer-properties"
      aria-label={message('designerProperties.title')}
      aria-busy={stale || undefined}
      spacing={1.5}
      sx={{ p: 1.5, overflowY: 'auto' }}
    >
      <Stack direction="row" alignItems="center" justifyContent="space-between">
        <Typography variant="h6" component="h2">
          {message('designerProperties.title')}
        </Typography>
        <Button
          size="small"
          variant={settingsOpen ? 'contained' : 'outlined'}
          aria-pressed={settingsOpen}
          onClick={() => store.openSettings(!settingsOpen)}
        >
          {message('designerProperties.formSettings')}
        </Button>
      </Stack>
      <div style={stale ? STALE : SHOWN}>{body}</div>
    </Stack>
  );
}
