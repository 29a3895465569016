/** The unauthorised page inside the logged-in shell (./UnauthorizedRoute), loaded on demand with MUI. */
import type { ShellData } from '../shell/guards';
import { MuiRoot } from '../shell/MuiRoot';
import { ShellLayout } from '../shell/ShellLayout';
import { UnauthorizedPage } from './MessagePage';

/** The shell with the unauthorised page and Home, for the session `session`. */
export default function UnauthorizedInShell({ session }: { session: ShellData }) {
  return (
    <MuiRoot>
      <ShellLayout data={session}>
        <UnauthorizedPage loggedIn />
      </ShellLayout>
    </MuiRoot>
  );
}
