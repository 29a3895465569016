/**
 * `/offline/:projectId/photos` (shell-access-navigation.md §2.3; issue 26 §4; contract §7): every file of the
 * project kept on the device (runtime/offline localFiles: photos, signatures, markup, other uploads), newest first,
 * with its name, the entry it belongs to, its size and its upload state: Waiting, Uploading n% (the bytes the
 * server acknowledged), Uploaded, or Failed with the reason; a failed file offers Retry (retryFile), which queues it
 * again for the sync runner. The list follows the sync runner's news, and is read each second while a file uploads.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { message } from '../../engine/messages/catalogue';
import { errorText } from '../api/client';
import { formatBytes } from './format';
import { entryNumberOf } from './OfflineRegisterPage';
import { type LocalEntryView, type LocalFileView, useOfflineApi, useOfflineState } from './offline-api';

/** A file's state as the page writes it (contract §3 LocalFile.state, bytesSent of size). */
export function fileStateText(file: Pick<LocalFileView, 'state' | 'bytesSent' | 'size' | 'error'>): string {
  switch (file.state) {
    case 'pending':
      return message('offlineScreens.fileState.pending');
    case 'uploading': {
      const percent = file.size > 0 ? Math.min(100, Math.floor((file.bytesSent / file.size) * 100)) : 0;
      return message('offlineScreens.fileState.uploading', { percent });
    }
    case 'uploaded':
      return message('offlineScreens.fileState.uploaded');
    default: {
      const reason = typeof file.error === 'string' ? file.error : file.error?.message;
      return reason
        ? message('offlineScreens.fileState.failedWith', { message: reason })
        : message('offlineScreens.fileState.failed');
    }
  }
}

/** The page; see the module comment. */
export function OfflinePhotosPage() {
  const { projectId } = useParams();
  const api = useOfflineApi();
  const state = useOfflineState();
  const [files, setFiles] = useState<LocalFileView[] | null>(null);
  const [entries, setEntries] = useState<Map<string, LocalEntryView>>(new Map());
  const [failure, setFailure] = useState<string | null>(null);

  const read = useCallback(async () => {
    if (!api) return;
    const [found, local] = await Promise.all([api.localFiles(Number(projectId)), api.localEntries(Number(projectId))]);
    setFiles([...found].sort((a, b) => b.createdAt.localeCompare(a.createdAt)));
    setEntries(new Map(local.map((e) => [e.entryId, e])));
  }, [api, projectId]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-read on each news of the sync runner
  useEffect(() => {
    read().catch(() => undefined);
  }, [read, state]);

  // While a file uploads, its progress is read again each second (the runner's news come per round, not per chunk).
  const uploading = files?.some((f) => f.state === 'uploading') ?? false;
  useEffect(() => {
    if (!uploading) return;
    const timer = setInterval(() => read().catch(() => undefined), 1000);
    return () => clearInterval(timer);
  }, [uploading, read]);

  async function retry(file: LocalFileView): Promise<void> {
    setFailure(null);
    try {
      await api?.retryFile(file.fileId);
    } catch (error) {
      setFailure(errorText(error));
    }
    await read().catch(() => undefined);
  }

  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {message('offlineScreens.photos.title')}
      </Typography>
      {failure && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}
      {!files ? (
        <LinearProgress aria-label={message('common.loading')} />
      ) : files.length === 0 ? (
        <Alert severity="info">{message('offlineScreens.photos.none')}</Alert>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{message('offlineScreens.photos.file')}</TableCell>
              <TableCell>{message('offlineScreens.photos.entry')}</TableCell>
              <TableCell>{message('offlineScreens.photos.size')}</TableCell>
              <TableCell>{message('offlineScreens.photos.state')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {files.map((file) => {
              const entry = file.entryId ? entries.get(file.entryId) : undefined;
              const percent = file.size > 0 ? Math.min(100, (file.bytesSent / file.size) * 100) : 0;
              return (
                <TableRow key={file.fileId}>
                  <TableCell sx={{ wordBreak: 'break-all' }}>{file.name}</TableCell>
                  <TableCell>{entry ? entryNumberOf(entry) : ''}</TableCell>
                  <TableCell>{formatBytes(file.size)}</TableCell>
                  <TableCell>
                    {fileStateText(file)}
                    {file.state === 'uploading' && (
                      <LinearProgress variant="determinate" value={percent} aria-hidden sx={{ mt: 0.5 }} />
                    )}
                  </TableCell>
                  <TableCell>
                    {file.state === 'failed' && (
                      <Button
                        size="small"
                        variant="outlined"
                        aria-label={message('offlineScreens.photos.retryLabel', { name: file.name })}
                        onClick={() => retry(file)}
                      >
                        {message('offlineScreens.photos.retry')}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}

export default OfflinePhotosPage;
