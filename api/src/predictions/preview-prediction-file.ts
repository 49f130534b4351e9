import fs from 'node:fs';
import type { PredictionPreview, PredictionReading, PreviewEntry, ReadingProblem } from '@og/shared/contracts/prediction-reading';
import { splitPredictionUri } from '@og/shared/contracts/predictions';
import type { SchemeId } from '@og/shared/domain/schemes';
import { cellText } from '../links/crosswalk-file/crosswalk-row.js';
import type { SchemeCodeIndex } from '../schemes/scheme-code-index.js';
import { type CodeTally, codeSchemeProblem } from './prediction-file/code-schemes.js';
import { PredictionFileError } from './prediction-file/prediction-file-error.js';
import { openPredictionFile, type PredictedEntry, readFileStart } from './prediction-file/prediction-file.js';
import { proposeReading } from './prediction-file/prediction-reading.js';

/**
 * `POST /api/predictions/preview`: the column-mapping step's view of a prediction file (issue 28).
 * Only the start of the file is read: its header and first rows give the layout and the reading
 * proposed (or the reading sent is applied), then up to {@link sampledEntries} entries are read as
 * the import will read them, for the first 20 as they will be stored, the scheme most of their
 * codes belong to and what would refuse the file.
 */

const shownEntries = 20;
/** Entries read for the scheme's share and the problems. */
const sampledEntries = 500;
/** Rows read to propose a reading. */
const proposalRows = 200;

export async function previewPredictionFile(
  path: string,
  sent: PredictionReading | null,
  index: SchemeCodeIndex,
  options: { partial?: boolean } = {},
): Promise<PredictionPreview> {
  // Only the start of a longer file was sent: its cut last line is not the file's.
  const lastWholeLine = options.partial ? await cutAtLastLine(path) : null;
  const start = await readFileStart(path, proposalRows);
  const problems: ReadingProblem[] = [];
  let layout: PredictionPreview['layout'] = 'occpast-json';
  let columns: string[] = [];
  let reading: PredictionReading | null = null;
  if (!start.json) {
    columns = start.header;
    const schemeOfCodes = await columnSchemes(start.sample, index);
    const proposal = proposeReading(start.header, start.sample, schemeOfCodes);
    layout = proposal.layout;
    reading = sent ?? proposal.reading;
    if (!reading) {
      problems.push({ line: start.headerLine, column: null, message: 'No column of this file holds codes of our schemes: choose the title column and the code columns.' });
      return { layout, columns, reading: null, scheme: null, schemeShare: null, entries: [], problems };
    }
  }

  const entries: PreviewEntry[] = [];
  const tallies = new Map<string, CodeTally & { scheme: string }>();
  let rows = 0;
  let emptyTitles = 0;
  try {
    const file = await openPredictionFile(path, { reading });
    let read = 0;
    for await (const entry of file.entries) {
      if (entries.length < shownEntries) entries.push(previewOf(entry));
      countCodes(entry, tallies);
      if (++read >= sampledEntries) break;
    }
    ({ rows, emptyTitles } = file.summary());
  } catch (error) {
    if (!(error instanceof PredictionFileError)) throw error;
    // A JSON list (or a quoted cell) left open where the start was cut is not a problem of the file.
    const atCut = lastWholeLine !== null && entries.length > 0 && (error.line === null || error.line >= lastWholeLine);
    if (!atCut) problems.push({ line: error.line, column: columnOf(error.problem), message: error.message });
  }
  if (rows > 0 && emptyTitles === rows) {
    problems.push({ line: null, column: reading?.title ?? null, message: `The title column${reading ? ` ${reading.title}` : ''} is empty in every row read: choose the column that holds the titles.` });
  }

  const { scheme, schemeShare } = await sharedScheme(tallies, index);
  const chosen = reading?.scheme ?? scheme;
  if (chosen) {
    const problem = await codeSchemeProblem([...tallies.values()].filter((tally) => tally.scheme === chosen), chosen, index);
    if (problem) problems.push(problem);
  }
  return { layout, columns, reading, scheme, schemeShare, entries, problems };
}

/** Cuts the file after its last line break (the part line after it is where the sender cut the file); answers the number of its last whole line. */
async function cutAtLastLine(path: string): Promise<number> {
  const bytes = await fs.promises.readFile(path);
  const end = bytes.lastIndexOf(0x0a);
  if (end < 0) return 1;
  await fs.promises.truncate(path, end + 1);
  let lines = 0;
  for (let at = bytes.indexOf(0x0a); at >= 0 && at <= end; at = bytes.indexOf(0x0a, at + 1)) lines++;
  return lines;
}

function previewOf(entry: PredictedEntry): PreviewEntry {
  return {
    line: entry.line,
    string: entry.string,
    predictions: entry.predictions.map(({ uris, conf }) => ({ uris, conf })),
    language: entry.language ?? null,
    context: entry.context ?? {},
  };
}

function countCodes(entry: PredictedEntry, tallies: Map<string, CodeTally & { scheme: string }>): void {
  for (const prediction of entry.predictions) {
    for (const [place, uri] of prediction.uris.entries()) {
      const { scheme, code } = splitPredictionUri(uri);
      const known = tallies.get(uri);
      if (known) known.count++;
      else tallies.set(uri, { scheme, code, written: prediction.written?.[place], count: 1, line: entry.line, column: prediction.column ?? null });
    }
  }
}

/** The scheme most of the sampled codes (by distinct code) are codes of, and its share of them. */
async function sharedScheme(tallies: ReadonlyMap<string, CodeTally>, index: SchemeCodeIndex): Promise<{ scheme: SchemeId | null; schemeShare: number | null }> {
  const codes = [...new Set([...tallies.values()].map((tally) => tally.code))];
  if (!codes.length) return { scheme: null, schemeShare: null };
  const matches = await index.countMatches(codes);
  const best = [...matches.schemes].sort((a, b) => b.matches - a.matches)[0];
  if (!best || best.matches === 0) return { scheme: null, schemeShare: 0 };
  return { scheme: best.scheme, schemeShare: best.matches / matches.sampled };
}

/**
 * For proposing code columns of a table of no known layout: the scheme most of a column's sampled
 * values are codes of, when at least half of them are.
 */
async function columnSchemes(sample: readonly { cells: string[] }[], index: SchemeCodeIndex): Promise<(codes: string[]) => SchemeId | null> {
  const values = [...new Set(sample.flatMap((row) => row.cells.map((_, column) => cellText(row.cells, column))).filter((value) => value !== '' && value.length <= 20))];
  const schemesOf = await index.schemesOf(values);
  return (codes) => {
    const counts = new Map<SchemeId, number>();
    for (const code of codes) for (const scheme of schemesOf.get(code) ?? []) counts.set(scheme, (counts.get(scheme) ?? 0) + 1);
    const [scheme, count] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [null, 0];
    return scheme && count * 2 >= codes.length ? scheme : null;
  };
}

/** The column a reader's problem names (`column prob_1: …`), for the preview to point at. */
function columnOf(problem: string): string | null {
  return /^column (.+?): /.exec(problem)?.[1] ?? null;
}
