/**
 * The leave-page guard (shell-access-navigation.md §4): while a page reports unsaved changes
 * (useUnsavedChanges; form pages do), leaving it within the app asks 'Are you sure you want to leave
 * this page without saving?' with Yes and No, and closing or reloading the tab asks the browser's own
 * question (beforeunload).
 *
 * Each component that reports (a form page, a form in a modal) is kept apart: the page has unsaved changes
 * while any of them reports some, and a reporter that unmounts (a modal form closed) takes its report with
 * it. A form reports changes only while its data differs from what it started with (SchemaForm
 * `onDirtyChange`, issue 19), so opening a form and closing it untouched leaves nothing to ask about.
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useId, useRef, useState } from 'react';
import { useBlocker, useLocation } from 'react-router';
import { message } from '../../engine/messages/catalogue';

/** Records one reporter's state: `id` from useId, `dirty` whether it has unsaved changes. */
const UnsavedContext = createContext<(id: string, dirty: boolean) => void>(() => {});

/** Whether the page has unsaved changes now; outside a LeaveGuard, never. */
export const UnsavedStateContext = createContext<() => boolean>(() => false);

/**
 * Reports whether the calling component has unsaved changes (true while its data differs from what it
 * started with, false after a save); unmounting withdraws its report.
 */
export function useUnsavedChanges(): (dirty: boolean) => void {
  const record = useContext(UnsavedContext);
  const id = useId();
  useEffect(() => () => record(id, false), [record, id]);
  return useCallback((dirty: boolean) => record(id, dirty), [record, id]);
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
  // The reporters with unsaved changes now.
  const reporters = useRef(new Set<string>());
  const report = useCallback((id: string, value: boolean) => {
    if (value) reporters.current.add(id);
    else reporters.current.delete(id);
    dirtyRef.current = reporters.current.size > 0;
    setDirtyState(dirtyRef.current);
  }, []);
  const clear = useCallback(() => {
    reporters.current.clear();
    dirtyRef.current = false;
    setDirtyState(false);
  }, []);
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
    if (pathname) clear();
  }, [pathname, clear]);
  return (
    <UnsavedContext.Provider value={report}>
      <UnsavedStateContext.Provider value={hasUnsaved}>{children}</UnsavedStateContext.Provider>
      <Dialog open={blocker.state === 'blocked'} onClose={() => blocker.reset?.()}>
        <DialogContent>{message('common.leavePage')}</DialogContent>
        <DialogActions>
          <Button
            onClick={() => {
              clear();
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
