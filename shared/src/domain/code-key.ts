/**
 * The form in which a code written in a file is compared to a scheme's codes, forgiving what real
 * files do to them: spaces around it, another letter case, and a number's spreadsheet damage
 * (HISCO's `01110` read as the number `1110`, or written out as `75145.0`). Two codes with the same
 * key are taken for the same code; the exact code string is still the first thing compared.
 */
export function codeKey(code: string): string {
  const trimmed = code.trim().toLowerCase();
  const number = /^(-?)0*(\d+?)(?:\.0+)?$/.exec(trimmed);
  return number ? `${number[1]}${number[2]}` : trimmed;
}
