/**
 * The picture editor (`x-editor` file: an Image question's `imageFile`; issue 21 part 3 "image"): a picture of
 * the client's file store, as the runtime's img field shows it (runtime/renderer/widgets/ImageField.tsx reads
 * `folder/name` through /api/files/download and /api/thumbnail). The administrator picks one of the pictures
 * of the form pictures folder (files.list) or uploads one into it (files.upload); the question keeps the
 * stored path. A thumbnail shows the choice.
 */
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import type { PropertySchema } from '../../engine/forms/field-types/types';
import { message } from '../../engine/messages/catalogue';
import { callOperation, errorText } from '../../runtime/api/client';

/** The folder of the client's file store that holds form pictures (the image question example's 'forms/plan.png'). */
export const PICTURE_FOLDER = 'forms';

interface StoredFile {
  name: string;
  file: string;
  contentType?: string;
}

/** Props of {@link PictureEditor}. */
export interface PictureEditorProps {
  keyword: string;
  schema: PropertySchema;
  value: string | undefined;
  onCommit(value: string | undefined): void;
  problem?: string;
}

/** See the module comment. */
export function PictureEditor({ keyword, schema, value, onCommit, problem }: PictureEditorProps) {
  const [files, setFiles] = useState<StoredFile[] | null>(null);
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    let live = true;
    callOperation<StoredFile[]>('files.list', { query: { folder: PICTURE_FOLDER } })
      .then((list) => live && setFiles(list.filter((f) => !f.contentType || f.contentType.startsWith('image/'))))
      .catch((e) => live && setError(errorText(e)));
    return () => {
      live = false;
    };
  }, []);
  const upload = async (file: File) => {
    const body = new FormData();
    body.append('uploads[]', file);
    try {
      const [stored] = await callOperation<StoredFile[]>('files.upload', { query: { folder: PICTURE_FOLDER }, body });
      if (stored) {
        setFiles((list) => [...(list ?? []).filter((f) => f.file !== stored.file), stored]);
        onCommit(stored.file);
      }
      setError(undefined);
    } catch (e) {
      setError(errorText(e));
    }
  };
  const choices = [...(files ?? [])];
  if (value && !choices.some((f) => f.file === value))
    choices.unshift({ name: value.slice(value.lastIndexOf('/') + 1), file: value });
  const shown = error ?? problem;
  return (
    <Stack spacing={1}>
      <TextField
        id={`property-${keyword}`}
        select
        size="small"
        label={message(schema['x-title'])}
        value={value ?? ''}
        error={Boolean(shown)}
        helperText={shown}
        onChange={(event) => onCommit(event.target.value || undefined)}
      >
        <MenuItem value="">{message('designerProperties.picture.none')}</MenuItem>
        {choices.map((f) => (
          <MenuItem key={f.file} value={f.file}>
            {f.name}
          </MenuItem>
        ))}
      </TextField>
      <Button component="label" size="small" variant="outlined">
        {message('designerProperties.picture.upload')}
        <input
          hidden
          type="file"
          accept="image/*"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void upload(file);
            event.target.value = '';
          }}
        />
      </Button>
      {value && (
        <img
          src={`/api/thumbnail/240?file=${encodeURIComponent(value)}`}
          alt={message('designerProperties.picture.preview', { name: value.slice(value.lastIndexOf('/') + 1) })}
          style={{ maxWidth: '100%' }}
        />
      )}
      {files === null && !error && (
        <Typography variant="body2" color="text.secondary">
          {message('designerProperties.loading')}
        </Typography>
      )}
    </Stack>
  );
}
