/**
 * Publish (issue 21 parts 7 and 8): the dialog first saves the draft (the autosave flushed: Publish publishes the
 * server's working copy), then shows what publishing changes (forms.publishImpact: the question-level difference
 * from the published version, the entries, whether the change touches them) and the design check against the
 * published version and its entries. Errors block Publish with their messages; warnings are listed and do not.
 * Publish calls forms.publish; a refusal (a 400 with the design check's details, another administrator's save)
 * shows its messages the same way. After publishing the dialog says which version was made and links to the
 * form's versions; when the form had entries, it offers "Migrate entries" (./MigrationPanel.tsx, issue 22 §3).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { type DesignProblem, designCheck } from '../../engine/forms/design-check';
import type { VersionDiff } from '../../engine/forms/version-diff';
import { message } from '../../engine/messages/catalogue';
import type { FormDefinition } from '../../engine/types/generated';
import { ApiError, callOperation, errorText } from '../../runtime/api/client';
import type { Autosaver } from '../autosave';
import { useDesignerStore } from '../store';
import { MigrationPanel } from './MigrationPanel';

/** The answer of forms.publishImpact (docs/api.md). */
export interface PublishImpact {
  publishedVersion: number | null;
  entries: number;
  touchesEntries: boolean;
  diff: VersionDiff;
  published: { pages: FormDefinition['pages'] } | null;
  idFloor: { question: number; page: number };
}

type Step =
  | { kind: 'loading' }
  | { kind: 'ready'; impact: PublishImpact; problems: DesignProblem[] }
  | { kind: 'publishing'; impact: PublishImpact; problems: DesignProblem[] }
  | { kind: 'refused'; texts: string[]; impact?: PublishImpact; problems?: DesignProblem[] }
  | { kind: 'published'; version: number; formId: number; hadEntries: boolean };

export interface PublishDialogProps {
  open: boolean;
  onClose: () => void;
  autosaver: Autosaver;
  formArea: string;
  /** Told the published definition (its version for the toolbar) and the impact read before publishing. */
  onPublished: (published: FormDefinition, impact: PublishImpact) => void;
}

/** The texts of a refusal: its message and each detail's (the design check's errors). */
function refusalTexts(error: unknown): string[] {
  if (!(error instanceof ApiError)) return [errorText(error)];
  const details = error.details.map((d) => d.message).filter((text) => text && text !== error.message);
  return [error.message, ...details];
}

/** The dialog; see the module comment. */
export function PublishDialog({ open, onClose, autosaver, formArea, onPublished }: PublishDialogProps) {
  const store = useDesignerStore();
  const titleId = useId();
  const [step, setStep] = useState<Step>({ kind: 'loading' });

  useEffect(() => {
    if (!open) return;
    let live = true;
    setStep({ kind: 'loading' });
    (async () => {
      await autosaver.flush({ create: true });
      const saved = autosaver.getState();
      if (saved.status !== 'saved' || saved.formId === undefined) {
        if (live) setStep({ kind: 'refused', texts: refusalTexts(saved.error) });
        return;
      }
      try {
        const impact = await callOperation<PublishImpact>('forms.publishImpact', {
          params: { formArea, id: saved.formId },
        });
        const problems = designCheck(store.draft, {
          published: impact.published ?? undefined,
          entryCount: impact.entries,
        });
        if (live) setStep({ kind: 'ready', impact, problems });
      } catch (error) {
        if (live) setStep({ kind: 'refused', texts: refusalTexts(error) });
      }
    })();
    return () => {
      live = false;
    };
  }, [open, autosaver, formArea, store]);

  const publish = async () => {
    if (step.kind !== 'ready') return;
    const formId = autosaver.getState().formId;
    if (formId === undefined) return;
    setStep({ ...step, kind: 'publishing' });
    try {
      const published = await callOperation<FormDefinition>('forms.publish', { params: { formArea, id: formId } });
      autosaver.published(published.modified);
      onPublished(published, step.impact);
      setStep({
        kind: 'published',
        version: published.version,
        formId,
        hadEntries: step.impact.publishedVersion !== null && step.impact.entries > 0,
      });
    } catch (error) {
      setStep({ kind: 'refused', texts: refusalTexts(error), impact: step.impact, problems: step.problems });
    }
  };

  const errors = 'problems' in step && step.problems ? step.problems.filter((p) => p.severity === 'error') : [];
  const warnings = 'problems' in step && step.problems ? step.problems.filter((p) => p.severity === 'warning') : [];
  const impact = 'impact' in step ? step.impact : undefined;
  const title = store.draft.title;

  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{message('formCreator.publishTitle', { title })}</DialogTitle>
      <DialogContent data-testid="designer-publish">
        {(step.kind === 'loading' || step.kind === 'publishing') && (
          <LinearProgress aria-label={message('common.loading')} sx={{ mb: 2 }} />
        )}
        {step.kind === 'refused' &&
          step.texts.map((text) => (
            <Alert key={text} severity="error" sx={{ mb: 1 }}>
              {text}
            </Alert>
          ))}
        {step.kind === 'published' && (
          <Alert severity="success">
            {message('formCreator.published', { version: step.version })}{' '}
            <Link component={RouterLink} to={`/${formArea}/form-library/${step.formId}/versions`}>
              {message('formCreator.versions')}
            </Link>
          </Alert>
        )}
        {step.kind === 'published' && step.hadEntries && <MigrationPanel formArea={formArea} formId={step.formId} />}
        {impact && step.kind !== 'published' && (
          <Box sx={{ mb: 1 }}>
            <Typography gutterBottom>
              {impact.publishedVersion === null
                ? message('formCreator.publishFirst')
                : message('formCreator.publishChanges', {
                    version: impact.publishedVersion,
                    added: impact.diff.added.length,
                    removed: impact.diff.removed.length,
                    changed: impact.diff.changed.length,
                    moved: impact.diff.moved.length,
                  })}
            </Typography>
            {impact.publishedVersion !== null && (
              <Typography gutterBottom>{message('formCreator.publishEntries', { entries: impact.entries })}</Typography>
            )}
            {impact.touchesEntries && (
              <Alert severity="warning" sx={{ mb: 1 }}>
                {message('formCreator.publishTouches', { entries: impact.entries })}
              </Alert>
            )}
          </Box>
        )}
        {step.kind !== 'published' && errors.length > 0 && (
          <Alert severity="error" sx={{ mb: 1 }}>
            <Typography fontWeight="bold">{message('formCreator.publishErrors')}</Typography>
            <ul data-testid="designer-publish-errors">
              {errors.map((p, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: problems have no id
                <li key={i}>{message(p.messageId, p.params)}</li>
              ))}
            </ul>
          </Alert>
        )}
        {step.kind !== 'published' && warnings.length > 0 && (
          <Alert severity="warning">
            <Typography fontWeight="bold">{message('formCreator.publishWarnings')}</Typography>
            <ul data-testid="designer-publish-warnings">
              {warnings.map((p, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: problems have no id
                <li key={i}>{message(p.messageId, p.params)}</li>
              ))}
            </ul>
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{message(step.kind === 'published' ? 'common.close' : 'common.cancel')}</Button>
        {step.kind !== 'published' && (
          <Button variant="contained" onClick={publish} disabled={step.kind !== 'ready' || errors.length > 0}>
            {message('formCreator.publish')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
