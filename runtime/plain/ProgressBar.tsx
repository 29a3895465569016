/**
 * An indeterminate progress bar without MUI (runtime/plain), as MUI's LinearProgress draws it; `fixed` pins
 * it to the top of the window (the navigation bar of shell-access-navigation.md §2.4).
 */
import './plain.css';

/** The progress bar; see the module comment. */
export function ProgressBar({ fixed = false }: { fixed?: boolean }) {
  return <span role="progressbar" className={fixed ? 'plain-progress plain-progress-fixed' : 'plain-progress'} />;
}
