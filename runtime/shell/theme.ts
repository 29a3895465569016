/**
 * The MUI theme: the platform's defaults, or the current client's branding (primaryColour,
 * secondaryColour, tertiaryColour as the page background; shell-access-navigation.md §1, §3 "Client
 * branding") once a client is selected; toasts at z-index 9999 (§9).
 *
 * Readable whatever the client picks (issue 19 "Accessibility", WCAG 2.2 AA; docs/decisions.md):
 * - text on a brand colour (the top bar, contained buttons) is black or white, whichever reads at 4.5:1
 *   (MUI's contrastThreshold; the top bar keeps the exact brand colour and takes the better of the two);
 * - the primary colour as text or outline on the page (links, text buttons, the section menu) is the brand
 *   colour darkened just enough to read at 4.5:1 on white and on the page background; so is the error red;
 * - the page background is the tertiary colour lightened just enough for secondary text (MUI's
 *   text.secondary, 60 % black) to read at 4.5:1 on it;
 * - every control shows a 2 px focus ring when focused from the keyboard (2.4.7), in the readable primary
 *   colour on the page and in the top bar's text colour on the top bar;
 * - a table's sort button and the breadcrumbs' collapsed path are at least 24 x 24 px (2.5.8).
 *
 * A user whose system asks for reduced motion (`prefers-reduced-motion: reduce`, WCAG 2.3.3) gets no transitions:
 * menus, dialogs, drop-downs and collapsing panels open and close at once (every duration 0), as the plain CSS
 * (runtime/plain/plain.css) stops the CSS animations (spinners, skeletons, the progress bar) for them.
 */
import {
  createTheme,
  darken,
  decomposeColor,
  getContrastRatio,
  lighten,
  recomposeColor,
  type Theme,
} from '@mui/material/styles';

const DEFAULT_PRIMARY = '#1f4e79';
const DEFAULT_SECONDARY = '#f0a500';
const COLOUR = /^#[0-9a-fA-F]{6}$/;
const WHITE = '#ffffff';
/** MUI's error red, darkened where needed like the primary colour: error texts sit on the page too. */
const ERROR_RED = '#d32f2f';
/** MUI's text.primary of the light palette: what "black text" is. */
const BLACK_TEXT = 'rgba(0, 0, 0, 0.87)';

/**
 * The platform's typeface: the device's own interface font (Roboto on Android, San Francisco on iOS and macOS, Segoe
 * UI on Windows), named first as `system-ui` so the browser finds it in one look-up; the names after it serve browsers
 * without `system-ui`. MUI's default (Roboto, Helvetica, Arial) is not installed on most desktops: the browser then
 * asked the system for each name in turn, for every size and weight on the page, 20 ms of the form page's first
 * layout in Chromium on Linux (docs/decisions.md "The device's own typeface"). runtime/plain/plain.css uses the same
 * stack (theme.test.ts holds them equal).
 */
export const FONT_FAMILY = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/** The contrast text needs (WCAG 2.2 1.4.3, normal-size text). */
export const MIN_TEXT_CONTRAST = 4.5;
/** The smallest side of a pointer target, px (WCAG 2.2 2.5.8 Target Size (Minimum)). */
export const MIN_TARGET_PX = 24;

/** Client colours the theme reads; other client fields are ignored. */
export interface Branding {
  primaryColour?: string;
  secondaryColour?: string;
  tertiaryColour?: string;
}

/** Toasts sit above everything else (shell-access-navigation.md §9: base z-index 9999). */
export const TOAST_Z_INDEX = 9999;

/** `colour` (any CSS colour MUI reads) with black laid over it at `opacity` (0-1): what 60 % black text looks like on it. */
function blackOver(colour: string, opacity: number): string {
  const { values } = decomposeColor(colour);
  const [red, green, blue] = values.map((value) => Math.round(value * (1 - opacity)));
  return recomposeColor({ type: 'rgb', values: [red, green, blue] });
}

/**
 * The text colour that reads best on `background`: white or MUI's black text, whichever has
 * the higher contrast (one of the two always reaches 4.5:1).
 */
export function textOn(background: string): string {
  return getContrastRatio(WHITE, background) >= getContrastRatio(blackOver(background, 0.87), background)
    ? WHITE
    : BLACK_TEXT;
}

/**
 * `colour` darkened in steps of 5 % until it reads at `min`:1 on every one of `backgrounds` (light ones);
 * `colour` itself when it already does.
 */
export function readableOn(colour: string, backgrounds: string[], min = MIN_TEXT_CONTRAST): string {
  for (let step = 0; step <= 20; step++) {
    const candidate = step === 0 ? colour : darken(colour, step / 20);
    if (backgrounds.every((background) => getContrastRatio(candidate, background) >= min)) return candidate;
  }
  return '#000000';
}

/**
 * The page background for a client's tertiary colour: the colour lightened in steps of 5 % until MUI's
 * secondary text (60 % black) reads at 4.5:1 on it; white when there is none.
 */
export function pageBackground(tertiary: string | undefined): string {
  if (!tertiary) return WHITE;
  for (let step = 0; step <= 20; step++) {
    const candidate = step === 0 ? tertiary : lighten(tertiary, step / 20);
    if (getContrastRatio(blackOver(candidate, 0.6), candidate) >= MIN_TEXT_CONTRAST) return candidate;
  }
  return WHITE;
}

/**
 * The browser's auto-fill, as MUI's InputBase detects it (a filled-in login keeps its label up): the input runs
 * the animation `mui-auto-fill` while `:-webkit-autofill` holds and `mui-auto-fill-cancel` otherwise, and
 * InputBase's onAnimationStart reads which. MUI injects the two keyframes as global styles from every input
 * it mounts (emotion's Global: a new style sheet per input, each invalidating the page's styles; about 60 rules
 * for a question added in the form creator, one per field on a form page). Here the inputs inject nothing
 * (`disableInjectingGlobalStyles`), the animation is in the theme's input styles, and the keyframes come once,
 * with CssBaseline (./MuiRoot.tsx). Issue 21 "Speed".
 */
const AUTO_FILL = 'mui-auto-fill';
const AUTO_FILL_CANCEL = 'mui-auto-fill-cancel';
export const AUTO_FILL_KEYFRAMES = {
  // Non-empty keyframes, as MUI's own (emotion drops empty ones in production).
  [`@keyframes ${AUTO_FILL}`]: { from: { animationName: AUTO_FILL } },
  [`@keyframes ${AUTO_FILL_CANCEL}`]: { from: { animationName: AUTO_FILL_CANCEL } },
};
const AUTO_FILL_DETECTION = {
  animationName: AUTO_FILL_CANCEL,
  animationDuration: '10ms',
  '&:-webkit-autofill': { animationDuration: '5000s', animationName: AUTO_FILL },
};

/** Whether this browser asks for reduced motion (false where there is no matchMedia, e.g. jsdom without it). */
export function prefersReducedMotion(): boolean {
  return globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

/** MUI's transitions with every duration 0: a Transition with timeout 0 enters and exits in the same task. */
const NO_MOTION = {
  duration: { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 },
  getAutoHeightDuration: () => 0,
};

/**
 * A theme with the client's colours (invalid or missing colours fall back to the defaults).
 * @param reducedMotion no transitions (see the module comment); by default, what the browser asks for
 */
export function makeTheme(branding?: Branding | null, reducedMotion = prefersReducedMotion()): Theme {
  const pick = (colour: string | undefined, fallback: string | undefined) =>
    colour && COLOUR.test(colour) ? colour : fallback;
  const brand = pick(branding?.primaryColour, DEFAULT_PRIMARY) as string;
  const secondary = pick(branding?.secondaryColour, DEFAULT_SECONDARY) as string;
  const tertiary = pick(branding?.tertiaryColour, undefined);
  const background = pageBackground(tertiary);
  const primary = readableOn(brand, [WHITE, background]);
  const onBrand = textOn(brand);
  const focusRing = { outline: `2px solid ${primary}`, outlineOffset: 2 };
  // Items inside a menu or list would have an outside ring cut off by the list's edge.
  const insetRing = { '&.Mui-focusVisible': { ...focusRing, outlineOffset: -2 } };
  return createTheme({
    palette: {
      primary: { main: primary },
      secondary: { main: secondary },
      error: { main: readableOn(ERROR_RED, [WHITE, background]) },
      // Black or white text on a colour, whichever reads at 4.5:1 (MUI's default asks only 3:1).
      contrastThreshold: MIN_TEXT_CONTRAST,
      // The third colour is the page background behind the shell's content.
      ...(tertiary ? { background: { default: background } } : {}),
    },
    zIndex: { snackbar: TOAST_Z_INDEX },
    typography: { fontFamily: FONT_FAMILY },
    ...(reducedMotion ? { transitions: NO_MOTION } : {}),
    components: {
      MuiCssBaseline: { styleOverrides: AUTO_FILL_KEYFRAMES },
      MuiInputBase: {
        defaultProps: { disableInjectingGlobalStyles: true },
        styleOverrides: { input: AUTO_FILL_DETECTION },
      },
      // Every button, checkbox, toggle, tab, image button, page link and menu entry is a ButtonBase.
      MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': focusRing } } },
      MuiLink: { styleOverrides: { root: { '&:focus-visible': focusRing } } },
      MuiMenuItem: { styleOverrides: { root: insetRing } },
      MuiListItemButton: { styleOverrides: { root: insetRing } },
      MuiAccordionSummary: { styleOverrides: { root: insetRing } },
      MuiAppBar: {
        styleOverrides: {
          colorPrimary: {
            backgroundColor: brand,
            color: onBrand,
            // Doubled class: the rule must outweigh the buttons' own ring, inserted after it.
            '&& .Mui-focusVisible, && :focus-visible': { outlineColor: onBrand },
          },
        },
      },
      MuiTableSortLabel: {
        styleOverrides: { root: { minHeight: MIN_TARGET_PX, minWidth: MIN_TARGET_PX, justifyContent: 'center' } },
      },
      MuiBreadcrumbs: {
        styleOverrides: {
          li: { '& > .MuiButtonBase-root': { minHeight: MIN_TARGET_PX, minWidth: MIN_TARGET_PX } },
        },
      },
    },
  });
}
