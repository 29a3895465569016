/**
 * The live design check (issue 21 part 7 "also shown live in a panel, each item linking to its question"): the
 * problems `designCheck` (engine/forms/design-check.ts) finds in the draft, against the latest published version
 * and its entries as the publish gate reads them, recomputed {@link CHECK_DELAY_MS} after the last edit (so typing
 * is never slowed by it at 1,000 questions). Each problem is a button that shows its page and selects its
 * question.
 */
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import type { Draft } from '../../engine/designer';
import { type DesignCheckContext, type DesignProblem, designCheck } from '../../engine/forms/design-check';
import { message } from '../../engine/messages/catalogue';
import { afterNextPaint } from '../after-paint';
import { useDesignerStore } from '../store';

/** Milliseconds after the last edit before the check runs again. */
export const CHECK_DELAY_MS = 250;

/**
 * The draft's design problems, recomputed {@link CHECK_DELAY_MS} after the last edit (and again after `context`
 * changes); `undefined` until the first check, which runs after the creator's first paint (a check of a
 * 500-question draft is 6-10 ms of code run for the first time, which the opening need not wait for). The caller does not render on an edit: the hook follows the draft through the store's
 * subscription, and its state changes only when the problems do (the creator's page, which holds them, renders
 * its toolbar again only then; issue 21 "Speed", docs/performance.md "The third pass").
 */
export function useDesignProblems(context: DesignCheckContext): DesignProblem[] | undefined {
  const store = useDesignerStore();
  const [problems, setProblems] = useState<DesignProblem[] | undefined>(undefined);
  const checked = useRef<{ draft: Draft; context: DesignCheckContext } | undefined>(undefined);
  const shown = useRef<DesignProblem[] | undefined>(undefined);
  const latestContext = useRef(context);
  latestContext.current = context;
  // The first check, after the first paint.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount (later checks follow the store below)
  useEffect(
    () =>
      afterNextPaint(() => {
        if (checked.current) return;
        const draft = store.draft;
        const now = latestContext.current;
        checked.current = { draft, context: now };
        shown.current = designCheck(draft, now);
        setProblems(shown.current);
      }),
    [],
  );
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      timer = undefined;
      const draft = store.draft;
      checked.current = { draft, context };
      const next = designCheck(draft, context);
      // The same problems: no state update at all (an update that bails out can still render the holder once).
      if (shown.current && sameProblems(shown.current, next)) return;
      shown.current = next;
      setProblems(next);
    };
    const schedule = () => {
      const last = checked.current;
      // Before the first check, nothing to schedule: it comes after the first paint and reads the draft then.
      if (!last || (last.draft === store.draft && last.context === context)) return;
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(check, CHECK_DELAY_MS);
    };
    schedule();
    const unsubscribe = store.subscribe(schedule);
    return () => {
      unsubscribe();
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [store, context]);
  return problems;
}

/** True when two checks found the same problems (the same texts about the same questions and pages). */
function sameProblems(a: readonly DesignProblem[], b: readonly DesignProblem[]): boolean {
  return a.length === b.length && JSON.stringify(a) === JSON.stringify(b);
}

/** The panel's list; `headingId` names the region it is in. */
export function DesignCheckPanel({ problems, headingId }: { problems: DesignProblem[]; headingId: string }) {
  const store = useDesignerStore();
  const go = (problem: DesignProblem) => {
    if (problem.questionId !== undefined) store.select(problem.questionId);
    else if (problem.pageId !== undefined) store.showPage(problem.pageId);
  };
  return (
    <section aria-labelledby={headingId} data-testid="designer-check">
      <Typography id={headingId} variant="subtitle1" component="h2" sx={{ px: 1 }}>
        {message('formCreator.designCheck')}
      </Typography>
      {problems.length === 0 ? (
        <Typography sx={{ px: 1, py: 0.5 }} color="text.secondary">
          {message('formCreator.checkClean')}
        </Typography>
      ) : (
        <List dense disablePadding>
          {problems.map((problem, index) => (
            <ListItemButton
              // biome-ignore lint/suspicious/noArrayIndexKey: problems have no id; the list is recomputed whole
              key={index}
              onClick={() => go(problem)}
              data-testid="designer-check-item"
            >
              <ListItemIcon sx={{ minWidth: 72 }}>
                <Typography
                  variant="caption"
                  color={problem.severity === 'error' ? 'error' : 'warning.dark'}
                  fontWeight="bold"
                >
                  {message(problem.severity === 'error' ? 'formCreator.checkError' : 'formCreator.checkWarning')}
                </Typography>
              </ListItemIcon>
              <ListItemText primary={message(problem.messageId, problem.params)} />
            </ListItemButton>
          ))}
        </List>
      )}
    </section>
  );
}
