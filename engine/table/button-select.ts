/**
 * The ButtonSelect cell (administration-data.md §4 "A button-select cell cycles through its option list
 * and wraps round").
 */

/**
 * The value after `current` in `options`: the next one, the first after the last, and the first when
 * `current` is not an option (an empty cell).
 * @returns undefined when there are no options
 */
export function nextOption<T>(options: readonly T[], current: unknown): T | undefined {
  if (options.length === 0) return undefined;
  const index = options.indexOf(current as T);
  return options[(index + 1) % options.length];
}
