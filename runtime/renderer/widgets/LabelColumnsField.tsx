/**
 * label-columns: the columns of a label preparation setup (form-configuration.md §2 "Label preparation setup
 * modal", §3): a multiselect of the form's question options (ID, the core header questions its flags offer,
 * its own answered questions), a multiselect of its active QR code setups, and the chosen items as a table
 * that can be reordered (up and down), scrolling at 250px. Value: [{ kind: 'question' | 'qrCode', id }] in
 * column order. Options come from forms.get and qrCodes.getallactive for formContext.params formArea and formId.
 */
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import type { FieldProps } from '@rjsf/utils';
import { useEffect, useMemo, useState } from 'react';
import { message } from '../../../engine/messages/catalogue';
import { type LabelQuestionOption, labelQuestionOptions } from '../../../engine/rules/label-preparation';
import type { FormDefinition, QrCodeSetup } from '../../../engine/types/generated';
import { callOperation } from '../../api/client';
import { paramsOf } from './deferred-change';
import { defineField } from './registration';

/** One chosen column. */
export interface LabelColumn {
  kind: 'question' | 'qrCode';
  id: number;
}

/** The label setup's table scroll height (form-configuration.md §9). */
export const LABEL_TABLE_HEIGHT = 250;

/** The label-columns field; see the module comment. */
export default function LabelColumnsField(props: FieldProps) {
  const { formData, onChange, disabled, readonly, registry, fieldPathId } = props;
  const { formArea, formId: id } = paramsOf(registry.formContext);
  const [questions, setQuestions] = useState<LabelQuestionOption[]>([]);
  const [qrCodes, setQrCodes] = useState<{ id: number; name: string }[]>([]);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (!formArea || !id) return;
    let live = true;
    Promise.all([
      callOperation<FormDefinition>('forms.get', { params: { formArea, id } }),
      callOperation<QrCodeSetup[]>('qrCodes.getallactive', { params: { formArea, entryNumber: id } }),
    ])
      .then(([form, setups]) => {
        if (!live) return;
        setQuestions(labelQuestionOptions(form));
        setQrCodes(setups.map((s) => ({ id: s.id, name: s.name })));
        setLoaded(true);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [formArea, id]);

  const value = (formData as LabelColumn[] | undefined) ?? [];
  const locked = disabled === true || readonly === true;
  const set = (next: LabelColumn[]) => onChange(next, fieldPathId.path);
  const labelOf = useMemo(() => {
    const q = new Map(questions.map((o) => [o.id, o.label]));
    const c = new Map(qrCodes.map((o) => [o.id, o.name]));
    return (column: LabelColumn) => (column.kind === 'question' ? q.get(column.id) : c.get(column.id));
  }, [questions, qrCodes]);

  // A chosen question or QR code the form no longer offers is removed once the options are known.
  useEffect(() => {
    if (!loaded) return;
    const kept = value.filter((column) => labelOf(column) !== undefined);
    if (kept.length !== value.length) onChange(kept, fieldPathId.path);
  }, [loaded, value, labelOf, onChange, fieldPathId]);

  /** Keeps the other kind's columns and the chosen ones of `kind` in place, new ones at the end. */
  const choose = (kind: LabelColumn['kind'], ids: number[]) => {
    const kept = value.filter((c) => c.kind !== kind || ids.includes(c.id));
    const added = ids.filter((i) => !value.some((c) => c.kind === kind && c.id === i)).map((i) => ({ kind, id: i }));
    set([...kept, ...added]);
  };
  const move = (index: number, by: -1 | 1) => {
    const next = [...value];
    [next[index], next[index + by]] = [next[index + by], next[index]];
    set(next);
  };

  return (
    <Stack spacing={2} sx={{ mt: 1 }}>
      <Autocomplete
        multiple
        size="small"
        options={questions}
        getOptionLabel={(o) => o.label}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        value={questions.filter((o) => value.some((c) => c.kind === 'question' && c.id === o.id))}
        disabled={locked}
        onChange={(_, next) =>
          choose(
            'question',
            next.map((o) => o.id),
          )
        }
        renderInput={(p) => <TextField {...p} label={message('labelPreparation.questions')} />}
      />
      <Autocomplete
        multiple
        size="small"
        options={qrCodes}
        getOptionLabel={(o) => o.name}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        value={qrCodes.filter((o) => value.some((c) => c.kind === 'qrCode' && c.id === o.id))}
        disabled={locked}
        onChange={(_, next) =>
          choose(
            'qrCode',
            next.map((o) => o.id),
          )
        }
        renderInput={(p) => <TextField {...p} label={message('labelPreparation.qrCodes')} />}
      />
      <Box sx={{ maxHeight: LABEL_TABLE_HEIGHT, overflowY: 'auto' }} data-testid="label-columns">
        <Table size="small" stickyHeader aria-label={message('labelPreparation.chosenItems')}>
          <TableHead>
            <TableRow>
              <TableCell>{message('labelPreparation.item')}</TableCell>
              <TableCell>{message('labelPreparation.kind')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {value.map((column, index) => {
              const label = labelOf(column) ?? String(column.id);
              return (
                <TableRow key={`${column.kind}-${column.id}`}>
                  <TableCell>{label}</TableCell>
                  <TableCell>
                    {message(
                      column.kind === 'question' ? 'labelPreparation.kindQuestion' : 'labelPreparation.kindQrCode',
                    )}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <IconButton
                      size="small"
                      aria-label={message('labelPreparation.moveUp', { label })}
                      disabled={locked || index === 0}
                      onClick={() => move(index, -1)}
                    >
                      <ArrowUpwardIcon fontSize="small" />
                    </IconButton>
                    <IconButton
                      size="small"
                      aria-label={message('labelPreparation.moveDown', { label })}
                      disabled={locked || index === value.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      <ArrowDownwardIcon fontSize="small" />
                    </IconButton>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Box>
    </Stack>
  );
}

/** Its place in the renderer's registry (./index.ts collects it). */
export const registration = defineField('label-columns', LabelColumnsField);
