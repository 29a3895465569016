/**
 * The answers a migration kept as they were (issue 22 §3, mapping "keep"; the entry's `keptAnswers`): shown
 * read-only under the form of a saved entry, each with its question's label then and "from version N", since the
 * version the entry now uses asks no such question, or asks it differently (another type, an option gone, grid
 * cells moved). The form itself shows the entry's answers of its current version.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { message } from '../../../engine/messages/catalogue';
import type { KeptAnswer } from '../../../engine/types/generated';

/** The text of a kept answer: its values, or a grid's cell values, joined. */
export function keptAnswerText(kept: KeptAnswer): string {
  const values = kept.answer.grid ? kept.answer.grid.cells.map((cell) => cell.value) : kept.answer.answers;
  return values.map((value) => (typeof value === 'boolean' ? (value ? '✓' : '✗') : String(value))).join(', ');
}

/** True for an item holding kept answers (a loaded entry). */
export function hasKeptAnswers(item: unknown): item is { keptAnswers: KeptAnswer[] } {
  const kept = (item as { keptAnswers?: unknown } | undefined)?.keptAnswers;
  return Array.isArray(kept) && kept.length > 0;
}

/** The section; see the module comment. */
export function KeptAnswers({ kept }: { kept: readonly KeptAnswer[] }) {
  const title = message('migration.keptTitle');
  return (
    <Box component="section" aria-label={title} data-testid="kept-answers" sx={{ mb: 2 }}>
      <Typography variant="subtitle1" component="h2" gutterBottom>
        {title}
      </Typography>
      <Box component="dl" sx={{ m: 0 }}>
        {kept.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a question may be kept by several migrations
          <Box key={index} sx={{ mb: 1 }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {item.label} ({message('migration.fromVersion', { version: item.fromVersion })})
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {keptAnswerText(item)}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
