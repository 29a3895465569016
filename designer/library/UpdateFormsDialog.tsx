/**
 * "Update in N forms" of a changed library item (issue 22 §4 "Linked blocks"; docs/import-and-migration.md
 * "Linked blocks"): the forms whose working copy holds an older version of the item (questionLibrary.usages, given
 * by the caller), each with the migration plan its publish would need (questionLibrary.updateForms without
 * apply: per change the entries it touches, in the words of the migration step; questions the item dropped, left
 * unlinked, and conditions removed), a checkbox each (all ticked),
 * and Update. The chosen forms' working copies are updated on the server (never published); the form open in the
 * creator, when it is one of them, is updated in the editor as one undoable edit, so its autosave carries it.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import { applied, applyLibraryItem, findQuestion } from '../../engine/designer';
import type { MigrationPlan } from '../../engine/forms/migration';
import { message } from '../../engine/messages/catalogue';
import type { FormDefinition, QuestionLibraryItem } from '../../engine/types/generated';
import { callOperation, errorText } from '../../runtime/api/client';
import { changeText } from '../page/MigrationPanel';
import { useDesignerStore } from '../store';

/** A form holding an older copy of the item, as questionLibrary.usages answers it. */
export interface LibraryUsage {
  formId: number;
  formArea: string;
  title: string;
  linkedVersion: number;
  questions: number;
}

interface FormPreview {
  formId: number;
  plan: MigrationPlan | null;
  unlinked: number[];
  conditionDropped: number[];
  definition: Pick<FormDefinition, 'pages'>;
}

/** What the update does to a form besides its plan: questions left unlinked, conditions removed. */
function Losses({ preview }: { preview: FormPreview | undefined }) {
  if (!preview) return null;
  const labelOf = (id: number) => findQuestion(preview.definition as FormDefinition, id)?.question.label ?? String(id);
  const lines = [
    ...preview.unlinked.map((id) => message('questionLibrary.link.removedFromItem', { label: labelOf(id) })),
    ...preview.conditionDropped.map((id) => message('questionLibrary.link.conditionDropped', { label: labelOf(id) })),
  ];
  return (
    <>
      {lines.map((line) => (
        <Typography key={line} variant="body2" color="warning.main">
          {line}
        </Typography>
      ))}
    </>
  );
}

/** One form's plan: the entries each change touches, or that none does. */
function PlanSummary({ plan }: { plan: MigrationPlan | null | undefined }) {
  if (plan === undefined) return null;
  if (plan === null || plan.entries === 0)
    return <Typography variant="body2">{message('questionLibrary.link.noEntries')}</Typography>;
  const touched = plan.changes.filter((change) => change.entries > 0);
  if (touched.length === 0) return <Typography variant="body2">{message('questionLibrary.link.noChanges')}</Typography>;
  return (
    <Box component="ul" sx={{ m: 0, pl: 3 }}>
      {touched.map((change) => (
        <Typography component="li" variant="body2" key={change.key}>
          {message('questionLibrary.link.changeRow', { change: changeText(change), count: change.entries })}
        </Typography>
      ))}
    </Box>
  );
}

/** The dialog; `usages` are the forms to offer, `onDone` closes it (after an update too). */
export function UpdateFormsDialog({
  item,
  usages,
  onClose,
}: {
  item: QuestionLibraryItem;
  usages: LibraryUsage[];
  onClose: () => void;
}) {
  const store = useDesignerStore();
  const formArea = store.draft.formArea;
  const [previews, setPreviews] = useState<Map<number, FormPreview> | null>(null);
  const [chosen, setChosen] = useState(() => new Set(usages.map((usage) => usage.formId)));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const titleId = useId();

  useEffect(() => {
    let live = true;
    callOperation<{ forms: FormPreview[] }>('questionLibrary.updateForms', {
      params: { formArea, id: item.id },
      body: { formIds: usages.map((usage) => usage.formId) },
    })
      .then((answer) => live && setPreviews(new Map(answer.forms.map((form) => [form.formId, form]))))
      .catch((e: unknown) => live && setError(message('questionLibrary.link.loadFailed', { error: errorText(e) })));
    return () => {
      live = false;
    };
  }, [formArea, item.id, usages]);

  const toggle = (formId: number) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(formId)) next.delete(formId);
      else next.add(formId);
      return next;
    });

  const update = async () => {
    const openId = store.draft.id;
    const onServer = [...chosen].filter((formId) => formId !== openId);
    setBusy(true);
    setError(null);
    try {
      if (onServer.length > 0)
        await callOperation('questionLibrary.updateForms', {
          params: { formArea, id: item.id },
          body: { formIds: onServer, apply: true },
        });
      if (chosen.has(openId))
        store.edit('updateQuestion', (draft) => {
          const outcome = applyLibraryItem(draft, item);
          return applied(outcome.definition);
        });
      store.tell({
        messageId: 'questionLibrary.link.updated',
        params: { name: item.name, count: chosen.size },
        severity: 'info',
      });
      onClose();
    } catch (e) {
      setError(errorText(e));
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{message('questionLibrary.link.updateTitle', { name: item.name })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {message('questionLibrary.link.updateIntro', { name: item.name, version: item.version ?? 1 })}
        </DialogContentText>
        {error && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        {previews === null && !error && <CircularProgress aria-label={message('common.loading')} />}
        {usages.map((usage) => (
          <Box key={usage.formId} data-testid={`library-usage-${usage.formId}`} sx={{ mb: 1.5 }}>
            <FormControlLabel
              control={<Checkbox checked={chosen.has(usage.formId)} onChange={() => toggle(usage.formId)} />}
              label={message('questionLibrary.link.formRow', {
                title: usage.title,
                linkedVersion: usage.linkedVersion,
                questions: usage.questions,
              })}
            />
            <Box sx={{ pl: 4 }}>
              <PlanSummary plan={previews?.get(usage.formId)?.plan} />
              <Losses preview={previews?.get(usage.formId)} />
            </Box>
          </Box>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{message('common.cancel')}</Button>
        <Button variant="contained" disabled={busy || chosen.size === 0} onClick={() => void update()}>
          {message('questionLibrary.link.update')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
