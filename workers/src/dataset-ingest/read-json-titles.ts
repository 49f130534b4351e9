import fs from 'node:fs';
import { InvalidDatasetFileError } from '@og/api/files/dataset-file-error';
import { EventLoopTurns } from '@og/api/lib/event-loop-turns';
import type { RowGroups } from './row-groups.js';
import { nulInTitle, sumTooLarge, tableFull } from './title-groups.js';
import { nulProblem, titleProblem } from './title-limits.js';
import { parseWholeNumber, totalsCellProblem } from './totals-values.js';

/**
 * Reads the rows of the JSON form of an upload into title groups. The API stores `data` as JSON
 * lines, one `{"title","code","totals"}` per line, `totals` in the order of the metadata's
 * totals columns (numbers, or strings read like CSV cells). Messages name the row of `data` (1-based).
 * Read in turns of the event loop (api/src/lib/event-loop-turns.ts).
 */
export async function readJsonTitles(
  path: string,
  totalsColumns: string[],
  groups: RowGroups,
  afterPiece: (rows: number, bytesRead: number) => Promise<void>,
): Promise<number> {
  const values = new Float64Array(totalsColumns.length);
  let rowCount = 0;
  let pending = '';
  /** Counts the row of the line; false (the row not counted) when the groups are full. */
  const readLine = (line: string): boolean => {
    if (!line.trim()) return true;
    const at = rowCount + 1;
    const fail = (problem: string) => new InvalidDatasetFileError(`Row ${at} of data: ${problem}`);
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw fail('it is not valid JSON.');
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw fail('it is not an object.');
    const row = value as { title?: unknown; code?: unknown; totals?: unknown };
    const title = textOf(row.title);
    const code = textOf(row.code);
    if (title === null || code === null) throw fail('title and code must be strings.');
    const problem = titleProblem(title, code);
    if (problem) throw fail(problem);
    const totals = row.totals ?? [];
    if (!Array.isArray(totals)) throw fail('totals must be a list.');
    if (totals.length !== totalsColumns.length) {
      throw fail(`it has ${totals.length} totals; the dataset has ${totalsColumns.length} totals column${totalsColumns.length === 1 ? '' : 's'}.`);
    }
    for (let column = 0; column < totals.length; column++) {
      const cell: unknown = totals[column];
      const parsed = typeof cell === 'number' ? (Number.isInteger(cell) ? cell : null) : typeof cell === 'string' ? parseWholeNumber(cell) : null;
      if (parsed === null || !Number.isSafeInteger(parsed)) {
        throw fail(totalsCellProblem(typeof cell === 'string' ? cell : String(JSON.stringify(cell)), totalsColumns[column]!, parsed));
      }
      values[column] = parsed;
    }
    const slot = groups.addText(title, code, values);
    if (slot === tableFull) return false;
    if (slot === nulInTitle) throw fail(nulProblem);
    if (slot === sumTooLarge) throw fail('the totals of this title add up past 2^53, more than can be summed exactly.');
    rowCount++;
    return true;
  };

  const turns = new EventLoopTurns();
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let bytesRead = 0;
  for await (const chunk of fs.createReadStream(path, { highWaterMark: 1024 * 1024 }) as AsyncIterable<Buffer>) {
    bytesRead += chunk.length;
    let text: string;
    try {
      text = decoder.decode(chunk, { stream: true });
    } catch {
      throw new InvalidDatasetFileError('The upload is not valid UTF-8.');
    }
    const input = pending + text;
    let start = 0;
    for (let end = input.indexOf('\n'); end !== -1; end = input.indexOf('\n', start)) {
      const line = input.slice(start, end);
      while (!readLine(line)) await groups.flush();
      start = end + 1;
      if (turns.over) await turns.next();
    }
    pending = input.slice(start);
    await afterPiece(rowCount, bytesRead);
  }
  while (!readLine(pending)) await groups.flush();
  await afterPiece(rowCount, bytesRead);
  if (rowCount === 0) throw new InvalidDatasetFileError('The upload has no rows.');
  return rowCount;
}

/** A title or code: a string trimmed, null and absent as ''. */
function textOf(value: unknown): string | null {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value.trim() : null;
}
