/**
 * The `charts` keyword of register documents (schemas/meta/register.schema.json; issue 24 §6): cards above the
 * table, one per item, each with its title, a chart (./ChartCanvas, chart.js loaded on demand by React.lazy:
 * not in the main bundle), a "Show table" toggle revealing a table of the same numbers with a caption (the
 * table view, for screen readers and for reading the figures; the canvas's accessible name says it is there),
 * and "Download PNG" (the chart's image, chart.js toBase64Image).
 *
 * The data come from the keyword's `call`, asked again whenever the register's filters or search change (sent
 * as the body with `withQuery`), or from the rows' answer when there is no call. The server counts (the
 * aggregate calls, docs/entries.md): the browser never reads the rows to draw a chart. An item whose field is
 * missing or null (a category without scored forms has no score charts) is not shown; one with nothing counted
 * says so.
 */
import DownloadIcon from '@mui/icons-material/Download';
import TableChartIcon from '@mui/icons-material/TableChartOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Chart as ChartJS } from 'chart.js';
import { Component, lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react';
import { type MessageId, message } from '../../../engine/messages/catalogue';
import { callOperation, errorText } from '../../api/client';
import type { RegisterDocument } from '../documents';
import { resolveCall, type Scope } from '../templates';
import { type ChartData, type ChartKind, isChartData, pngFileName } from './chart-data';

const ChartCanvas = lazy(() => import('./ChartCanvas'));

/** The keyword as the register document gives it. */
export type ChartsSpec = NonNullable<RegisterDocument['charts']>;
type ChartItem = ChartsSpec['items'][number];

export interface ChartsProps {
  spec: ChartsSpec;
  /** The route and screen values templates read. */
  scope: Scope;
  /** The register's filters and search (sent with `withQuery`; a change asks the call again). */
  query: Record<string, unknown>;
  /** The rows' answer without its rows: the data when the keyword has no call. */
  answer: Record<string, unknown>;
}

/** Saves a data URL as a file. */
function saveDataUrl(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/** The numbers of a chart as a table: a row per label, a column per series, with a caption. */
export function ChartTable({ title, labelHeader, data }: { title: string; labelHeader: string; data: ChartData }) {
  return (
    <Table size="small" sx={{ mt: 1, captionSide: 'top', '& caption': { px: 0, pt: 0 } }}>
      <caption>{message('categoryRegisters.tableCaption', { title })}</caption>
      <TableHead>
        <TableRow>
          <TableCell component="th" scope="col">
            {labelHeader}
          </TableCell>
          {data.series.map((s) => (
            <TableCell key={s.label} component="th" scope="col" align="right">
              {s.label}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {data.labels.map((label, i) => (
          <TableRow key={label}>
            <TableCell component="th" scope="row">
              {label}
            </TableCell>
            {data.series.map((s) => (
              <TableCell key={s.label} align="right">
                {s.values[i] ?? 0}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * A chart that cannot be drawn (a browser without a 2D canvas, a chart.js failure) says so in its card, its
 * numbers still in the table view, rather than taking the register page down with it.
 */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? (
      <Typography color="text.secondary" sx={{ py: 2 }}>
        {message('categoryRegisters.chartFailed')}
      </Typography>
    ) : (
      this.props.children
    );
  }
}

/** One chart's card; see the module comment. */
function ChartCard({ item, data }: { item: ChartItem; data: ChartData }) {
  const title = message(item.title as MessageId);
  const titleId = useId();
  const chartRef = useRef<ChartJS | null>(null);
  const [showTable, setShowTable] = useState(false);
  // Nothing counted (no label, or every count 0: e.g. no entry scored yet) is said in words, not drawn.
  const empty = data.labels.length === 0 || data.series.every((s) => s.values.every((v) => !v));
  const downloadPng = () => {
    const chart = chartRef.current;
    if (chart) saveDataUrl(chart.toBase64Image('image/png', 1), pngFileName(title));
  };
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      data-chart={item.id}
      sx={{ p: 2, minWidth: 0 }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={titleId} variant="subtitle1" component="h2">
          {title}
        </Typography>
        {!empty && (
          <Stack direction="row" gap={0.5}>
            <Button
              size="small"
              startIcon={<TableChartIcon />}
              aria-pressed={showTable}
              onClick={() => setShowTable((shown) => !shown)}
            >
              {message(showTable ? 'categoryRegisters.showChart' : 'categoryRegisters.showTable')}
            </Button>
            <Button size="small" startIcon={<DownloadIcon />} onClick={downloadPng}>
              {message('categoryRegisters.downloadPng')}
            </Button>
          </Stack>
        )}
      </Stack>
      {empty ? (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {message('categoryRegisters.noChartData')}
        </Typography>
      ) : (
        <>
          <Box sx={{ position: 'relative', height: 220, mt: 1, display: showTable ? 'none' : 'block' }}>
            <Suspense
              fallback={
                // A skeleton is a span, which may not carry a name: the loading text is a status of its own.
                <Box role="status" aria-label={message('categoryRegisters.chartLoading')}>
                  <Skeleton variant="rectangular" height={220} />
                </Box>
              }
            >
              <ChartBoundary>
                <ChartCanvas
                  kind={item.type as ChartKind}
                  data={data}
                  label={message('categoryRegisters.chartLabel', { title })}
                  chartRef={chartRef}
                />
              </ChartBoundary>
            </Suspense>
          </Box>
          {showTable && (
            <ChartTable
              title={title}
              labelHeader={item.labelHeader ? message(item.labelHeader as MessageId) : title}
              data={data}
            />
          )}
        </>
      )}
    </Paper>
  );
}

/** The register's charts; see the module comment. */
export function Charts({ spec, scope, query, answer }: ChartsProps) {
  const [fetched, setFetched] = useState<Record<string, unknown> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const body = spec.withQuery ? JSON.stringify(query) : '';

  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again when the filters (the body's text) change
  useEffect(() => {
    if (!spec.call) return;
    const controller = new AbortController();
    const { params, body: callBody, query: callQuery } = resolveCall(spec.call, scope);
    callOperation<Record<string, unknown>>(spec.call.operation, {
      params,
      query: callQuery,
      body: spec.withQuery ? { ...query, ...callBody } : callBody,
      signal: controller.signal,
    })
      .then((data) => {
        setFetched(data ?? {});
        setError(null);
      })
      .catch((e: unknown) => {
        if (!controller.signal.aborted) setError(errorText(e));
      });
    return () => controller.abort();
  }, [spec.call, spec.withQuery, body, scope]);

  const source = spec.call ? fetched : answer;
  if (error) return <Alert severity="error">{error}</Alert>;
  if (!source) return null;
  const shown = spec.items.flatMap((item) => {
    const data = source[item.data];
    return isChartData(data) ? [{ item, data }] : [];
  });
  if (shown.length === 0) return null;
  return (
    <Box
      aria-label={message('categoryRegisters.charts')}
      role="region"
      sx={{ display: 'grid', gap: 2, mb: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(300px, 1fr))' }}
    >
      {shown.map(({ item, data }) => (
        <ChartCard key={item.id} item={item} data={data} />
      ))}
    </Box>
  );
}
