/** A contained primary button without MUI (runtime/plain), as MUI's Button variant="contained" draws it. */
import type { ButtonHTMLAttributes } from 'react';
import './plain.css';

/** A contained button; other props go to the `<button>`. */
export function Button({ className, type = 'button', ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type={type} className={className ? `plain-button ${className}` : 'plain-button'} {...props} />;
}
