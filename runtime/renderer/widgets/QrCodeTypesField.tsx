/**
 * qr-code-types: the Role Based part of the QR code setup form (form-configuration.md §2 "QR code setup modal
 * form", §4, §6): the heading 'Setup QR Code Types based on Role:' and seven accordion tabs (Create, Update,
 * Populate 1-4, View). Each tab has a role multiselect grouped by category ('name (Category)', active roles of
 * the five role lookups); a role chosen in one tab is disabled in the others. Each Populate tab adds
 * questions with 'Select Question to Add' and takes a value per question by its kind: long text, url,
 * number, a date (yyyy-mm-dd, 1900-2100, Today and Clear; blank records the scan date), a dropdown (its first
 * option by default) or a multiselect for checkboxes. The Create tab's roles are disabled, with the spec's
 * tooltip, while the form allows CSV upload and its entry Create button is off.
 *
 * A tab's content mounts when it is first opened (lazy); its values live in the form data from the start,
 * so a save always holds every tab. Value: { [type]: { roles: number[], questions: [{ questionId, value }] } }
 * with value a string, or a string list for a checkbox question. Roles and questions come from the API
 * (lookupValues.getallactive per role type, forms.get for the form of formContext.params formArea and formId).
 */
import CloseIcon from '@mui/icons-material/Close';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { FieldProps } from '@rjsf/utils';
import { format } from 'date-fns';
import { useEffect, useMemo, useState } from 'react';
import { type MessageId, message } from '../../../engine/messages/catalogue';
import {
  createTypeDisabled,
  type PopulateQuestion,
  populateQuestions,
  QR_TAB_ORDER,
  type QrRole,
  qrRoles,
  ROLE_LOOKUP_TYPES,
} from '../../../engine/rules/qr-code-setup';
import type { FormDefinition, LookupValue } from '../../../engine/types/generated';
import { callOperation } from '../../api/client';
import { paramsOf } from './deferred-change';
import { defineField } from './registration';

/** One question row of a Populate tab. */
export interface QrQuestionValue {
  questionId: number;
  value: string | string[];
}

/** One tab's value. */
export interface QrTypeValue {
  roles: number[];
  questions: QrQuestionValue[];
}

/** The field's value: tabs by type index. */
export type QrTypesValue = Record<string, QrTypeValue>;

const EMPTY: QrTypeValue = { roles: [], questions: [] };

function roleLabel(role: QrRole): string {
  return message('qrCode.roleOption', {
    name: role.name,
    category: message(`qrCode.category.${role.category}` as MessageId),
  });
}

/** Roles and the form's Populate questions, loaded once per form. */
function useSetupData(formArea?: string, formId?: string) {
  const [roles, setRoles] = useState<QrRole[] | null>(null);
  const [rolesFailed, setRolesFailed] = useState(false);
  const [form, setForm] = useState<FormDefinition | null>(null);
  useEffect(() => {
    let live = true;
    Promise.all(
      ROLE_LOOKUP_TYPES.map((type) => callOperation<LookupValue[]>('lookupValues.getallactive', { params: { type } })),
    )
      .then((lists) => live && setRoles(qrRoles(lists.flat())))
      .catch(() => live && setRolesFailed(true));
    if (formArea && formId)
      callOperation<FormDefinition>('forms.get', { params: { formArea, id: formId } })
        .then((def) => live && setForm(def))
        .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [formArea, formId]);
  return { roles, rolesFailed, form };
}

/** The value input of one Populate question by its kind (form-configuration.md §2, §5, §9). */
function ValueInput({
  question,
  value,
  disabled,
  onChange,
}: {
  question: PopulateQuestion;
  value: string | string[];
  disabled: boolean;
  onChange: (value: string | string[]) => void;
}) {
  const label = question.label;
  switch (question.input) {
    case 'checkbox':
      return (
        <Autocomplete
          multiple
          size="small"
          options={question.options}
          value={Array.isArray(value) ? value : []}
          disabled={disabled}
          onChange={(_, next) => onChange(next)}
          renderInput={(params) => (
            <TextField
              {...params}
              label={message('qrCode.value')}
              inputProps={{ ...params.inputProps, 'aria-label': label }}
            />
          )}
        />
      );
    case 'dropdown':
      return (
        <TextField
          select
          size="small"
          fullWidth
          label={message('qrCode.value')}
          value={typeof value === 'string' ? value : ''}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
          slotProps={{ htmlInput: { 'aria-label': label } }}
        >
          {question.options.map((option) => (
            <MenuItem key={option} value={option}>
              {option}
            </MenuItem>
          ))}
        </TextField>
      );
    case 'date':
      return (
        <Stack spacing={0.5}>
          <Stack direction="row" spacing={1} alignItems="center">
            <TextField
              type="date"
              size="small"
              label={message('qrCode.value')}
              value={typeof value === 'string' ? value : ''}
              disabled={disabled}
              onChange={(e) => onChange(e.target.value)}
              slotProps={{
                inputLabel: { shrink: true },
                htmlInput: { 'aria-label': label, min: '1900-01-01', max: '2100-12-31' },
              }}
            />
            <Button size="small" disabled={disabled} onClick={() => onChange(format(new Date(), 'yyyy-MM-dd'))}>
              {message('qrCode.today')}
            </Button>
            <Button size="small" disabled={disabled} onClick={() => onChange('')}>
              {message('qrCode.clear')}
            </Button>
          </Stack>
          <Typography variant="caption" color="text.secondary">
            {message('qrCode.dateHint')}
          </Typography>
        </Stack>
      );
    default:
      return (
        <TextField
          size="small"
          fullWidth
          label={message('qrCode.value')}
          multiline={question.input === 'long'}
          minRows={question.input === 'long' ? 2 : undefined}
          type={question.input === 'number' ? 'number' : question.input === 'url' ? 'url' : 'text'}
          value={typeof value === 'string' ? value : ''}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
          slotProps={{
            htmlInput: {
              'aria-label': label,
              ...(question.input === 'number' ? { min: 0, step: 1 } : {}),
            },
          }}
        />
      );
  }
}

/** The first value of a newly added question: a dropdown's first option, nothing else. */
function initialValue(question: PopulateQuestion): string | string[] {
  if (question.input === 'dropdown') return question.options[0] ?? '';
  if (question.input === 'checkbox') return [];
  return '';
}

/** The qr-code-types field; see the module comment. */
export default function QrCodeTypesField(props: FieldProps) {
  const { formData, onChange, disabled, readonly, registry, fieldPathId } = props;
  const params = paramsOf(registry.formContext);
  const { roles, rolesFailed, form } = useSetupData(params.formArea, params.formId);
  const value: QrTypesValue = (formData as QrTypesValue | undefined) ?? {};
  const locked = disabled === true || readonly === true;
  const questions = useMemo(() => (form ? populateQuestions(form) : []), [form]);
  const questionById = useMemo(() => new Map(questions.map((q) => [q.id, q])), [questions]);
  const createLocked = form ? createTypeDisabled(form) : false;

  // A chosen question the form no longer has is removed (form-configuration.md §5).
  useEffect(() => {
    if (!form) return;
    let changed = false;
    const next: QrTypesValue = {};
    for (const [type, tab] of Object.entries(value)) {
      const kept = tab.questions.filter((q) => questionById.has(q.questionId));
      if (kept.length !== tab.questions.length) changed = true;
      next[type] = { ...tab, questions: kept };
    }
    if (changed) onChange(next, fieldPathId.path);
  }, [form, questionById, value, onChange, fieldPathId]);

  const tabOf = (type: number): QrTypeValue => value[String(type)] ?? EMPTY;
  const setTab = (type: number, tab: QrTypeValue) => onChange({ ...value, [String(type)]: tab }, fieldPathId.path);
  const typeOfRole = new Map<number, number>();
  for (const [type, tab] of Object.entries(value)) for (const id of tab.roles) typeOfRole.set(id, Number(type));

  return (
    <Box sx={{ mt: 1 }}>
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        {message('qrCode.setupHeading')}
      </Typography>
      {rolesFailed && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {message('qrCode.loadRolesFailed')}
        </Alert>
      )}
      {QR_TAB_ORDER.map((type) => {
        const tab = tabOf(type);
        const title = message(`qrCode.type.${type}` as MessageId);
        const populate = type >= 3;
        const rolesLocked = locked || (type === 0 && createLocked);
        const chosen = (roles ?? []).filter((r) => tab.roles.includes(r.id));
        const roleSelect = (
          <Autocomplete
            multiple
            size="small"
            options={roles ?? []}
            groupBy={(role) => message(`qrCode.category.${role.category}` as MessageId)}
            getOptionLabel={roleLabel}
            getOptionDisabled={(role) => {
              const holder = typeOfRole.get(role.id);
              return holder !== undefined && holder !== type;
            }}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            value={chosen}
            disabled={rolesLocked}
            onChange={(_, next) => setTab(type, { ...tab, roles: next.map((r) => r.id) })}
            renderInput={(p) => (
              <TextField
                {...p}
                label={message('qrCode.roles')}
                inputProps={{ ...p.inputProps, 'aria-label': `${title} ${message('qrCode.roles')}` }}
              />
            )}
          />
        );
        return (
          <Accordion key={type} slotProps={{ transition: { unmountOnExit: true } }} disableGutters>
            <AccordionSummary expandIcon={<ExpandMoreIcon />}>
              <Typography>{title}</Typography>
              {tab.roles.length > 0 && (
                <Typography color="text.secondary" sx={{ ml: 1 }}>
                  ({tab.roles.length})
                </Typography>
              )}
            </AccordionSummary>
            <AccordionDetails>
              {type === 0 && createLocked ? (
                <Tooltip title={message('qrCode.createTooltip')}>
                  <span>{roleSelect}</span>
                </Tooltip>
              ) : (
                roleSelect
              )}
              {type === 0 && createLocked && (
                <Typography variant="caption" color="text.secondary">
                  {message('qrCode.createTooltip')}
                </Typography>
              )}
              {populate && (
                <Box sx={{ mt: 2 }}>
                  <Autocomplete
                    size="small"
                    options={questions.filter((q) => !tab.questions.some((row) => row.questionId === q.id))}
                    getOptionLabel={(q) => q.label}
                    value={null}
                    disabled={locked}
                    blurOnSelect
                    onChange={(_, question) => {
                      if (question)
                        setTab(type, {
                          ...tab,
                          questions: [...tab.questions, { questionId: question.id, value: initialValue(question) }],
                        });
                    }}
                    renderInput={(p) => (
                      <TextField
                        {...p}
                        label={message('qrCode.selectQuestion')}
                        inputProps={{ ...p.inputProps, 'aria-label': `${title} ${message('qrCode.selectQuestion')}` }}
                      />
                    )}
                  />
                  {tab.questions.length > 0 && (
                    <Table size="small" sx={{ mt: 1 }} aria-label={`${title} ${message('qrCode.question')}`}>
                      <TableBody>
                        {tab.questions.map((row, index) => {
                          const question = questionById.get(row.questionId);
                          if (!question) return null;
                          const update = (next: string | string[]) =>
                            setTab(type, {
                              ...tab,
                              questions: tab.questions.map((r, i) => (i === index ? { ...r, value: next } : r)),
                            });
                          return (
                            <TableRow key={row.questionId}>
                              <TableCell sx={{ width: '35%' }}>{question.label}</TableCell>
                              <TableCell>
                                <ValueInput question={question} value={row.value} disabled={locked} onChange={update} />
                              </TableCell>
                              <TableCell sx={{ width: 48 }}>
                                <IconButton
                                  aria-label={message('qrCode.removeQuestion', { label: question.label })}
                                  disabled={locked}
                                  onClick={() =>
                                    setTab(type, { ...tab, questions: tab.questions.filter((_, i) => i !== index) })
                                  }
                                >
                                  <CloseIcon fontSize="small" />
                                </IconButton>
                              </TableCell>
                            </TableRow>
                          );
                        })}
                      </TableBody>
                    </Table>
                  )}
                </Box>
              )}
            </AccordionDetails>
          </Accordion>
        );
      })}
    </Box>
  );
}

/** Its place in the renderer's registry (./index.ts collects it). */
export const registration = defineField('qr-code-types', QrCodeTypesField);
