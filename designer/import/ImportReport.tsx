/**
 * An import's (or export's) report (issue 22 §1 "a list of findings ... naming the source element and what became
 * of it"; "The report says how many source elements mapped fully, lossily and not at all"): the counts, then the
 * findings grouped by severity (not mapped, mapped with a loss, notes) with the count of each, every finding with
 * its source path and message. Shown beside the preview in the Import dialog, in the Export dialog, and in the form
 * creator afterwards, where a finding about a question links to it (`onShow`).
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { findingsBySeverity } from '../../engine/import/report-view';
import type { ImportFinding, ImportSummary } from '../../engine/import/types';
import { message } from '../../engine/messages/catalogue';

/** Each group's heading colour (lossy: a dark orange, as MUI's warning.dark is under 4.5:1 on white at 14 px). */
const SEVERITY_COLOUR = { dropped: 'error.main', lossy: '#a14000', info: 'text.secondary' } as const;

/**
 * @param headingId the id of the report's heading (names its region)
 * @param heading the heading's text (default "Import report")
 * @param questionOf the question a finding is about, if any (with `onShow`, the finding gets a Show question button)
 * @param onShow shows the question in the form creator
 */
export function ImportReport(props: {
  report: readonly ImportFinding[];
  summary: ImportSummary;
  headingId: string;
  heading?: string;
  questionOf?: (finding: ImportFinding) => number | undefined;
  onShow?: (questionId: number) => void;
}) {
  const { report, summary, headingId, questionOf, onShow } = props;
  return (
    <Box component="section" aria-labelledby={headingId} data-testid="import-report">
      <Typography id={headingId} variant="subtitle1" component="h2">
        {props.heading ?? message('import.ui.report')}
      </Typography>
      <Typography variant="body2" data-testid="import-summary" sx={{ mb: 1 }}>
        {message('import.ui.summary', summary as unknown as Record<string, number>)}
      </Typography>
      {report.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {message('import.ui.clean')}
        </Typography>
      )}
      {findingsBySeverity(report).map(({ severity, findings }) => (
        <Box key={severity} sx={{ mb: 1.5 }}>
          <Typography variant="subtitle2" component="h3" sx={{ color: SEVERITY_COLOUR[severity] }}>
            {message(`import.ui.severity.${severity}`, { count: findings.length })}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {findings.map((finding, index) => {
              const questionId = onShow ? questionOf?.(finding) : undefined;
              return (
                <Box
                  component="li"
                  // biome-ignore lint/suspicious/noArrayIndexKey: findings have no id; a report never changes
                  key={index}
                  data-testid="import-finding"
                  data-severity={severity}
                  sx={{ mb: 0.5 }}
                >
                  <Typography variant="body2" component="span" sx={{ fontFamily: 'monospace', fontSize: 12 }}>
                    {finding.path}
                  </Typography>
                  <Typography variant="body2">{finding.message}</Typography>
                  {questionId !== undefined && onShow && (
                    <Button
                      size="small"
                      sx={{ px: 0.5, minWidth: 0 }}
                      aria-label={message('import.ui.showQuestionOf', { path: finding.path })}
                      onClick={() => onShow(questionId)}
                    >
                      {message('import.ui.showQuestion')}
                    </Button>
                  )}
                </Box>
              );
            })}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
