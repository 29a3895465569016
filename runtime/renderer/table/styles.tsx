/**
 * The looks of the data table's inputs, as one set of class rules for the whole page: a page of 1,000
 * editable rows renders native inputs with a class name instead of 12,000 styled MUI inputs (each an
 * emotion style resolution), which is what keeps its first render and its edits fast (docs/performance.md
 * "The data table"). Colours come from the MUI theme.
 */
import GlobalStyles from '@mui/material/GlobalStyles';
import type { Theme } from '@mui/material/styles';

const styles = (theme: Theme) => ({
  '.dt-input': {
    font: 'inherit',
    color: 'inherit',
    width: '100%',
    boxSizing: 'border-box' as const,
    border: 'none',
    borderBottom: `1px solid ${theme.palette.divider}`,
    background: 'transparent',
    padding: '2px 0',
  },
  '.dt-input:focus': { outline: 'none', borderBottom: `2px solid ${theme.palette.primary.main}` },
  '.dt-input[aria-invalid="true"]': { borderBottomColor: theme.palette.error.main },
  '.dt-number': { textAlign: 'right' as const },
  '.dt-problem': { color: theme.palette.error.main, fontSize: '0.75rem' },
  '.dt-button': {
    font: 'inherit',
    fontSize: '0.8125rem',
    padding: '2px 8px',
    minWidth: 60,
    border: `1px solid ${theme.palette.primary.main}`,
    borderRadius: 4,
    background: 'transparent',
    color: theme.palette.primary.main,
    cursor: 'pointer',
  },
  '.dt-button:disabled': {
    color: theme.palette.text.disabled,
    borderColor: theme.palette.action.disabled,
    cursor: 'default',
  },
  '.dt-check': { width: 18, height: 18, margin: 0, accentColor: theme.palette.primary.main, cursor: 'pointer' },
  '.dt-check:disabled': { cursor: 'default' },
});

/** The class rules of the table's inputs; render once per table (emotion inserts them once a page). */
export function DataTableStyles() {
  return <GlobalStyles styles={styles} />;
}
