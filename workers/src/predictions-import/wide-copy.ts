import fs from 'node:fs';
import type { PredictionFileSummary } from '@og/api/predictions/prediction-file/prediction-file';
import type { EntryCopies, EntryFields } from './entry-copies.js';
import { type CodeMatcher, type WideLayout, WideRows } from './wide-csv.js';

/**
 * The file is read in pieces of this size: a piece takes a few milliseconds of the event loop
 * (the first ones, before the reader's code is compiled, ten times that).
 */
const pieceBytes = 64 * 1024;

export interface CopiedWideFile {
  summary: PredictionFileSummary;
  unknownCodes: number;
}

/**
 * Reads a wide OccCANINE CSV with the wide reader (wide-csv.ts) into `copies`, piece by piece,
 * waiting for Postgres whenever a COPY has as much as it may queue. Answers null as soon as the
 * file is one the JavaScript reader must read (what was copied is then to be thrown away).
 */
export async function copyWideOccCanine(
  path: string,
  layout: WideLayout,
  matcher: CodeMatcher,
  copies: EntryCopies,
  options: { signal: AbortSignal; onBytes: (done: number, total: number) => void },
): Promise<CopiedWideFile | null> {
  const { size } = await fs.promises.stat(path);
  const rows = new WideRows(layout, matcher);
  // A byte that is not UTF-8 stops the wide reader: the JavaScript reader decodes such a file its own way.
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let pieceHandedOn = false;
  const onEntry = (entry: EntryFields) => {
    if (copies.add(entry)) pieceHandedOn = true;
  };
  let done = 0;
  try {
    for await (const piece of fs.createReadStream(path, { highWaterMark: pieceBytes, signal: options.signal }) as AsyncIterable<Buffer>) {
      if (!(await rows.readPiece(decoder.decode(piece, { stream: true }), false, onEntry))) return null;
      done += piece.length;
      options.onBytes(done, size);
      if (pieceHandedOn) {
        pieceHandedOn = false;
        await copies.drained();
      }
    }
    if (!(await rows.readPiece(decoder.decode(), true, onEntry)) || !rows.end()) return null;
  } catch (error) {
    if (error instanceof TypeError && (error as { code?: string }).code === 'ERR_ENCODING_INVALID_ENCODED_DATA') return null;
    throw error;
  }
  return { summary: { format: 'occcanine-wide', rows: rows.rows, emptyTitles: rows.emptyTitles, ignoredColumns: layout.ignoredColumns }, unknownCodes: rows.unknownCodes };
}
