/**
 * An indeterminate progress bar without MUI (runtime/plain), as MUI's LinearProgress draws it; `fixed` pins
 * it to the top of the window (the navigation bar of shell-access-navigation.md §2.4). Its accessible name is the
 * catalogue's 'common.loading' (WAI-ARIA: a progressbar needs a name; axe's `aria-progressbar-name`).
 */
import { plainMessage } from './messages';
import './plain.css';

/** The progress bar; see the module comment. */
export function ProgressBar({ fixed = false }: { fixed?: boolean }) {
  return (
    <span
      role="progressbar"
      aria-label={plainMessage('common.loading')}
      className={fixed ? 'plain-progress plain-progress-fixed' : 'plain-progress'}
    />
  );
}
