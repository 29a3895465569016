/**
 * ScreenDialog: a screen document shown in a dialog instead of a page (e.g. the client switcher,
 * form-configuration.md §2 "Client switcher modal"): the document's title, the screen, and Close.
 * The screen's outcome (a register's 'close' action, a form's submit) goes to `onResult`; the host
 * decides what follows, and usually closes the dialog. The screen mounts afresh on every opening,
 * so its data is read again. The dialog's content scrolls between its title and Close; a form's own
 * buttons (Save, Save & New, ...) stay at the bottom of that area while the fields scroll under them, so
 * a long form's Save is in view on a laptop's screen too (issue 19: Add Project's SAVE was below the fold at
 * 900 px).
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useState } from 'react';
import { message } from '../../engine/messages/catalogue';
import { type FormMode, loadScreen, type ScreenDocument } from './documents';
import { ScreenLoading, ScreenView } from './ScreenView';

export interface ScreenDialogProps {
  /** Screen document id, e.g. 'shell/client-chooser'. */
  screenId: string;
  open: boolean;
  /** Close (the button, Escape or a click outside). */
  onClose: () => void;
  /** The screen's outcome: a register's 'close' action answer or a form's submit answer. */
  onResult: (answer: unknown) => void;
  /** Values the document's templates read; none by default. */
  params?: Record<string, string | undefined>;
  /** Mode of a form screen; default 'add'. */
  mode?: FormMode;
  /** The row a form opens with (a form opened by a row action). */
  input?: Record<string, unknown>;
}

const NO_PARAMS: Record<string, string | undefined> = {};

/**
 * The row of a form's buttons (the last child of the form SchemaForm renders) kept at the bottom of the
 * scrolling content, over the fields (an outlined field's label sits at z-index 1).
 */
const FORM_BUTTONS_IN_VIEW = {
  '& form.rjsf > .MuiStack-root:last-child': {
    position: 'sticky',
    // Down to the scrolling area's edge, over DialogContent's 20 px bottom padding (fields would show under it).
    bottom: '-20px',
    zIndex: 2,
    bgcolor: 'background.paper',
    py: 1,
    borderTop: 1,
    borderColor: 'divider',
  },
} as const;

/** Renders the screen document `screenId` in a dialog; see the module comment. */
export function ScreenDialog({
  screenId,
  open,
  onClose,
  onResult,
  params = NO_PARAMS,
  mode,
  input,
}: ScreenDialogProps) {
  const [doc, setDoc] = useState<ScreenDocument | null>(null);
  const [failed, setFailed] = useState(false);
  const [title, setTitle] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    let live = true;
    setTitle(null);
    loadScreen(screenId)
      .then((loaded) => live && setDoc(loaded))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [screenId, open]);

  const shown = doc?.id === screenId ? doc : null;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      {shown && <DialogTitle>{title ?? message(shown.title)}</DialogTitle>}
      <DialogContent sx={FORM_BUTTONS_IN_VIEW}>
        {failed && <Alert severity="error">{message('common.serverError')}</Alert>}
        {!failed && !shown && <ScreenLoading />}
        {shown && (
          <ScreenView
            document={shown}
            params={params}
            mode={mode}
            onTitle={setTitle}
            onResult={onResult}
            input={input}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{message('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
