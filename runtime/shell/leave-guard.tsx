/**
 * The leave-page guard (shell-access-navigation.md §4): while a page reports unsaved changes
 * (useUnsavedChanges; form pages do), leaving it within the app asks 'Are you sure you want to leave
 * this page without saving?' with Yes and No, and closing or reloading the tab asks the browser's own
 * question (beforeunload).
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { useBlocker, useLocation } from 'react-router';
import { message } from '../../engine/messages/catalogue';

const UnsavedContext = createContext<(dirty: boolean) => void>(() => {});

/** Whether the page has unsaved changes now; outside a LeaveGuard, never. */
export const UnsavedStateContext = createContext<() => boolean>(() => false);

/** Reports whether the page has unsaved changes (true while editing, false after a save). */
export function useUnsavedChanges(): (dirty: boolean) => void {
  return useContext(UnsavedContext);
}

/** Asks whether the page has unsaved changes at the moment (e.g. when the page is being left). */
export function useHasUnsavedChanges(): () => boolean {
  return useContext(UnsavedStateContext);
}

/** Holds the pages' unsaved state and asks before leaving; see the module comment. */
export function LeaveGuard({ children }: { children: ReactNode }) {
  const [dirty, setDirtyState] = useState(false);
  // The blocker reads a ref: a page that saves and navigates in one go must not be held back by the
  // state of the render before.
  const dirtyRef = useRef(false);
  const setDirty = useCallback((value: boolean) => {
    dirtyRef.current = value;
    setDirtyState(value);
  }, []);
  const report = setDirty;
  const hasUnsaved = useCallback(() => dirtyRef.current, []);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirtyRef.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
  // A new page starts clean.
  const { pathname } = useLocation();
  useEffect(() => {
    if (pathname) setDirty(false);
  }, [pathname, setDirty]);
  return (
    <UnsavedContext.Provider value={report}>
      <UnsavedStateContext.Provider value={hasUnsaved}>{children}</UnsavedStateContext.Provider>
      <Dialog open={blocker.state === 'blocked'} onClose={() => blocker.reset?.()}>
        <DialogContent>{message('common.leavePage')}</DialogContent>
        <DialogActions>
          <Button
            onClick={() => {
              setDirty(false);
              blocker.proceed?.();
            }}
          >
            {message('common.yes')}
          </Button>
          <Button variant="contained" onClick={() => blocker.reset?.()}>
            {message('common.no')}
          </Button>
        </DialogActions>
      </Dialog>
    </UnsavedContext.Provider>
  );
}
