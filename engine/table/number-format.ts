/**
 * Number display of the data table (administration-data.md §9): Angular's digits info
 * `minInteger.minFraction-maxFraction` in en-US (grouping commas), e.g. footer totals '1.2-2'
 * (1234.5 → '1,234.50') and percentages '1.0-2' (12.345 → '12.35').
 */

/** Footer total format (§9 "Footer total format 1.2-2 with en-us"). */
export const TOTAL_DIGITS = '1.2-2';
/** Percentage display (§9 "Percentage display 1.0-2 decimals"). */
export const PERCENTAGE_DIGITS = '1.0-2';

const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(digits: string, currency?: string): Intl.NumberFormat {
  const key = `${digits} ${currency ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    const match = /^(\d+)\.(\d+)-(\d+)$/.exec(digits);
    if (!match) throw new Error(`Not a digits info: ${digits}`);
    const [minInteger, minFraction, maxFraction] = match.slice(1).map(Number);
    format = new Intl.NumberFormat('en-US', {
      minimumIntegerDigits: Math.max(1, minInteger),
      minimumFractionDigits: Math.min(minFraction, maxFraction),
      maximumFractionDigits: Math.max(minFraction, maxFraction),
      ...(currency ? { style: 'currency', currency } : {}),
    });
    formats.set(key, format);
  }
  return format;
}

/**
 * A number as text by digits info, en-US.
 * @param digits e.g. '1.0-2'
 * @param currency an ISO 4217 code shows the currency's symbol (e.g. 'EUR' → '€1,234.50')
 * @throws Error for a digits info that is not `n.n-n`
 */
export function formatDigits(value: number, digits: string, currency?: string): string {
  return numberFormat(digits, currency).format(value);
}

/** A value as a number: numbers as they are, numeric strings parsed, anything else undefined. */
export function asNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const number = Number(value);
    return Number.isFinite(number) ? number : undefined;
  }
  return undefined;
}
