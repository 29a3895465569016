/**
 * "Migrate entries" after Publish (issue 22 §3; docs/import-and-migration.md "Migrating entries"): shown by the
 * publish dialog once a form with entries of earlier versions is published. It reads the plan
 * (forms.migrationPreview: each change with the entries it touches and a sample), offers a mapping per change
 * (the defaults: map a renamed option, keep the rest), applies it in steps of MIGRATION_STEP entries read
 * (forms.migrationApply with `maxEntries`, so the progress shows and a long migration never holds one request),
 * and offers Revert (forms.migrationRevert) while the server allows it. A migration that stopped part way is
 * shown with what remains; Apply continues it with its own mappings.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { fieldTypes } from '../../engine/forms/field-types';
import type { Mapping, MigrationChange, MigrationPlan } from '../../engine/forms/migration';
import { message } from '../../engine/messages/catalogue';
import { callOperation, errorText } from '../../runtime/api/client';

/** Entries per apply call: the progress bar moves after each. */
export const MIGRATION_STEP = 2000;

/** The answer of forms.migrationPreview (docs/api.md). */
export interface MigrationPreview extends MigrationPlan {
  formId: number;
  mappings: Record<string, Mapping>;
  pending: { migrationId: number; migrated: number; remaining: number } | null;
  revertable: { migrationId: number; toVersion: number; migrated: number } | null;
}

interface ApplyAnswer {
  migrationId: number | null;
  total: number;
  read: number;
  migrated: number;
  finished: boolean;
}

type State =
  | { kind: 'loading' }
  | { kind: 'plan'; preview: MigrationPreview }
  | { kind: 'applying'; preview: MigrationPreview; done: number; total: number }
  | { kind: 'applied'; count: number; version: number; revertable: boolean }
  | { kind: 'reverting' }
  | { kind: 'reverted'; restored: number; skipped: number }
  | { kind: 'failed'; text: string; preview?: MigrationPreview };

/** A field type's title ('Number'), by its name. */
const typeTitle = (name = '') => (fieldTypes[name] ? message(fieldTypes[name].titleId) : name);

/** The heading of a change: what happened to the question, in the catalogue's words. */
export function changeText(change: MigrationChange): string {
  const label = change.label;
  const value = change.value ?? '';
  if (change.kind === 'removedQuestion') return message('migration.change.removedQuestion', { label });
  if (change.kind === 'changedType')
    return message('migration.change.changedType', {
      label,
      fromType: typeTitle(change.fromType),
      toType: typeTitle(change.toType),
    });
  if (change.kind === 'grid') return message('migration.change.grid', { label });
  if (change.renamedTo !== undefined)
    return message('migration.change.renamed', { label, value, to: change.renamedTo });
  return message('migration.change.option', { label, value });
}

const encode = (mapping: Mapping) => (mapping.action === 'map' ? `map:${mapping.to}` : mapping.action);
const decode = (value: string): Mapping =>
  value.startsWith('map:') ? { action: 'map', to: value.slice(4) } : { action: value as 'keep' | 'convert' | 'drop' };

/** The choices of a change's mapping: one per option for `map`, and its other actions. */
function choicesOf(change: MigrationChange): { value: string; text: string }[] {
  return change.actions.flatMap((action) =>
    action === 'map'
      ? (change.choices ?? []).map((to) => ({ value: `map:${to}`, text: message('migration.action.map', { to }) }))
      : [{ value: action, text: message(`migration.action.${action}`) }],
  );
}

export interface MigrationPanelProps {
  formArea: string;
  formId: number;
}

/** The panel; see the module comment. */
export function MigrationPanel({ formArea, formId }: MigrationPanelProps) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [chosen, setChosen] = useState<Record<string, Mapping>>({});
  const params = { formArea, id: formId };

  // biome-ignore lint/correctness/useExhaustiveDependencies: params is made of formArea and formId
  const load = useCallback(async () => {
    setState({ kind: 'loading' });
    try {
      const preview = await callOperation<MigrationPreview>('forms.migrationPreview', { params, body: {} });
      setChosen(preview.mappings);
      setState({ kind: 'plan', preview });
    } catch (error) {
      setState({ kind: 'failed', text: errorText(error) });
    }
  }, [formArea, formId]);

  useEffect(() => {
    void load();
  }, [load]);

  const apply = async (preview: MigrationPreview) => {
    setState({ kind: 'applying', preview, done: 0, total: preview.entries });
    try {
      for (;;) {
        const answer = await callOperation<ApplyAnswer>('forms.migrationApply', {
          params,
          body: { mappings: preview.pending ? undefined : chosen, maxEntries: MIGRATION_STEP },
        });
        if (answer.finished) {
          setState({ kind: 'applied', count: answer.migrated, version: preview.toVersion, revertable: true });
          return;
        }
        setState({ kind: 'applying', preview, done: answer.read, total: answer.total });
      }
    } catch (error) {
      setState({ kind: 'failed', text: errorText(error), preview });
    }
  };

  const revert = async () => {
    setState({ kind: 'reverting' });
    try {
      const answer = await callOperation<{ restored: number; skipped: number }>('forms.migrationRevert', { params });
      setState({ kind: 'reverted', ...answer });
    } catch (error) {
      setState({ kind: 'failed', text: errorText(error) });
    }
  };

  return (
    <Box data-testid="designer-migration" sx={{ mt: 2 }}>
      <Typography variant="h6" component="h3" gutterBottom>
        {message('migration.heading')}
      </Typography>
      {(state.kind === 'loading' || state.kind === 'reverting') && (
        <LinearProgress aria-label={message('common.loading')} />
      )}
      {state.kind === 'failed' && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {state.text}
        </Alert>
      )}
      {state.kind === 'plan' && <Plan preview={state.preview} chosen={chosen} onChoose={setChosen} />}
      {state.kind === 'plan' && (state.preview.affected > 0 || state.preview.pending) && (
        <Button variant="contained" onClick={() => apply(state.preview)}>
          {message('migration.apply')}
        </Button>
      )}
      {state.kind === 'plan' && state.preview.revertable && (
        <Button sx={{ ml: 1 }} onClick={revert}>
          {message('migration.revert')}
        </Button>
      )}
      {state.kind === 'applying' && (
        <Box role="status">
          <Typography gutterBottom>
            {message('migration.progress', { done: state.done, total: state.total })}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={state.total > 0 ? (100 * state.done) / state.total : 0}
            aria-label={message('migration.progress', { done: state.done, total: state.total })}
          />
        </Box>
      )}
      {state.kind === 'applied' && (
        <>
          <Alert severity="success" sx={{ mb: 1 }}>
            {message('migration.applied', { count: state.count, version: state.version })}
          </Alert>
          <Button onClick={revert}>{message('migration.revert')}</Button>
        </>
      )}
      {state.kind === 'reverted' && (
        <Alert severity="success">
          {message('migration.reverted', { count: state.restored })}
          {state.skipped > 0 && ` ${message('migration.revertSkipped', { count: state.skipped })}`}
        </Alert>
      )}
    </Box>
  );
}

/** The plan: the intro, a stopped migration's remainder, and each change with its counts, sample and mapping. */
function Plan({
  preview,
  chosen,
  onChoose,
}: {
  preview: MigrationPreview;
  chosen: Record<string, Mapping>;
  onChoose: (mappings: Record<string, Mapping>) => void;
}) {
  if (preview.entries === 0) return <Typography gutterBottom>{message('migration.noEntries')}</Typography>;
  return (
    <Box>
      <Typography gutterBottom>
        {message('migration.title', { version: preview.toVersion })}
        {'. '}
        {message('migration.intro', {
          entries: preview.entries,
          versions: preview.fromVersions.join(', '),
          affected: preview.affected,
        })}
      </Typography>
      {preview.pending && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {message('migration.remaining', { remaining: preview.pending.remaining })}
        </Alert>
      )}
      {preview.affected === 0 && <Typography gutterBottom>{message('migration.noChanges')}</Typography>}
      <Box component="ul" sx={{ pl: 0, listStyle: 'none' }}>
        {preview.changes.map((change) => {
          const mapping = chosen[change.key] ?? change.defaultMapping;
          return (
            <Box component="li" key={change.key} data-testid={`migration-change-${change.key}`} sx={{ mb: 2 }}>
              <Typography fontWeight="bold">{changeText(change)}</Typography>
              <Typography variant="body2">
                {message('migration.entries', { count: change.entries })}
                {change.sample.length > 0 &&
                  ` · ${message('migration.sample', { numbers: change.sample.map((s) => `#${s.entryNumber}`).join(', ') })}`}
              </Typography>
              <TextField
                select
                size="small"
                sx={{ mt: 1, minWidth: 320 }}
                label={message('migration.mapping')}
                value={encode(mapping)}
                disabled={preview.pending !== null}
                onChange={(event) => onChoose({ ...chosen, [change.key]: decode(event.target.value) })}
              >
                {choicesOf(change).map((choice) => (
                  <MenuItem key={choice.value} value={choice.value}>
                    {choice.text}
                  </MenuItem>
                ))}
              </TextField>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
