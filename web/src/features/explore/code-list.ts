import { translateCodeLimit } from '@og/shared/contracts/public';
import { codeKey } from '@og/shared/domain/code-key';
import type { CodeRecord } from '@og/shared/contracts/schemes';

/** Whether a string is a code of the scheme being translated from (known once its codes are loaded). */
export type IsCode = (written: string) => boolean;

/**
 * The scheme's codes as people write them: the code string (forgiving case, spaces and a number's
 * lost leading zeros, like the server) or the code's id.
 */
export function codeMatcher(lookup: Readonly<Record<string, CodeRecord>>): IsCode {
  const keys = new Set<string>();
  for (const record of Object.values(lookup)) {
    keys.add(codeKey(record.label));
    keys.add(codeKey(record.value));
  }
  return (written) => keys.has(codeKey(written));
}

/** Separators that never occur inside a code of any scheme: line ends, semicolons and tabs. */
const strongSeparators = /\r\n|[\r\n;\t]/;
/** Separators some codes contain (PST-2's codes are written '1,2,0,0,…'): commas and spaces. */
const weakSeparators = /[\s,]+/;

/**
 * The codes of a pasted list, in order, each once: one per line, or separated by commas,
 * semicolons, spaces or tabs. A piece between line ends, semicolons or tabs that is a code as a
 * whole stays whole even when it contains commas or spaces; otherwise it is split on them too.
 */
export function parseCodeList(text: string, isCode?: IsCode): string[] {
  const codes: string[] = [];
  for (const piece of text.split(strongSeparators)) {
    const trimmed = piece.trim();
    if (trimmed === '') continue;
    if (isCode?.(trimmed)) codes.push(trimmed);
    else codes.push(...trimmed.split(weakSeparators).filter((code) => code !== ''));
  }
  return [...new Set(codes)];
}

/**
 * Whether the first row of a file is a header rather than codes: none of its pieces is a code of
 * the scheme (when its codes are known), or it has no digit in it ('code', 'ESCO occupation').
 */
function isHeader(first: string, isCode: IsCode | undefined): boolean {
  if (!isCode) return !/\d/.test(first);
  return !isCode(first) && !parseCodeList(first).some(isCode);
}

export interface FileCodes {
  codes: string[];
  /** The first row, left out because it is not a code (a header). */
  skippedHeader: string | null;
}

/**
 * The codes of a file's rows (a CSV file's first column, or a text file's lines), each row split
 * like a pasted list; the first row is skipped when it is a header.
 */
export function codesFromRows(rows: readonly string[], isCode?: IsCode): FileCodes {
  const filled = rows.map((row) => row.trim()).filter((row) => row !== '');
  const first = filled[0];
  const skippedHeader = first !== undefined && isHeader(first, isCode) ? first : null;
  const kept = skippedHeader === null ? filled : filled.slice(1);
  return { codes: parseCodeList(kept.join('\n'), isCode), skippedHeader };
}

/** Files 'Translate codes' reads: a plain list, or a table whose first column holds the codes. */
export const codeListFileAccept = '.txt,.csv,text/plain,text/csv';

export function isCodeListFile(name: string): boolean {
  return /\.(txt|csv)$/i.test(name);
}

/** What the form says about the codes it is about to send: too many are refused before sending. */
export function codeCountProblem(count: number): string | null {
  if (count > translateCodeLimit) {
    return `At most ${translateCodeLimit.toLocaleString('en')} codes can be translated at a time; this list has ${count.toLocaleString('en')}.`;
  }
  return null;
}
