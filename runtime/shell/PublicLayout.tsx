/**
 * The shell outside the logged-in area (login, unauthorised page): the platform's name linking to
 * /login, the page and the footer; no breadcrumbs (shell-access-navigation.md §2.1). Plain (runtime/plain:
 * MUI's AppBar and Container drawn without MUI), so the login page loads no MUI.
 */
import type { ReactNode } from 'react';
import { Outlet, Link as RouterLink } from 'react-router';
import { plainMessage } from '../plain/messages';
import '../plain/plain.css';
import { Footer } from './Footer';

/** The public shell; see the module comment. It shows the matched child route, or `children` when given. */
export function PublicLayout({ children }: { children?: ReactNode } = {}) {
  return (
    <div className="plain-page">
      <header className="plain-appbar">
        <div className="plain-toolbar">
          <RouterLink to="/login" className="plain-home-link">
            <span className="plain-h6">{plainMessage('app.title')}</span>
          </RouterLink>
        </div>
      </header>
      <main className="plain-main">{children ?? <Outlet />}</main>
      <Footer />
    </div>
  );
}
