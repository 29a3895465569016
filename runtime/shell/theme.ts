/**
 * The MUI theme: the platform's defaults, or the current client's branding (primaryColour,
 * secondaryColour, tertiaryColour as the page background; shell-access-navigation.md §1, §3 "Client
 * branding") once a client is selected; toasts at z-index 9999 (§9).
 */
import { createTheme, type Theme } from '@mui/material/styles';

const DEFAULT_PRIMARY = '#1f4e79';
const DEFAULT_SECONDARY = '#f0a500';
const COLOUR = /^#[0-9a-fA-F]{6}$/;

/** Client colours the theme reads; other client fields are ignored. */
export interface Branding {
  primaryColour?: string;
  secondaryColour?: string;
  tertiaryColour?: string;
}

/** Toasts sit above everything else (shell-access-navigation.md §9: base z-index 9999). */
export const TOAST_Z_INDEX = 9999;

/** A theme with the client's colours (invalid or missing colours fall back to the defaults). */
export function makeTheme(branding?: Branding | null): Theme {
  const primary =
    branding?.primaryColour && COLOUR.test(branding.primaryColour) ? branding.primaryColour : DEFAULT_PRIMARY;
  const secondary =
    branding?.secondaryColour && COLOUR.test(branding.secondaryColour) ? branding.secondaryColour : DEFAULT_SECONDARY;
  const tertiary =
    branding?.tertiaryColour && COLOUR.test(branding.tertiaryColour) ? branding.tertiaryColour : undefined;
  return createTheme({
    palette: {
      primary: { main: primary },
      secondary: { main: secondary },
      // The third colour is the page background behind the shell's content.
      ...(tertiary ? { background: { default: tertiary } } : {}),
    },
    zIndex: { snackbar: TOAST_Z_INDEX },
  });
}
