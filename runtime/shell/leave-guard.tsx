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
 *
 * A page may ask its own question instead (useLeaveQuestion): an entry that is a draft asks "keep the draft or
 * discard it" (issue 19), so that the question says what will happen. While the page's question applies, it is
 * asked in place of the default one; each choice runs the page's own work (a save, a discard) and says whether
 * to leave. A question whose text depends on work in flight (a page save) is read again when that work is done,
 * so a Cancel pressed right after Next says what is true once the save has answered.
 */

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useId, useRef, useState } from 'react';
import { useBlocker, useLocation } from 'react-router';
import { message } from '../../engine/messages/catalogue';

/** Records one reporter's state: `id` from useId, `dirty` whether it has unsaved changes. */
const UnsavedContext = createContext<(id: string, dirty: boolean) => void>(() => {});

/** A page's own leave question (see the module comment). */
export interface LeaveQuestion {
  /** True while leaving must ask this question (read when the user leaves). */
  applies: () => boolean;
  /** The question (plain text), read when it is asked and again when `settled` resolves. */
  text: () => string;
  /**
   * Resolves when work the question's text depends on is done (an entry's page save still in flight when the user
   * leaves: the answers are "not saved yet" until it answers, a draft after). Optional.
   */
  settled?: () => Promise<unknown>;
  /** The answers, in order; the first contained one is the default. `run` resolves true to leave, false to stay. */
  choices: { label: string; variant?: 'text' | 'outlined' | 'contained'; run: () => Promise<boolean> }[];
}

const LeaveQuestionContext = createContext<(question: LeaveQuestion | null) => void>(() => {});

/**
 * Sets the page's leave question while the calling component is mounted (null: none). The question object is
 * read when the user leaves, so it may read refs of the page.
 */
export function useLeaveQuestion(question: LeaveQuestion | null): void {
  const set = useContext(LeaveQuestionContext);
  useEffect(() => {
    set(question);
    return () => set(null);
  }, [set, question]);
}

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
  const questionRef = useRef<LeaveQuestion | null>(null);
  const setQuestion = useCallback((question: LeaveQuestion | null) => {
    questionRef.current = question;
  }, []);
  // The page's question, when it applied as the user left (decided in the blocker, so the first render of the
  // blocked state shows the right dialog), and the error of a choice that failed.
  const askedRef = useRef<LeaveQuestion | null>(null);
  const [running, setRunning] = useState(false);
  const [choiceError, setChoiceError] = useState<string | null>(null);
  // Bumped when the asked question's work in flight is done: the dialog reads its text again.
  const [, setSettledCount] = useState(0);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (currentLocation.pathname === nextLocation.pathname) return false;
    const question = questionRef.current;
    askedRef.current = question?.applies() ? question : null;
    const reread = () => setSettledCount((count) => count + 1);
    askedRef.current?.settled?.().then(reread, reread);
    return dirtyRef.current || askedRef.current !== null;
  });
  const asked = blocker.state === 'blocked' ? askedRef.current : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new blocked navigation starts without an error
  useEffect(() => setChoiceError(null), [blocker.state]);
  const choose = async (run: () => Promise<boolean>) => {
    setRunning(true);
    setChoiceError(null);
    try {
      if (await run()) {
        clear();
        blocker.proceed?.();
      } else blocker.reset?.();
    } catch (error) {
      setChoiceError(error instanceof Error ? error.message : message('common.serverError'));
    } finally {
      setRunning(false);
    }
  };
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
      <LeaveQuestionContext.Provider value={setQuestion}>
        <UnsavedStateContext.Provider value={hasUnsaved}>{children}</UnsavedStateContext.Provider>
      </LeaveQuestionContext.Provider>
      <Dialog open={blocker.state === 'blocked' && asked !== null} onClose={() => !running && blocker.reset?.()}>
        <DialogContent>
          {asked?.text()}
          {choiceError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {choiceError}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          {asked?.choices.map((choice) => (
            <Button
              key={choice.label}
              variant={choice.variant ?? 'text'}
              disabled={running}
              onClick={() => void choose(choice.run)}
            >
              {choice.label}
            </Button>
          ))}
        </DialogActions>
      </Dialog>
      <Dialog open={blocker.state === 'blocked' && asked === null} onClose={() => blocker.reset?.()}>
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
