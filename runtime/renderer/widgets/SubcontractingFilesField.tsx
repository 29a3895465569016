/**
 * subcontracting-files: the files of a subcontract order or payment, or a package's attachments with their
 * revisions (administration-data.md §3 Subcontractor order `files`, Subcontractor payment `files`, Package
 * attachment; §7 Subcontractors `{id}/document/{x}`, `upload`, `file/delete`). `ui:options.kind` is order,
 * payment or package; the field's value is `{ id }` of the record the form shows (the `subcontracting` converter
 * puts it there; the body builder leaves it out). A new record has no files until it is saved. Upload adds the
 * chosen files (a package file uploaded again is its next revision); Delete asks first. Failures show 'Failed
 * to load the files', the server's text or 'Failed to delete {file} file'.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import type { FieldProps } from '@rjsf/utils';
import { useCallback, useEffect, useRef, useState } from 'react';
import { message } from '../../../engine/messages/catalogue';
import { ApiError, callOperation } from '../../api/client';
import { useScreenHost } from '../host/ScreenHost';
import { defineField } from './registration';

type Kind = 'order' | 'payment' | 'package';

/** One file as the list shows it. */
interface ShownFile {
  name: string;
  /** Client-relative path, what file/delete takes. */
  path: string;
  url: string;
  revision?: number;
}

/** The files of the `{id}/document/{x}` answer: order and payment files, or package attachments. */
export function shownFiles(kind: Kind, answer: unknown): ShownFile[] {
  if (!Array.isArray(answer)) return [];
  if (kind === 'package')
    return (answer as Array<{ fileName: string; fileUrl: string; originalPath?: string; revisionNumber: number }>).map(
      (a) => ({ name: a.fileName, path: a.originalPath ?? '', url: a.fileUrl, revision: a.revisionNumber }),
    );
  return (answer as Array<{ name: string; file: string; url: string }>).map((f) => ({
    name: f.name,
    path: f.file,
    url: f.url,
  }));
}

export default function SubcontractingFilesField(props: FieldProps) {
  const { formData, uiSchema, disabled, readonly } = props;
  const kind = ((uiSchema?.['ui:options'] as { kind?: Kind } | undefined)?.kind ?? 'order') as Kind;
  const id = (formData as { id?: unknown } | undefined)?.id;
  const recordId = typeof id === 'number' ? String(id) : null;
  const title = String(uiSchema?.['ui:title'] ?? '');
  const locked = Boolean(disabled || readonly);
  const host = useScreenHost();
  const input = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<ShownFile[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  const load = useCallback(async () => {
    if (!recordId) return;
    try {
      setFiles(
        shownFiles(kind, await callOperation('subcontractors.documents', { params: { id: recordId, x: kind } })),
      );
      setProblem(null);
    } catch {
      setProblem(message('files.loadFailed'));
    }
  }, [kind, recordId]);

  useEffect(() => {
    void load();
  }, [load]);

  const upload = async (chosen: FileList | null) => {
    if (!recordId || !chosen || chosen.length === 0) return;
    const body = new FormData();
    for (const file of chosen) body.append('uploads[]', file, file.name);
    try {
      setFiles(
        shownFiles(kind, await callOperation('subcontractors.upload', { params: { x: kind, id: recordId }, body })),
      );
      setProblem(null);
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : message('common.serverError'));
    }
    if (input.current) input.current.value = '';
  };

  const remove = async (file: ShownFile) => {
    const yes = host ? await host.confirm(message('files.confirmDelete', { file: file.name })) : true;
    if (!yes) return;
    try {
      await callOperation('subcontractors.deleteFile', { body: { Url: file.path } });
      await load();
    } catch {
      setProblem(message('files.deleteFailed', { file: file.name }));
    }
  };

  return (
    <Box sx={{ my: 1 }} data-testid="subcontracting-files">
      <FormLabel component="legend">{title}</FormLabel>
      {!recordId && <Typography variant="body2">{message('subcontractingFiles.saveFirst')}</Typography>}
      {recordId && (
        <>
          {files.length === 0 && <Typography variant="body2">{message('subcontractingFiles.none')}</Typography>}
          <List dense>
            {files.map((file) => (
              <ListItem
                key={`${file.path}`}
                secondaryAction={
                  !locked && (
                    <Button size="small" onClick={() => void remove(file)}>
                      {message('subcontracting.delete')}
                    </Button>
                  )
                }
              >
                <Link href={file.url} target="_blank" rel="noopener">
                  {file.name}
                </Link>
                {file.revision !== undefined && (
                  <Typography variant="body2" sx={{ ml: 1 }}>
                    {message('subcontractingFiles.revision', { n: file.revision })}
                  </Typography>
                )}
              </ListItem>
            ))}
          </List>
          {!locked && (
            <Button variant="outlined" size="small" component="label">
              {message('files.upload')}
              <input
                ref={input}
                hidden
                type="file"
                multiple
                aria-label={message('files.upload')}
                onChange={(event) => void upload(event.target.files)}
              />
            </Button>
          )}
        </>
      )}
      {problem && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {problem}
        </Alert>
      )}
    </Box>
  );
}

/** Its place in the renderer's registry (./index.ts collects it). */
export const registration = defineField('subcontracting-files', SubcontractingFilesField);
