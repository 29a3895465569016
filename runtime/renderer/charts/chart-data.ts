/** The data of a chart as the aggregate calls answer it (api/operations/category-registers.ts ChartData). */
export interface ChartData {
  /** The categories: weeks, score buckets, rating bands, category pages. */
  labels: string[];
  /** One series of values per label each (a form's entries per week, say). */
  series: Array<{ label: string; values: number[] }>;
}

/** The chart types of the register's `charts` keyword (schemas/meta/register.schema.json). */
export type ChartKind = 'bar' | 'stackedBar' | 'line' | 'pie' | 'doughnut';

/** True for a well-formed ChartData (an answer's field is read as one only then). */
export function isChartData(value: unknown): value is ChartData {
  if (!value || typeof value !== 'object') return false;
  const { labels, series } = value as Partial<ChartData>;
  return (
    Array.isArray(labels) &&
    Array.isArray(series) &&
    series.every((s) => s && typeof s.label === 'string' && Array.isArray(s.values))
  );
}

/** A file name for a chart's PNG: its title, without characters no file system accepts. */
export function pngFileName(title: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is being replaced
  return `${title.replace(/[\\/:*?"<>|\u0000-\u001f\u007f]/g, '_').trim() || 'chart'}.png`;
}
