/**
 * download-name-format: an ordered list of typed parts edited as one stored string (issue 24 §3; administration-
 * data.md §3 "File-name format for form downloads"; docs/entries.md "Download names"). The value is the format
 * `type:value|type:value…` of engine/export/download-name.ts; the widget lists its parts in order (each with Move
 * up, Move down and Remove), adds a part from the list of DOWNLOAD_NAME_PARTS (the header parts marked "when the
 * form asks for it") or a custom text (any text but '|', at most 100 characters), and shows a live preview of the
 * name for a made-up entry of the screen's project (projects.summary of formContext.params.projectId; sample texts
 * of the catalogue otherwise) and for a register download, composed by the same function the server names
 * downloads with. No parts gives an undefined value, so `required` refuses the save.
 */
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useMemo, useState } from 'react';
import {
  composeDownloadName,
  DOWNLOAD_NAME_LIMITS,
  DOWNLOAD_NAME_PARTS,
  type DownloadNameContext,
  type DownloadNamePart,
  parseDownloadNameFormat,
  serialiseDownloadNameFormat,
} from '../../../engine/export/download-name';
import { type MessageId, message } from '../../../engine/messages/catalogue';
import { callOperation } from '../../api/client';
import { requiredLabel } from '../labels';
import { paramsOf } from './deferred-change';
import { defineWidget } from './registration';

/** The parts of a stored value; none for an empty or unreadable one (the server refuses those anyway). */
function partsOf(value: unknown): DownloadNamePart[] {
  if (typeof value !== 'string' || value === '') return [];
  try {
    return parseDownloadNameFormat(value);
  } catch {
    return [];
  }
}

function keyOf(spec: { type: string; name: string }): string {
  return `${spec.type}:${spec.name}`;
}

/** How a part reads in the list: its name, or the custom text quoted (spaces shown as typed). */
function partLabel(part: DownloadNamePart): string {
  if (part.type === 'text') return message('exportNames.part.text', { text: part.text });
  const spec = DOWNLOAD_NAME_PARTS.find((p) => keyOf(p) === keyOf(part));
  return spec ? message(spec.label as MessageId) : keyOf(part);
}

/** A made-up entry of the project (every header part asked), for the preview. */
function sampleContext(project: { code?: string; name?: string } | null, now: Date): DownloadNameContext {
  const all = Object.fromEntries(DOWNLOAD_NAME_PARTS.filter((p) => p.ask).map((p) => [p.ask as string, true]));
  return {
    form: { title: message('exportNames.sample.formTitle'), ...all },
    entry: {
      entryNumber: 1,
      date: now.toISOString(),
      enteredBy: message('exportNames.sample.enteredBy'),
      client: message('exportNames.sample.clientName'),
      projectName: project?.name ?? message('exportNames.sample.projectName'),
      projectAddress: message('exportNames.sample.projectAddress'),
      levels: [message('exportNames.sample.level')],
      elements: [message('exportNames.sample.element')],
      packages: [message('exportNames.sample.package')],
      elevations: [message('exportNames.sample.elevation')],
      cores: [message('exportNames.sample.core')],
      structureReferences: [message('exportNames.sample.structureReference')],
    },
    project: {
      name: project?.name ?? message('exportNames.sample.projectName'),
      code: project?.code ?? message('exportNames.sample.projectCode'),
      address: message('exportNames.sample.projectAddress'),
      organizationName: message('exportNames.sample.organisation'),
    },
    clientName: message('exportNames.sample.clientName'),
    now,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
}

export default function DownloadNameFormatWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, label, onChange, registry } = props;
  const locked = disabled || readonly;
  const parts = useMemo(() => partsOf(value), [value]);
  const { projectId } = paramsOf(registry.formContext);
  const [project, setProject] = useState<{ code?: string; name?: string } | null>(null);
  const [choice, setChoice] = useState('');
  const [text, setText] = useState('');

  useEffect(() => {
    if (!projectId) return;
    let live = true;
    callOperation<{ code: string; name: string }>('projects.summary', { params: { id: projectId } })
      .then((summary) => live && setProject(summary))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [projectId]);

  const change = (next: DownloadNamePart[]) =>
    onChange(next.length === 0 ? undefined : serialiseDownloadNameFormat(next));
  const move = (index: number, by: number) => {
    const next = [...parts];
    const [part] = next.splice(index, 1);
    next.splice(index + by, 0, part);
    change(next);
  };
  const full = parts.length >= DOWNLOAD_NAME_LIMITS.parts;

  const now = new Date();
  const context = sampleContext(project, now);
  const preview = parts.length > 0 ? composeDownloadName(parts, context) : '';
  const registerPreview = parts.length > 0 ? composeDownloadName(parts, { ...context, entry: undefined }) : '';

  return (
    <Box id={id} sx={{ my: 1 }}>
      <Typography variant="subtitle1" component="h2">
        {requiredLabel(label, required)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {message('exportNames.intro')}
      </Typography>
      <List dense aria-label={message('exportNames.partsLabel')}>
        {parts.map((part, index) => {
          const name = partLabel(part);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: parts repeat (two equal texts); the position is the part
            <ListItem key={index} divider sx={{ pr: 16 }}>
              <ListItemText primary={name} slotProps={{ primary: { sx: { whiteSpace: 'pre' } } }} />
              <Stack direction="row" sx={{ position: 'absolute', right: 0 }}>
                <IconButton
                  size="small"
                  aria-label={message('exportNames.moveUp', { part: name })}
                  disabled={locked || index === 0}
                  onClick={() => move(index, -1)}
                >
                  <ArrowUpwardIcon fontSize="small" />
                </IconButton>
                <IconButton
                  size="small"
                  aria-label={message('exportNames.moveDown', { part: name })}
                  disabled={locked || index === parts.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <ArrowDownwardIcon fontSize="small" />
                </IconButton>
                <IconButton
                  size="small"
                  aria-label={message('exportNames.removePart', { part: name })}
                  disabled={locked}
                  onClick={() => change(parts.filter((_, i) => i !== index))}
                >
                  <CloseIcon fontSize="small" />
                </IconButton>
              </Stack>
            </ListItem>
          );
        })}
      </List>
      {parts.length === 0 && (
        <Typography variant="body2" color="error">
          {message('exportNames.noParts')}
        </Typography>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1, alignItems: { sm: 'flex-start' } }}>
        <TextField
          select
          size="small"
          id={`${id}-add`}
          label={message('exportNames.addPart')}
          value={choice}
          disabled={locked || full}
          sx={{ minWidth: 260 }}
          onChange={(event) => {
            const spec = DOWNLOAD_NAME_PARTS.find((p) => keyOf(p) === event.target.value);
            setChoice('');
            if (spec) change([...parts, { type: spec.type, name: spec.name }]);
          }}
        >
          {DOWNLOAD_NAME_PARTS.filter((p) => !p.never).map((spec) => (
            <MenuItem key={keyOf(spec)} value={keyOf(spec)}>
              {spec.ask
                ? message('exportNames.askedOnly', { part: message(spec.label as MessageId) })
                : message(spec.label as MessageId)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          id={`${id}-text`}
          label={message('exportNames.customText')}
          helperText={message('exportNames.customTextHelp')}
          value={text}
          disabled={locked || full}
          slotProps={{ htmlInput: { maxLength: DOWNLOAD_NAME_LIMITS.textLength } }}
          // '|' separates the stored parts: it is never typed into a text.
          onChange={(event) => setText(event.target.value.replaceAll('|', ''))}
        />
        <Button
          variant="outlined"
          disabled={locked || full || text === ''}
          onClick={() => {
            change([...parts, { type: 'text', text }]);
            setText('');
          }}
        >
          {message('exportNames.addText')}
        </Button>
      </Stack>
      {parts.length > 0 && (
        <Box role="status" sx={{ mt: 2 }}>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
            {message('exportNames.preview', { name: `${preview}.pdf` })}
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
            {message('exportNames.previewRegister', { name: `${registerPreview}.csv` })}
          </Typography>
        </Box>
      )}
    </Box>
  );
}

export const registration = defineWidget('download-name-format', DownloadNameFormatWidget);
