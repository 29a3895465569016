/** Formatting shared by the offline pages: sizes, times, and an answer's value in the conflict dialog. */
import { message } from '../../engine/messages/catalogue';

const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/** `bytes` in the largest unit that keeps it >= 1, e.g. '1.2 MB' (the browser's locale). */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return new Intl.NumberFormat(undefined, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** An ISO date-time as the browser's locale writes it; '' for none. */
export function formatTime(iso: string | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : timeFormat.format(date);
}

/**
 * An answer unit's value as text (engine/offline/merge.ts units: a whole answer, a grid cell, a table row): null
 * or empty is '(no answer)'; a list joins its items; a row lists `name: value` pairs; a file reference its name.
 */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return message('offlineScreens.conflicts.noAnswer');
  if (Array.isArray(value)) {
    const items = value.map((item) => formatValue(item));
    return items.length === 0 ? message('offlineScreens.conflicts.noAnswer') : items.join(', ');
  }
  if (typeof value === 'object') {
    const pairs = Object.entries(value as Record<string, unknown>).filter(
      ([, item]) => item !== null && item !== undefined && item !== '',
    );
    if (pairs.length === 0) return message('offlineScreens.conflicts.noAnswer');
    return pairs.map(([key, item]) => `${key}: ${formatValue(item)}`).join('; ');
  }
  return String(value);
}
