/**
 * The conflict dialog (issue 26 §5; contract §7), route `…/:formId/entry/:entryNumber/conflicts` under an offline
 * register: one group per conflicting unit of the entry (engine/offline/merge.ts: a whole answer, a grid cell, a
 * table row), with its label, this device's value and the server's value side by side, and a choice between them
 * (nothing chosen at first: the user decides each one). Resolve is enabled once every conflict has a choice; it
 * hands the choices to runtime/offline resolveConflicts(entryId, [{ questionId, unit, chosen }]), which queues a
 * resolve command (the server writes both values and the choice to the entry's audit trail), and returns to the
 * register. Closing without resolving changes nothing.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { message } from '../../engine/messages/catalogue';
import { errorText } from '../api/client';
import { formatValue } from './format';
import { entryNumberOf } from './OfflineRegisterPage';
import { type ConflictChoice, type ConflictView, type LocalEntryView, useOfflineApi } from './offline-api';

/** A conflict's key among the entry's: its question and unit. */
export function conflictKey(conflict: Pick<ConflictView, 'questionId' | 'unit'>): string {
  return `${conflict.questionId}|${conflict.unit}`;
}

/** The label a conflict shows: the merge's, else 'Question {questionId}'. */
function conflictLabel(conflict: ConflictView): string {
  return conflict.label || message('offlineScreens.conflicts.question', { questionId: conflict.questionId });
}

/** The dialog; see the module comment. */
export function ConflictDialog() {
  const { projectId, formId, entryNumber } = useParams();
  const navigate = useNavigate();
  const api = useOfflineApi();
  const [entry, setEntry] = useState<LocalEntryView | null | undefined>(undefined);
  const [choices, setChoices] = useState<Record<string, 'mine' | 'theirs'>>({});
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!api) return;
    let live = true;
    api
      .localEntries(Number(projectId), Number(formId))
      .then((found) => live && setEntry(found.find((e) => entryNumberOf(e) === Number(entryNumber)) ?? null))
      .catch(() => live && setEntry(null));
    return () => {
      live = false;
    };
  }, [api, projectId, formId, entryNumber]);

  const close = () => navigate('../../..', { relative: 'path' });
  const conflicts = entry?.syncState === 'conflict' ? (entry.conflicts ?? []) : [];
  const complete = conflicts.length > 0 && conflicts.every((c) => choices[conflictKey(c)] !== undefined);

  async function resolve(): Promise<void> {
    if (!api || !entry) return;
    setSaving(true);
    setFailure(null);
    const chosen: ConflictChoice[] = conflicts.map((c) => ({
      questionId: c.questionId,
      unit: c.unit,
      chosen: choices[conflictKey(c)],
    }));
    try {
      await api.resolveConflicts(entry.entryId, chosen);
      navigate('../../..', { relative: 'path', state: { flashMessageId: 'offlineScreens.conflicts.resolved' } });
    } catch (error) {
      setFailure(errorText(error));
      setSaving(false);
    }
  }

  return (
    <Dialog open onClose={close} fullWidth maxWidth="md" aria-labelledby="conflict-dialog-title">
      <DialogTitle id="conflict-dialog-title">{message('offlineScreens.conflicts.title')}</DialogTitle>
      <DialogContent>
        {entry === undefined ? (
          <LinearProgress aria-label={message('common.loading')} />
        ) : conflicts.length === 0 ? (
          <Alert severity="info">{message('offlineScreens.conflicts.none')}</Alert>
        ) : (
          <>
            <Typography sx={{ mb: 2 }}>{message('offlineScreens.conflicts.intro')}</Typography>
            {conflicts.map((conflict) => {
              const key = conflictKey(conflict);
              const label = conflictLabel(conflict);
              return (
                <Box
                  key={key}
                  component="fieldset"
                  sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, mb: 2 }}
                >
                  <Typography component="legend" sx={{ fontWeight: 600, px: 0.5 }}>
                    {label}
                  </Typography>
                  <RadioGroup
                    aria-label={label}
                    value={choices[key] ?? ''}
                    onChange={(_, value) => setChoices((now) => ({ ...now, [key]: value as 'mine' | 'theirs' }))}
                    sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}
                  >
                    {(['mine', 'theirs'] as const).map((side) => (
                      <Box
                        key={side}
                        data-testid={`conflict-${side}`}
                        sx={{ bgcolor: 'grey.50', borderRadius: 1, p: 1 }}
                      >
                        <Typography variant="subtitle2">
                          {message(
                            side === 'mine' ? 'offlineScreens.conflicts.mine' : 'offlineScreens.conflicts.theirs',
                          )}
                        </Typography>
                        <Typography sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', my: 1 }}>
                          {formatValue(conflict[side])}
                        </Typography>
                        <FormControlLabel
                          value={side}
                          control={<Radio />}
                          label={message(
                            side === 'mine'
                              ? 'offlineScreens.conflicts.keepMine'
                              : 'offlineScreens.conflicts.keepTheirs',
                          )}
                        />
                      </Box>
                    ))}
                  </RadioGroup>
                </Box>
              );
            })}
          </>
        )}
        {failure && <Alert severity="error">{failure}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{message('common.cancel')}</Button>
        <Button variant="contained" disabled={!complete || saving} onClick={resolve}>
          {message('offlineScreens.conflicts.resolve')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export default ConflictDialog;
