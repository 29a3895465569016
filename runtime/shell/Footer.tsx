/**
 * The footer: copyright with the current year and a Privacy Policy link (shell-access-navigation.md §2.4).
 * Plain (runtime/plain), as the public pages need it before MUI loads; the logged-in shell passes its
 * theme's primary colour (the client's branding) for the link.
 */
import type { CSSProperties } from 'react';
import { Link as RouterLink } from 'react-router';
import { plainMessage } from '../plain/messages';
import '../plain/plain.css';

/** The footer; `primary` is the link's colour (default: the platform's). */
export function Footer({ primary }: { primary?: string }) {
  const style = primary ? ({ '--plain-primary': primary } as CSSProperties) : undefined;
  return (
    <footer className="plain-footer" style={style}>
      <p className="plain-body2 plain-secondary">
        {plainMessage('shell.copyright', { year: new Date().getFullYear() })}
      </p>
      <RouterLink to="/privacy-policy" className="plain-body2 plain-link">
        {plainMessage('shell.privacyPolicy')}
      </RouterLink>
    </footer>
  );
}
