import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { normaliseTitle } from '@og/shared/domain/title-norm';
import { isSchemeId, type SchemeId } from '@og/shared/domain/schemes';
import type { JobInput, JobProgressOf, JobResult } from '@og/shared/jobs/job-kinds';
import type { Database } from '@og/api/db/database';
import { dropLeftoverPredictionTables, findPredictionSet, type PredictionSetRow } from '@og/api/db/queries/prediction-sets';
import type { SchemeContext } from '@og/api/schemes/scheme-context';
import { type CopiedWideFile, copyWideOccCanine } from './wide-copy.js';
import { wideLayout } from './wide-csv.js';
import { EntryCopies } from './entry-copies.js';
import { findCode, schemeCodes, type SchemeCodes } from '../scheme-codes/scheme-codes.js';
import { openPredictionFile, type PredictedEntry, type PredictionFileSummary } from '@og/api/predictions/prediction-file/prediction-file';
import { type CodeTally, codeSchemeProblem } from '@og/api/predictions/prediction-file/code-schemes';
import { PredictionFileError } from '@og/api/predictions/prediction-file/prediction-file-error';
import { SchemeCodeIndex } from '@og/api/schemes/scheme-code-index';
import { copyField, copyTextArray } from '@og/api/db/copy-text';
import { bestConfidence, languageContextKey, type PredictionReading, readingConfidences } from '@og/shared/contracts/prediction-reading';
import { splitPredictionUri } from '@og/shared/contracts/predictions';
import {
  attachPredictionPartition,
  buildRemainingIndexes,
  createPredictionPartition,
  createPredictionStaging,
  emptyImportTables,
  groupPredictionsIntoPartition,
  indexPredictionPartition,
  mergeStagedEntries,
  resetImportMemory,
  setImportMemory,
} from './prediction-import-queries.js';

/** The set is gone (deleted while it was imported): nothing is left to fill. */
export class PredictionSetGoneError extends Error {
  constructor() {
    super('The prediction set was deleted while it was imported.');
    this.name = 'PredictionSetGoneError';
  }
}

/** A progress report of the import, in one of `predictions.import`'s phases (a prediction run's import reports them too). */
type ImportProgress = JobProgressOf<'predictions.import'>;

/** DESIGN §5: progress at least once a second, in every phase (reported every half second to keep that with room). */
const heartbeatMs = 500;

/**
 * The codes a file names, matched to their schemes' codes once per distinct URI: written as the
 * scheme writes it, or as spreadsheets damage it (`hisco:1110`), each URI becomes the code's own
 * (`hisco:01110`); a URI whose scheme has no such code stays as written and is counted unknown.
 */
class UriMatcher {
  private readonly codes = new Map<SchemeId, Promise<SchemeCodes>>();
  private readonly matched = new Map<string, string | null>();
  readonly unknown = new Set<string>();
  unknownCount = 0;

  constructor(private readonly schemes: SchemeContext) {}

  /** The code's own URI, at once when the URI was met before (nearly always: a file names few distinct codes). */
  canonical(uri: string): string | Promise<string> {
    const known = this.matched.get(uri);
    if (known === undefined) return this.match(uri).then((matched) => this.remember(uri, matched));
    return this.remember(uri, known);
  }

  private remember(uri: string, known: string | null): string {
    this.matched.set(uri, known);
    if (known !== null) return known;
    this.unknown.add(uri);
    this.unknownCount++;
    return uri;
  }

  private async match(uri: string): Promise<string | null> {
    const colon = uri.indexOf(':');
    const scheme = uri.slice(0, colon);
    const code = uri.slice(colon + 1);
    if (!isSchemeId(scheme)) return null;
    let codes = this.codes.get(scheme);
    if (!codes) {
      codes = schemeCodes(this.schemes, scheme);
      this.codes.set(scheme, codes);
    }
    const value = findCode(this.schemes.iris, scheme, await codes, code, this.schemes.iris.code(scheme, code));
    return value === null ? null : `${scheme}:${value}`;
  }
}

/**
 * One entry's predictions as stored: each URI the scheme's own, one prediction per URI list with
 * its highest confidence, most confident first (ties in the file's order).
 */
async function entryPredictions(written: PredictedEntry['predictions'], matcher: UriMatcher): Promise<PredictedEntry['predictions']> {
  const byUris = new Map<string, { uris: string[]; conf: number | null; rank: number }>();
  for (const [rank, prediction] of written.entries()) {
    const uris: string[] = [];
    for (const uri of prediction.uris) {
      const canonical = matcher.canonical(uri);
      uris.push(typeof canonical === 'string' ? canonical : await canonical);
    }
    const key = JSON.stringify(uris);
    const known = byUris.get(key);
    if (!known) byUris.set(key, { uris, conf: prediction.conf, rank });
    else if (prediction.conf !== null && (known.conf === null || prediction.conf > known.conf)) known.conf = prediction.conf;
  }
  // Without a confidence a prediction ranks after those with one (as `NULLS LAST` in the grouping).
  const rankOf = (conf: number | null) => conf ?? -Infinity;
  return [...byUris.values()].sort((a, b) => rankOf(b.conf) - rankOf(a.conf) || a.rank - b.rank).map(({ uris, conf }) => ({ uris, conf }));
}

/** The URIs of an entry's predictions its scheme lacks, distinct, in code-unit order. */
function unknownUris(predictions: PredictedEntry['predictions'], unknown: ReadonlySet<string>): string[] {
  if (!unknown.size) return [];
  return [...new Set(predictions.flatMap((prediction) => prediction.uris.filter((uri) => unknown.has(uri))))].sort();
}

/** What an entry keeps of its rows besides title and codes: its kept columns' values and its language. */
function storedContext(entry: PredictedEntry): Record<string, string> | null {
  if (!entry.context && !entry.language) return null;
  return { ...entry.context, ...(entry.language ? { [languageContextKey]: entry.language } : {}) };
}

/** The codes a file read by a reading names, per scheme, with how often and where first each is met, for {@link codeSchemeProblem}. */
class CodeTallies {
  private readonly byScheme = new Map<string, Map<string, CodeTally>>();

  count(entry: PredictedEntry): void {
    for (const prediction of entry.predictions) {
      for (const [place, uri] of prediction.uris.entries()) {
        const { scheme, code } = splitPredictionUri(uri);
        let codes = this.byScheme.get(scheme);
        if (!codes) this.byScheme.set(scheme, (codes = new Map()));
        const known = codes.get(code);
        if (known) known.count++;
        else codes.set(code, { code, written: prediction.written?.[place], count: 1, line: entry.line, column: prediction.column ?? null });
      }
    }
  }

  /** Fails the file when its codes are not its scheme's, or mix two schemes. */
  async check(index: SchemeCodeIndex): Promise<void> {
    for (const [scheme, codes] of this.byScheme) {
      if (!isSchemeId(scheme)) continue;
      const problem = await codeSchemeProblem([...codes.values()], scheme, index);
      if (problem) throw new PredictionFileError(null, problem.message);
    }
  }
}

/**
 * `predictions.import`: reads the stored prediction file into its set's entries. A wide OccCANINE
 * CSV is read by the wide reader (wide-csv.ts), any other file by the JavaScript reader, every
 * entry copied as it is read (entry-copies.ts): for a set of no dataset whose file keeps no
 * columns, straight into the set's partition, the titles met before staged and merged once the
 * partition is indexed for review; for any other set, into the staging table, which Postgres then
 * groups into the partition (identical strings merged, per URI list the highest confidence, a
 * dataset's totals joined). The partition gets the indexes its review needs and is attached, with
 * the set's counts, as ready. With `indexesAfterReady` the other indexes are built after, while
 * the set is reviewed (it says 'indexing'); without, all before. A file that cannot be read throws
 * before anything is visible; a retry starts from clean tables, or only finishes the indexes of a
 * ready set.
 */
export async function importPredictions(
  deps: { schemes: SchemeContext; db: Database },
  input: JobInput<'predictions.import'>,
  context: { report: (progress: ImportProgress) => Promise<void>; signal: AbortSignal },
  options: { indexesAfterReady?: boolean } = {},
): Promise<JobResult<'predictions.import'>> {
  const { db } = deps;
  const set = await findPredictionSet(db, input.predictionSetId);
  // A retry of an attempt killed after the set was ready: only its other indexes are left to build.
  if (set?.state === 'ready' && set.indexing) return finishIndexes(db, set, context.report, {});
  if (!set || set.state !== 'importing') {
    // A killed attempt may have left its tables, which no one else drops (a delete leaves them to the running import).
    await dropLeftoverPredictionTables(db, input.predictionSetId);
    throw new PredictionSetGoneError();
  }
  await dropLeftoverPredictionTables(db, set.id);

  const { size: bytes } = await fs.promises.stat(input.path);
  let latest: ImportProgress = { phase: 'reading', done: 0, total: bytes, unit: 'bytes' };
  let reported = 0;
  const report = (progress: ImportProgress, force = false) => {
    latest = progress;
    if (!force && Date.now() - reported < 250) return Promise.resolve();
    reported = Date.now();
    return context.report(progress);
  };

  const phaseSeconds: Record<string, number> = {};
  let phaseStarted = performance.now();
  const phaseDone = (phase: string) => {
    const now = performance.now();
    phaseSeconds[phase] = Math.round(now - phaseStarted) / 1000;
    phaseStarted = now;
  };
  const client = await db.connect();
  /** Once the set is ready, the reading connection goes back to the pool before the other indexes are built. */
  let released = false;
  let copies: EntryCopies | null = null;
  // Long statements (grouping, indexing) say they are still at it, every half second.
  const heartbeat = setInterval(() => void context.report(latest).catch(() => undefined), heartbeatMs);
  try {
    await setImportMemory(client);
    const stagingCopy = await createPredictionStaging(client, set.id);
    await createPredictionPartition(client, set.id);
    const matcher = new UriMatcher(deps.schemes);
    const onBytes = (done: number, total: number) => void report({ phase: 'reading', done, total, unit: 'bytes' });
    // A set of no dataset whose file keeps no columns has its entries copied straight into its
    // partition; a dataset's (its totals joined) and a reading's (its kept columns counted) are staged and grouped.
    const direct = set.dataset_id === null && !input.reading;
    const openCopies = () => EntryCopies.open(client, db, set.id, { direct, stagingCopy, fileBytes: bytes });
    // A wide OccCANINE CSV is read by the wide reader; any other file, or one the wide reader
    // would read otherwise than papaparse, by the JavaScript reader.
    const layout = input.reading ? null : await wideLayout(input.path);
    let copied: CopiedWideFile | null = null;
    copies = await openCopies();
    if (layout) {
      copied = await copyWideOccCanine(input.path, layout, matcher, copies, { signal: context.signal, onBytes });
      if (!copied) {
        await copies.abort();
        await emptyImportTables(client, set.id);
        copies = await openCopies();
      }
    }
    let read: { summary: PredictionFileSummary; reading: PredictionReading | null; withContext: boolean; unknownCodes: number };
    if (copied) {
      read = { summary: copied.summary, reading: null, withContext: false, unknownCodes: copied.unknownCodes };
    } else {
      const file = await openPredictionFile(input.path, { signal: context.signal, onBytes, reading: input.reading ?? null });
      // A file read by a reading keeps its rows' languages and kept columns, and its codes are checked against its scheme.
      const withContext = file.reading !== null;
      const tallies = withContext ? new CodeTallies() : null;
      for await (const entry of file.entries) {
        tallies?.count(entry);
        const predictions = await entryPredictions(entry.predictions, matcher);
        const kept = withContext ? storedContext(entry) : null;
        const handedOn = copies.add({
          string: entry.string,
          stringCopy: copyField(entry.string),
          normCopy: copyField(normaliseTitle(entry.string)),
          predictionsCopy: copyField(JSON.stringify(predictions)),
          best: bestConfidence(predictions),
          unknownCopy: copyTextArray(unknownUris(predictions, matcher.unknown)),
          contextCopy: kept ? copyField(JSON.stringify(kept)) : '\\N',
        });
        if (handedOn) await copies.drained();
      }
      if (tallies) await tallies.check(new SchemeCodeIndex(deps.schemes.trees));
      read = { summary: file.summary(), reading: file.reading, withContext, unknownCodes: matcher.unknownCount };
    }
    await copies.end();
    const { entries: copiedEntries, staged } = copies;
    const { summary, withContext } = read;
    if (summary.rows > 0 && summary.emptyTitles === summary.rows) {
      const column = read.reading ? ` ${read.reading.title}` : '';
      throw new PredictionFileError(null, `the title column${column} is empty in every row (${summary.rows} rows): choose the column that holds the titles.`);
    }
    phaseDone(copied ? 'reading wide rows' : 'reading');

    const indexesAfterReady = options.indexesAfterReady ?? false;
    let entries: number;
    if (direct) {
      await report({ phase: 'indexing', done: 0, total: copiedEntries - staged, unit: 'entries', message: 'Indexing the entries for review' }, true);
      await indexPredictionPartition(client, db, set.id, { order: set.review_order, all: !indexesAfterReady });
      phaseDone(indexesAfterReady ? 'indexing for review' : 'indexing');
      entries = copiedEntries - staged;
      if (staged) {
        await report({ phase: 'grouping', done: 0, total: null, unit: 'entries', message: 'Merging identical strings' }, true);
        entries = await mergeStagedEntries(client, db, set.id, { copied: copiedEntries - staged, unknownUris: [...matcher.unknown] });
        phaseDone('merging repeated titles');
      }
    } else {
      await report({ phase: 'grouping', done: 0, total: null, unit: 'entries', message: 'Merging identical strings' }, true);
      entries = await groupPredictionsIntoPartition(client, db, set.id, { datasetId: set.dataset_id, unknownUris: [...matcher.unknown], withContext });
      phaseDone('grouping');
      await report({ phase: 'indexing', done: entries, total: entries, unit: 'entries', message: 'Indexing the entries for review' }, true);
      await indexPredictionPartition(client, db, set.id, { order: set.review_order, all: !indexesAfterReady });
      phaseDone(indexesAfterReady ? 'indexing for review' : 'indexing');
    }
    const result: JobResult<'predictions.import'> = {
      format: summary.format,
      rows: summary.rows,
      entries,
      emptyTitles: summary.emptyTitles,
      unknownCodes: read.unknownCodes,
      ignoredColumns: summary.ignoredColumns,
      bytes,
    };
    const attached = await attachPredictionPartition(client, set.id, {
      entries,
      format: summary.format,
      stats: { ...result, confidences: readingConfidences(read.reading), reading: read.reading },
      indexing: indexesAfterReady,
    });
    if (!attached) throw new PredictionSetGoneError();
    phaseDone('attaching');
    if (indexesAfterReady) {
      clearInterval(heartbeat);
      await resetImportMemory(client);
      client.release();
      released = true;
      return await finishIndexes(db, set, report, phaseSeconds, result);
    }
    result.phaseSeconds = phaseSeconds;
    await report({ phase: 'done', done: entries, total: entries, unit: 'entries' }, true);
    return result;
  } catch (error) {
    if (released) throw error;
    await copies?.abort();
    await dropLeftoverPredictionTables(client, set.id).catch(() => undefined);
    throw error;
  } finally {
    clearInterval(heartbeat);
    if (!released) {
      await resetImportMemory(client).catch(() => undefined);
      client.release();
    }
  }
}

/**
 * The last phase of an import whose set is ready already (`indexing`): its other indexes and its
 * search table built while it is reviewed, on a connection of their own, progress reported per
 * index and every half second. A set deleted meanwhile (its partition dropped, or a build
 * cancelled for the delete) ends as {@link PredictionSetGoneError}, its search table dropped.
 * Answers the import's result (on a retry, as its first attempt stored it with the set).
 */
async function finishIndexes(
  db: Database,
  set: PredictionSetRow,
  report: (progress: ImportProgress, force?: boolean) => Promise<void>,
  phaseSeconds: Record<string, number>,
  imported?: JobResult<'predictions.import'>,
): Promise<JobResult<'predictions.import'>> {
  const started = performance.now();
  const result = imported ?? storedResult(set);
  let latest: ImportProgress = { phase: 'indexing', done: 0, total: null, unit: 'indexes', message: 'Ready for review; building its other indexes (search, orders, filters)' };
  const heartbeat = setInterval(() => void report(latest, true).catch(() => undefined), heartbeatMs);
  const client = await db.connect();
  try {
    await setImportMemory(client);
    // Each index's own time too (the time of one kept by a retry is its check's).
    const finished = await buildRemainingIndexes(client, db, set.id, async (built) => {
      phaseSeconds[`indexing after ready: ${built.name}`] = built.seconds;
      latest = { ...latest, done: built.done, total: built.total };
      await report(latest, true);
    });
    if (!finished) throw new PredictionSetGoneError();
  } catch (error) {
    if (error instanceof PredictionSetGoneError) throw error;
    const now = await findPredictionSet(db, set.id).catch(() => set);
    if (!now || now.state !== 'ready') {
      // The delete leaves the search table to the build that holds it.
      await dropLeftoverPredictionTables(db, set.id).catch(() => undefined);
      throw new PredictionSetGoneError();
    }
    throw error;
  } finally {
    clearInterval(heartbeat);
    await resetImportMemory(client).catch(() => undefined);
    client.release();
  }
  phaseSeconds['indexing after ready'] = Math.round(performance.now() - started) / 1000;
  await report({ phase: 'done', done: result.entries, total: result.entries, unit: 'entries' }, true);
  return { ...result, phaseSeconds };
}

/** The import's result as its set keeps it (`stats`), for a retry that only finishes the indexes. */
function storedResult(set: PredictionSetRow): JobResult<'predictions.import'> {
  const stats = set.stats as Partial<JobResult<'predictions.import'>>;
  return {
    format: stats.format ?? set.format ?? 'unknown',
    rows: stats.rows ?? 0,
    entries: stats.entries ?? Number(set.total),
    emptyTitles: stats.emptyTitles ?? 0,
    unknownCodes: stats.unknownCodes ?? 0,
    ignoredColumns: stats.ignoredColumns ?? [],
    bytes: stats.bytes ?? 0,
  };
}
