/**
 * ScreenHost: the dialogs and toasts screen documents' actions use (DESIGN.md "actions ... ask a
 * confirmation"): a Yes/No confirmation, a server-error modal, a success toast ('Save successful'),
 * a form document opened in a modal in add, edit or view mode with a row as its input, the image viewer, the
 * progress overlay, a job's progress bar with Stop, the QR image modal, the label export modal and an action's
 * result dialog. The
 * outermost ScreenView mounts one; nested screens (page parts, dialogs) share it.
 */
import Alert from '@mui/material/Alert';
import Backdrop from '@mui/material/Backdrop';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from 'react';
import { message } from '../../../engine/messages/catalogue';
import type { FormMode } from '../documents';
import type { LabelExportRequest } from './LabelExportDialog';
import type { PublicLinkRequest } from './PublicLinkDialog';
import type { QrCodeRequest } from './QrCodeDialog';
import type { ResultRequest } from './ResultDialog';
import { sanitizeMessageHtml } from './sanitize';

/** A job's progress as the host shows it (ScreenHostApi.jobProgress). */
export interface JobProgress {
  /** What is happening, e.g. 'Preparing Site Safety Inspection 4.pdf: 40%'. */
  text: string;
  /** 0..100. */
  percent: number;
  /** The Stop button's text. */
  stopLabel: string;
  onStop(): void;
}

const ScreenDialog = lazy(() => import('../ScreenDialog').then((m) => ({ default: m.ScreenDialog })));
const QrCodeDialog = lazy(() => import('./QrCodeDialog'));
const PublicLinkDialog = lazy(() => import('./PublicLinkDialog'));
const LabelExportDialog = lazy(() => import('./LabelExportDialog'));
const ResultDialog = lazy(() => import('./ResultDialog'));

/** What actions can ask of the host. */
export interface ScreenHostApi {
  /** Asks Yes/No with a sanitised HTML text; resolves true for Yes. */
  confirm(html: string): Promise<boolean>;
  /** Shows an error text in a modal (its b, i, em, strong and br markup kept, anything else removed). */
  showError(text: string): void;
  /** Shows a short success toast. */
  toast(text: string): void;
  /** The image viewer (form-configuration.md §2 "Image viewer modal"): one image in a modal. */
  viewImage(url: string, title: string): void;
  /**
   * The progress overlay (form-configuration.md §2 "Progress overlay"): a spinner with an HTML message
   * (sanitised; b, i, em, strong, br) and, when `onCancel` is given, a Cancel button; null hides it.
   */
  progress(html: string | null, onCancel?: () => void): void;
  /**
   * A job's progress (issue 24 §2, a PDF download): a determinate bar with a text and a Stop button at the foot of
   * the screen, which stays usable meanwhile; null hides it.
   */
  jobProgress(state: JobProgress | null): void;
  /** The QR image modal of a Create type code or an entry's code (form-configuration.md §2, §4, §8). */
  showQrCode(request: QrCodeRequest): void;
  /** The public link modal of a form on a project (issue 25 §4). */
  showPublicLink(request: PublicLinkRequest): void;
  /** The label preparation export modal of chosen entries (form-configuration.md §2, §8). */
  exportLabels(request: LabelExportRequest): void;
  /** An action's result in a dialog that stays until closed, with an optional value to copy (`resultDialog`). */
  showResult(request: ResultRequest): void;
  /** Opens a form document in a modal; resolves true when it was saved. */
  openForm(
    screen: string,
    mode: FormMode,
    input: Record<string, unknown>,
    params: Record<string, string | undefined>,
  ): Promise<boolean>;
}

const HostContext = createContext<ScreenHostApi | null>(null);

/** The nearest host; null outside one. */
export function useScreenHost(): ScreenHostApi | null {
  return useContext(HostContext);
}

interface FormRequest {
  screen: string;
  mode: FormMode;
  input: Record<string, unknown>;
  params: Record<string, string | undefined>;
  done: (saved: boolean) => void;
}

/** Mounts the host around `children` unless an outer one exists. */
export function ScreenHost({ children }: { children: ReactNode }) {
  const outer = useContext(HostContext);
  if (outer) return <>{children}</>;
  return <HostRoot>{children}</HostRoot>;
}

function HostRoot({ children }: { children: ReactNode }) {
  const [question, setQuestion] = useState<{ html: string; answer: (yes: boolean) => void } | null>(null);
  const [errorText, setErrorText] = useState<string | null>(null);
  const [toastText, setToastText] = useState<string | null>(null);
  const [form, setForm] = useState<FormRequest | null>(null);
  const [image, setImage] = useState<{ url: string; title: string } | null>(null);
  const [busy, setBusy] = useState<{ html: string; onCancel?: () => void } | null>(null);
  const [job, setJob] = useState<JobProgress | null>(null);
  const formRef = useRef<FormRequest | null>(null);
  const [qrCode, setQrCode] = useState<QrCodeRequest | null>(null);
  const [labels, setLabels] = useState<LabelExportRequest | null>(null);
  const closeQrCode = useCallback(() => setQrCode(null), []);
  const [publicLink, setPublicLink] = useState<PublicLinkRequest | null>(null);
  const closePublicLink = useCallback(() => setPublicLink(null), []);
  const closeLabels = useCallback(() => setLabels(null), []);
  const [result, setResult] = useState<ResultRequest | null>(null);
  const closeResult = useCallback(() => setResult(null), []);

  const closeForm = useCallback((saved: boolean) => {
    formRef.current?.done(saved);
    formRef.current = null;
    setForm(null);
  }, []);

  const api = useMemo<ScreenHostApi>(
    () => ({
      confirm: (html) => new Promise<boolean>((resolve) => setQuestion({ html, answer: resolve })),
      showError: (text) => setErrorText(text),
      toast: (text) => setToastText(text),
      viewImage: (url, title) => setImage({ url, title }),
      showQrCode: (request) => setQrCode(request),
      showPublicLink: (request) => setPublicLink(request),
      exportLabels: (request) => setLabels(request),
      showResult: (request) => setResult(request),
      progress: (html, onCancel) => setBusy(html === null ? null : { html: sanitizeMessageHtml(html), onCancel }),
      jobProgress: (state) => setJob(state),
      openForm: (screen, mode, input, params) =>
        new Promise<boolean>((resolve) => {
          const request = { screen, mode, input, params, done: resolve };
          formRef.current = request;
          setForm(request);
        }),
    }),
    [],
  );

  const answer = (yes: boolean) => {
    question?.answer(yes);
    setQuestion(null);
  };

  return (
    <HostContext.Provider value={api}>
      {children}
      <Dialog open={question !== null} onClose={() => answer(false)} maxWidth="xs" fullWidth>
        <DialogContent>
          {/* The text is a catalogue message sanitised by host/sanitize.ts (only b, i, em, strong, br). */}
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify */}
          <Box data-testid="confirm-text" dangerouslySetInnerHTML={{ __html: question?.html ?? '' }} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => answer(false)}>{message('common.no')}</Button>
          <Button variant="contained" onClick={() => answer(true)} autoFocus>
            {message('common.yes')}
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog open={errorText !== null} onClose={() => setErrorText(null)} maxWidth="sm" fullWidth>
        <DialogTitle>{message('common.error')}</DialogTitle>
        <DialogContent>
          <Alert severity="error" sx={{ whiteSpace: 'pre-line' }}>
            {/* Spec messages carry markup ('<b>Populate 1</b>: …'); sanitised to b, i, em, strong, br. */}
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify */}
            <span data-testid="error-text" dangerouslySetInnerHTML={{ __html: sanitizeMessageHtml(errorText ?? '') }} />
          </Alert>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setErrorText(null)}>{message('common.close')}</Button>
        </DialogActions>
      </Dialog>
      <Snackbar
        open={toastText !== null}
        autoHideDuration={4000}
        onClose={() => setToastText(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      >
        <Alert severity="success" variant="filled" onClose={() => setToastText(null)}>
          {toastText}
        </Alert>
      </Snackbar>
      <Dialog open={image !== null} onClose={() => setImage(null)} maxWidth="lg" aria-label={image?.title}>
        <DialogTitle>{image?.title}</DialogTitle>
        <DialogContent>
          {image && (
            <Box
              component="img"
              src={image.url}
              alt={image.title}
              sx={{ maxWidth: '100%', maxHeight: '75vh', display: 'block' }}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setImage(null)}>{message('common.close')}</Button>
        </DialogActions>
      </Dialog>
      <Backdrop open={busy !== null} aria-hidden={false} sx={{ zIndex: 9997, color: '#fff' }}>
        {busy && (
          <Stack alignItems="center" gap={2} role="status" aria-live="polite">
            <CircularProgress color="inherit" aria-label={message('common.loading')} />
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify */}
            <Box data-testid="progress-text" dangerouslySetInnerHTML={{ __html: busy.html }} />
            {busy.onCancel && (
              <Button
                variant="contained"
                color="inherit"
                onClick={() => {
                  busy.onCancel?.();
                  setBusy(null);
                }}
              >
                {message('common.cancel')}
              </Button>
            )}
          </Stack>
        )}
      </Backdrop>
      {job && (
        <Paper
          elevation={6}
          role="status"
          aria-live="polite"
          data-testid="job-progress"
          sx={{
            position: 'fixed',
            bottom: 16,
            left: '50%',
            transform: 'translateX(-50%)',
            zIndex: 1400,
            p: 2,
            width: 'min(480px, calc(100vw - 32px))',
          }}
        >
          <Typography variant="body2" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
            {job.text}
          </Typography>
          <Stack direction="row" alignItems="center" gap={2}>
            <LinearProgress variant="determinate" value={job.percent} aria-label={job.text} sx={{ flex: 1 }} />
            <Button variant="outlined" size="small" onClick={job.onStop}>
              {job.stopLabel}
            </Button>
          </Stack>
        </Paper>
      )}
      {qrCode && (
        <Suspense fallback={null}>
          <QrCodeDialog request={qrCode} onClose={closeQrCode} showError={api.showError} toast={api.toast} />
        </Suspense>
      )}
      {publicLink && (
        <Suspense fallback={null}>
          <PublicLinkDialog
            request={publicLink}
            onClose={closePublicLink}
            showError={api.showError}
            toast={api.toast}
          />
        </Suspense>
      )}
      {labels && (
        <Suspense fallback={null}>
          <LabelExportDialog request={labels} onClose={closeLabels} showError={api.showError} />
        </Suspense>
      )}
      {result && (
        <Suspense fallback={null}>
          <ResultDialog request={result} onClose={closeResult} toast={api.toast} showError={api.showError} />
        </Suspense>
      )}
      {form && (
        <Suspense fallback={null}>
          <ScreenDialog
            screenId={form.screen}
            open
            mode={form.mode}
            input={form.input}
            params={form.params}
            onClose={() => closeForm(false)}
            onResult={() => closeForm(true)}
          />
        </Suspense>
      )}
    </HostContext.Provider>
  );
}
