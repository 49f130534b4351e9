import { quoteValue } from '@og/api/files/dataset-file-error';

/** Most digits a totals value may have: sums of such values stay exact in a double for a long while. */
const maxTotalsDigits = 15;

/**
 * A totals cell as a whole number: empty or blank is 0; otherwise digits with an optional sign,
 * spaces or tabs (or a stray carriage return) around them allowed. `null` for anything else (decimals, thousands separators,
 * words), `Infinity` for more than {@link maxTotalsDigits} digits. For the JSON form; CSV rows
 * call {@link parseWholeNumberBytes} on their bytes directly.
 */
export function parseWholeNumber(cell: string): number | null {
  const bytes = Buffer.from(cell, 'utf8'); // anything not ASCII becomes bytes ≥ 0x80: not a digit, not blank
  return parseWholeNumberBytes(bytes, 0, bytes.length);
}

/** Space, tab, or a carriage return left over from a line break. */
function isBlank(code: number): boolean {
  return code === 32 || code === 9 || code === 13;
}

/** What is wrong with a cell {@link parseWholeNumber} refused. */
export function totalsCellProblem(cell: string, column: string, parsed: number | null): string {
  return parsed === null
    ? `${quoteValue(cell)} in totals column '${column}' is not a whole number.`
    : `${quoteValue(cell)} in totals column '${column}' is too large (at most ${maxTotalsDigits} digits).`;
}

/** {@link parseWholeNumber} on the bytes `[start, end)` of a cell (ASCII digits mean the same in every encoding read). Hot: one call per cell. */
export function parseWholeNumberBytes(bytes: Uint8Array, start: number, end: number): number | null {
  while (start < end && isBlank(bytes[start]!)) start++;
  while (end > start && isBlank(bytes[end - 1]!)) end--;
  if (start === end) return 0;
  let negative = false;
  const sign = bytes[start];
  if (sign === 45 || sign === 43) {
    negative = sign === 45;
    start++;
    if (start === end) return null;
  }
  let value = 0;
  for (let at = start; at < end; at++) {
    const digit = bytes[at]! - 48;
    if (digit < 0 || digit > 9) return null;
    value = value * 10 + digit;
  }
  if (end - start > maxTotalsDigits) return Number.POSITIVE_INFINITY;
  return negative ? -value : value;
}
