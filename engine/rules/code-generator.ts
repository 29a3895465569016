/**
 * The code generator's next-code rule (form-configuration.md "Code generator settings form", §3 "Code
 * generator setting", §5 "Code generator"). A code has three parts: part 1 (`start`), the separator,
 * part 3 (`end`). Each part is a Year, a Number or a Text:
 * - Number: the numeric base plus one, keeping leading zeros ('0041' → '0042', '0099' → '0100', '9' → '10');
 *   a base that is not all digits stays as it is (spec: "non-numeric text stays as is");
 * - Year: the current year, four digits;
 * - Text: stays as it is.
 * Next code = next of part 1 + separator character + next of part 3. Pure: `now` is a parameter.
 */

/** The kinds a part can be (spec: Year, Number, Text). */
export type CodePart = 'Year' | 'Number' | 'Text';

/** The separator choices (spec: Backslash (/), Point (.), Dash (-), None (Blank)). */
export type CodeSeparator = 'Backslash' | 'Point' | 'Dash' | 'None';

/** The character each separator choice puts between the parts. */
export const separatorCharacters: Readonly<Record<CodeSeparator, string>> = {
  Backslash: '/',
  Point: '.',
  Dash: '-',
  None: '',
};

/** The fields of a code generator setting the rule reads. */
export interface CodeParts {
  start: CodePart;
  separator: CodeSeparator;
  end: CodePart;
  /** Current value of part 1, e.g. '2026'. */
  baseStart: string;
  /** Current value of part 3, e.g. '0041'. */
  baseEnd: string;
}

/**
 * The next value of one part.
 * @param value the part's current value
 * @param part what kind of part it is
 * @param now the clock, for Year parts
 * @returns the next value (see the module comment)
 */
export function nextPart(value: string, part: CodePart, now: Date = new Date()): string {
  if (part === 'Year') return String(now.getFullYear()).padStart(4, '0');
  if (part === 'Text' || !/^[0-9]+$/.test(value)) return value;
  const next = (BigInt(value) + 1n).toString();
  return next.padStart(value.length, '0');
}

/** The code the parts spell now: baseStart + separator character + baseEnd. */
export function baseCode(parts: CodeParts): string {
  return `${parts.baseStart}${separatorCharacters[parts.separator]}${parts.baseEnd}`;
}

/**
 * The next code: next of part 1 + separator character + next of part 3.
 * @returns `{ code, baseStart, baseEnd }`: the next code and the part values it is made of
 */
export function nextCode(
  parts: CodeParts,
  now: Date = new Date(),
): { code: string; baseStart: string; baseEnd: string } {
  const start = nextPart(parts.baseStart, parts.start, now);
  const end = nextPart(parts.baseEnd, parts.end, now);
  return { code: `${start}${separatorCharacters[parts.separator]}${end}`, baseStart: start, baseEnd: end };
}
