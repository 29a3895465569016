/** An error alert without MUI (runtime/plain), as MUI's Alert severity="error" draws it: role alert, the icon, the text. */
import type { ReactNode } from 'react';
import './plain.css';

/** MUI's ErrorOutline icon. */
const ERROR_ICON =
  'M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2zM12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8z';

/** An error alert; see the module comment. */
export function Alert({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={className ? `plain-alert ${className}` : 'plain-alert'} role="alert">
      <div className="plain-alert-icon">
        <svg focusable="false" aria-hidden="true" viewBox="0 0 24 24">
          <path d={ERROR_ICON} />
        </svg>
      </div>
      <div className="plain-alert-message">{children}</div>
    </div>
  );
}
