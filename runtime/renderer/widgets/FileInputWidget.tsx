/**
 * file-input: one file chosen from the computer for an import (administration-data.md §2 "The import view
 * has a file chooser, and Upload stays disabled until a file is chosen"): a button opening the file chooser
 * (types from `ui:options.accept`, e.g. '.csv,text/csv') and the chosen file's name. The value is the file as
 * a `data:` URL with its name (`data:text/csv;name=contacts.csv;base64,...`), which a body builder turns back
 * into a multipart file (functions/body-builders.ts uploadSheet); a required one keeps a disableWhileInvalid
 * submit disabled until a file is chosen. On an array field (several files, e.g. a drawing's secondary files,
 * issue 23) the chooser takes several files and the value is the list of their data URLs, the names shown
 * comma-separated.
 */
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { WidgetProps } from '@rjsf/utils';
import { useRef } from 'react';
import { message } from '../../../engine/messages/catalogue';
import { requiredLabel } from '../labels';
import { defineWidget } from './registration';

/** The name a data URL carries (`;name=`), decoded; '' when none. */
export function dataUrlName(value: unknown): string {
  const name = typeof value === 'string' ? /^data:[^,]*;name=([^;,]*)/.exec(value)?.[1] : undefined;
  return name ? decodeURIComponent(name) : '';
}

/** Reads a file as a base64 data URL that carries its name. */
async function readAsDataUrl(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  // In slices: String.fromCharCode takes a limited number of arguments.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  const type = file.type || 'application/octet-stream';
  return `data:${type};name=${encodeURIComponent(file.name)};base64,${btoa(binary)}`;
}

export default function FileInputWidget(props: WidgetProps) {
  const { id, value, label, required, disabled, readonly, onChange, options, schema, rawErrors = [] } = props;
  const input = useRef<HTMLInputElement>(null);
  const multiple = schema.type === 'array';
  const name = (Array.isArray(value) ? value : [value]).map(dataUrlName).filter(Boolean).join(', ');
  return (
    <Stack gap={0.5} sx={{ my: 1 }}>
      <Typography variant="body2" component="label" htmlFor={id}>
        {requiredLabel(label, required)}
      </Typography>
      <Stack direction="row" gap={1} alignItems="center">
        <Button variant="outlined" disabled={disabled || readonly} onClick={() => input.current?.click()}>
          {message('sheet.chooseFile')}
        </Button>
        <Typography variant="body2" data-testid="chosen-file">
          {name || message('sheet.noFileChosen')}
        </Typography>
      </Stack>
      <input
        ref={input}
        id={id}
        type="file"
        hidden
        multiple={multiple}
        accept={typeof options.accept === 'string' ? options.accept : undefined}
        onChange={async (event) => {
          const files = [...(event.target.files ?? [])];
          if (multiple) onChange(files.length > 0 ? await Promise.all(files.map(readAsDataUrl)) : undefined);
          else onChange(files[0] ? await readAsDataUrl(files[0]) : undefined);
        }}
      />
      {rawErrors.length > 0 && <FormHelperText error>{rawErrors[0]}</FormHelperText>}
    </Stack>
  );
}

/** Its place in the renderer's registry (./index.ts collects it). */
export const registration = defineWidget('file-input', FileInputWidget);
