/**
 * The MUI root: what every MUI component of the runtime renders inside. Emotion's style cache carries the
 * page's CSP nonce (the Content-Security-Policy allows MUI's <style> elements by nonce, api/middleware/security.ts;
 * the server writes it into index.html as <meta name="csp-nonce">), the base theme (./theme, a client's colours
 * take over inside the logged-in shell) and CssBaseline.
 *
 * The login page uses no MUI (issue "Performance at scale" §5: its page stays under 150 KiB of JavaScript), so
 * this root is not the application's: every page, layout and screen that uses MUI is wrapped in it where it is
 * loaded (./pages, ../routes screen routes, the login page's client chooser, ./RootLayout's toast). A root
 * inside a root adds nothing, so a screen inside the shell keeps the shell's theme.
 */
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { createContext, type ReactNode, useContext } from 'react';
import { styleCache } from './style-cache';
import { makeTheme } from './theme';

const baseTheme = makeTheme();
const Inside = createContext(false);

/** Renders `children` inside the MUI root, unless they already are; see the module comment. */
export function MuiRoot({ children }: { children: ReactNode }) {
  if (useContext(Inside)) return children;
  return (
    <Inside.Provider value={true}>
      <CacheProvider value={styleCache}>
        <ThemeProvider theme={baseTheme}>
          <CssBaseline />
          {children}
        </ThemeProvider>
      </CacheProvider>
    </Inside.Provider>
  );
}
