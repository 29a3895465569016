/**
 * The MUI theme: the platform's defaults, or the current client's branding (primaryColour,
 * secondaryColour; shell-access-navigation.md §1, §3 "Client branding") once a client is selected.
 */
import { createTheme, type Theme } from '@mui/material/styles';

const DEFAULT_PRIMARY = '#1f4e79';
const DEFAULT_SECONDARY = '#f0a500';
const COLOUR = /^#[0-9a-fA-F]{6}$/;

/** Client colours the theme reads; other client fields are ignored. */
export interface Branding {
  primaryColour?: string;
  secondaryColour?: string;
}

/** A theme with the client's colours (invalid or missing colours fall back to the defaults). */
export function makeTheme(branding?: Branding | null): Theme {
  const primary =
    branding?.primaryColour && COLOUR.test(branding.primaryColour) ? branding.primaryColour : DEFAULT_PRIMARY;
  const secondary =
    branding?.secondaryColour && COLOUR.test(branding.secondaryColour) ? branding.secondaryColour : DEFAULT_SECONDARY;
  return createTheme({ palette: { primary: { main: primary }, secondary: { main: secondary } } });
}
