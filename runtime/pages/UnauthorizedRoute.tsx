/**
 * /unauthorized (shell-access-navigation.md §2.2; issue 19): a logged-in user sees the page inside the shell,
 * with the client's branding, menus and Home; anyone else in the public layout with the link to log in. The
 * texts are the spec's either way. The route's loader (runtime/shell/route-loaders.ts `unauthorized`) asks for
 * the session and, when there is one, loads the shell's code with it, so the page does not flash.
 */
import { lazy, Suspense } from 'react';
import { useLoaderData } from 'react-router';
import { ProgressBar } from '../plain/ProgressBar';
import type { ShellData } from '../shell/guards';
import { PublicLayout } from '../shell/PublicLayout';
import { UnauthorizedPage } from './MessagePage';

const InShell = lazy(() => import('./UnauthorizedInShell'));

/** The unauthorised route's page; see the module comment. */
export function UnauthorizedRoute() {
  const session = useLoaderData() as ShellData | null;
  if (!session)
    return (
      <PublicLayout>
        <UnauthorizedPage />
      </PublicLayout>
    );
  return (
    <Suspense fallback={<ProgressBar fixed />}>
      <InShell session={session} />
    </Suspense>
  );
}
