/**
 * The preview (issue 21 part 6 "Preview and test"): the open draft in the real form renderer, full screen, at phone
 * (390 px), tablet (820 px) or desktop (1280 px) width. The form is the one a project user gets: the draft compiled
 * by the same form source (runtime/renderer/functions/form-sources.ts `formDefinition`) and rendered by SchemaForm,
 * so its page flow is the runtime's (engine/machines/paging.ts: hidden pages stepped over, a page's
 * required-on-page-change questions enforced before moving on, the submit's validation).
 *
 * Nothing is saved: the preview makes no API call of its own (no entry, no page save, no draft); Submit only
 * validates and says so. Its widgets' file calls (a file field's uploads, a signature) are answered in memory while it
 * is open (./preview-files.ts): the files are object URLs, forgotten with Start again or on closing. The side panel "As it would be stored" shows the answers as the server would store them
 * (engine/forms/entry-data.ts `formDataToAnswers`: hidden questions' answers dropped, companions carried) and each
 * grid's score summary (engine/forms/grid.ts `gridSummary`: total, maximum, percentage, rating band), recomputed
 * on every change. The draft is read once when the dialog opens: Start again reads it anew.
 */
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useLayoutEffect, useMemo, useState } from 'react';
import { answerKey } from '../../engine/forms/answer-keys';
import { formDataToAnswers } from '../../engine/forms/entry-data';
import { asGridAnswer, gridSummary } from '../../engine/forms/grid';
import { allQuestions } from '../../engine/forms/questions';
import { hiddenQuestionIds } from '../../engine/forms/visibility';
import { message } from '../../engine/messages/catalogue';
import type { Answer, FormDefinition, GridQuestion } from '../../engine/types/generated';
import { routeCallsOffline } from '../../runtime/api/client';
import { formSources } from '../../runtime/renderer/functions/form-sources';
import { type FormData, SchemaForm } from '../../runtime/renderer/SchemaForm';
import { useDesigner } from '../store';
import { createPreviewFiles } from './preview-files';

/** The preview's widths in CSS pixels (issue 21 part 6: phone, tablet, desktop). */
export const PREVIEW_WIDTHS = { phone: 390, tablet: 820, desktop: 1280 } as const;

/** One of the preview's widths. */
export type PreviewWidth = keyof typeof PREVIEW_WIDTHS;

/** A grid's score summary as the preview shows it. */
export interface PreviewScore {
  questionId: number;
  label: string;
  totalScore: number;
  maxScore: number;
  ratingPercentage: number;
  ratingLabel: string;
}

/**
 * What the server would store for `formData` entered against `def`: the answers of the entry (as
 * `formEntrySubmission` builds them) and the score summary of each shown grid that scores.
 */
export function storedPreview(def: FormDefinition, formData: FormData): { answers: Answer[]; scores: PreviewScore[] } {
  const answers = formDataToAnswers(def, formData);
  const hidden = hiddenQuestionIds(def, formData);
  const scores: PreviewScore[] = [];
  for (const question of allQuestions(def)) {
    if (!('grid' in question) || hidden.has(question.id)) continue;
    const { grid, ratings } = question as GridQuestion;
    if (!grid) continue;
    const summary = gridSummary(grid, asGridAnswer(formData[answerKey(question.id)]), ratings);
    if (summary.maxScore === 0) continue;
    scores.push({ questionId: question.id, label: question.label ?? '', ...summary });
  }
  return { answers, scores };
}

/** The stored answers and scores beside the form; see the module comment. */
function StoredPanel({ def, formData }: { def: FormDefinition; formData: FormData }) {
  const { answers, scores } = useMemo(() => storedPreview(def, formData), [def, formData]);
  return (
    <Box
      component="section"
      aria-labelledby="designer-preview-stored"
      data-testid="designer-preview-stored"
      sx={{ width: { xs: '100%', md: 360 }, flexShrink: 0, overflow: 'auto', p: 2, bgcolor: 'grey.50' }}
    >
      <Typography id="designer-preview-stored" variant="h6" component="h2" gutterBottom>
        {message('designerPreview.stored')}
      </Typography>
      {scores.map((score) => (
        <Typography key={score.questionId} variant="body2" sx={{ mb: 1 }} data-testid="designer-preview-score">
          {message('designerPreview.score', {
            label: score.label,
            total: score.totalScore,
            max: score.maxScore,
            percentage: score.ratingPercentage,
            rating: score.ratingLabel || message('designerPreview.noRating'),
          })}
        </Typography>
      ))}
      {answers.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {message('designerPreview.noAnswers')}
        </Typography>
      ) : (
        <Box
          component="pre"
          data-testid="designer-preview-answers"
          sx={{ m: 0, fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
        >
          {JSON.stringify({ answers }, null, 2)}
        </Box>
      )}
    </Box>
  );
}

/** The draft's form, filled in the preview (remounted by Start again). */
function PreviewForm({ def, width }: { def: FormDefinition; width: PreviewWidth }) {
  const form = useMemo(() => formSources.formDefinition(def), [def]);
  const [formData, setFormData] = useState<FormData>({});
  const [submitted, setSubmitted] = useState(false);
  // Installed before the widgets' effects make their first file call (layout effects run before any effect).
  useLayoutEffect(() => {
    const files = createPreviewFiles();
    const previous = routeCallsOffline(files);
    return () => {
      routeCallsOffline(previous);
      files.dispose();
    };
  }, []);
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} sx={{ flex: 1, minHeight: 0 }}>
      <Box sx={{ flex: 1, overflow: 'auto', p: 2, bgcolor: 'grey.200' }}>
        <Box
          data-testid="designer-preview-frame"
          data-width={width}
          sx={{
            width: PREVIEW_WIDTHS[width],
            maxWidth: '100%',
            mx: 'auto',
            p: 2,
            bgcolor: 'background.paper',
            boxShadow: 1,
          }}
        >
          <Typography variant="h5" component="h2" gutterBottom>
            {def.title}
          </Typography>
          {submitted && (
            <Alert severity="success" sx={{ mb: 2 }} role="status">
              {message('designerPreview.submitted')}
            </Alert>
          )}
          <SchemaForm
            schema={form.schema}
            uiSchema={form.uiSchema}
            pages={form.pages}
            formData={{}}
            params={{}}
            submitLabel={message('designerPreview.submit')}
            onChange={(data) => {
              setFormData(data);
              setSubmitted(false);
            }}
            onSubmit={(data) => {
              setFormData(data);
              setSubmitted(true);
            }}
          />
        </Box>
      </Box>
      <StoredPanel def={def} formData={formData} />
    </Stack>
  );
}

/**
 * The preview dialog of the form creator's toolbar.
 * @param open shown; each opening previews the draft as it is then, from empty answers
 * @param onClose called by its Close button and Escape
 */
export function PreviewDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  // Closed, it reads no draft: an edit does not render it again (issue 21 "Speed").
  const draft = useDesigner((s) => (open ? s.history.present : null));
  const [width, setWidth] = useState<PreviewWidth>('desktop');
  // The draft as it was when opened (or restarted): the form does not change under the answers being tried.
  const [run, setRun] = useState<{ def: FormDefinition; key: number } | null>(null);
  const shown = open && draft ? (run ?? { def: draft, key: 0 }) : null;
  return (
    <Dialog
      fullScreen
      open={open}
      onClose={onClose}
      aria-labelledby="designer-preview-title"
      data-testid="designer-preview"
      slotProps={{ transition: { onExited: () => setRun(null) } }}
    >
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: 'center', px: 2, py: 1, borderBottom: 1, borderColor: 'divider', flexWrap: 'wrap' }}
      >
        <Typography id="designer-preview-title" variant="h6" component="h1" sx={{ flexGrow: 1 }}>
          {message('designerPreview.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {message('designerPreview.nothingSaved')}
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={width}
          aria-label={message('designerPreview.width')}
          onChange={(_, value: PreviewWidth | null) => value && setWidth(value)}
        >
          {(Object.keys(PREVIEW_WIDTHS) as PreviewWidth[]).map((name) => (
            <ToggleButton key={name} value={name}>
              {message(`designerPreview.${name}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Button
          variant="outlined"
          size="small"
          onClick={() => draft && setRun((r) => ({ def: draft, key: (r?.key ?? 0) + 1 }))}
        >
          {message('designerPreview.restart')}
        </Button>
        <IconButton aria-label={message('designerPreview.close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Stack>
      {shown && <PreviewForm key={shown.key} def={shown.def} width={width} />}
    </Dialog>
  );
}
