import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { normaliseTitle } from '@og/shared/domain/title-norm';
import { isSchemeId, type SchemeId } from '@og/shared/domain/schemes';
import type { JobInput, JobProgressOf, JobResult } from '@og/shared/jobs/job-kinds';
import type { Database } from '@og/api/db/database';
import { dropLeftoverPredictionTables, findPredictionSet } from '@og/api/db/queries/prediction-sets';
import type { SchemeContext } from '@og/api/schemes/scheme-context';
import { TableCopy } from '../dataset-ingest/table-copy.js';
import { findCode, schemeCodes, type SchemeCodes } from '../scheme-codes/scheme-codes.js';
import { openPredictionFile, type PredictedEntry } from '@og/api/predictions/prediction-file/prediction-file';
import {
  attachPredictionPartition,
  copyField,
  createPredictionStaging,
  groupPredictionsIntoPartition,
  indexPredictionPartition,
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

/** COPY text is handed to Postgres in pieces of about this many characters. */
const copyPieceLength = 256 * 1024;
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
    const value = findCode(this.schemes, scheme, await codes, code, this.schemes.iris.code(scheme, code));
    return value === null ? null : `${scheme}:${value}`;
  }
}

/**
 * One entry's predictions as stored: each URI the scheme's own, one prediction per URI list with
 * its highest confidence, most confident first (ties in the file's order).
 */
async function entryPredictions(written: PredictedEntry['predictions'], matcher: UriMatcher): Promise<PredictedEntry['predictions']> {
  const byUris = new Map<string, { uris: string[]; conf: number; rank: number }>();
  for (const [rank, prediction] of written.entries()) {
    const uris: string[] = [];
    for (const uri of prediction.uris) {
      const canonical = matcher.canonical(uri);
      uris.push(typeof canonical === 'string' ? canonical : await canonical);
    }
    const key = JSON.stringify(uris);
    const known = byUris.get(key);
    if (!known) byUris.set(key, { uris, conf: prediction.conf, rank });
    else if (prediction.conf > known.conf) known.conf = prediction.conf;
  }
  return [...byUris.values()].sort((a, b) => b.conf - a.conf || a.rank - b.rank).map(({ uris, conf }) => ({ uris, conf }));
}

/**
 * `predictions.import`: reads the stored prediction file into its set's entries. Every prediction
 * of the file is copied into a staging table as it is read; Postgres then merges identical strings
 * (per URI list the highest confidence), joins a dataset's totals, and the set's partition is
 * indexed and attached at once, with the set's counts. A file that cannot be read throws before
 * anything is visible; a retry starts from clean tables.
 */
export async function importPredictions(
  deps: { schemes: SchemeContext; db: Database },
  input: JobInput<'predictions.import'>,
  context: { report: (progress: ImportProgress) => Promise<void>; signal: AbortSignal },
): Promise<JobResult<'predictions.import'>> {
  const { db } = deps;
  const set = await findPredictionSet(db, input.predictionSetId);
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
  let copy: TableCopy | null = null;
  // Long statements (grouping, indexing) say they are still at it, every half second.
  const heartbeat = setInterval(() => void context.report(latest).catch(() => undefined), heartbeatMs);
  try {
    await setImportMemory(client);
    copy = new TableCopy(client, await createPredictionStaging(client, set.id));
    const matcher = new UriMatcher(deps.schemes);
    const file = await openPredictionFile(input.path, {
      signal: context.signal,
      onBytes: (done, total) => void report({ phase: 'reading', done, total, unit: 'bytes' }),
    });
    let pending = '';
    let position = 0;
    for await (const entry of file.entries) {
      position++;
      const predictions = await entryPredictions(entry.predictions, matcher);
      const best = predictions.length ? predictions[0]!.conf : 0;
      pending += `${position}\t${copyField(entry.string)}\t${copyField(normaliseTitle(entry.string))}\t${copyField(JSON.stringify(predictions))}\t${best}\n`;
      if (pending.length >= copyPieceLength) {
        copy.write(Buffer.from(pending, 'utf8'));
        pending = '';
        await copy.drained();
      }
    }
    if (pending) copy.write(Buffer.from(pending, 'utf8'));
    await copy.end();
    const summary = file.summary();
    phaseDone('reading');

    await report({ phase: 'grouping', done: 0, total: null, unit: 'entries', message: 'Merging identical strings' }, true);
    const entries = await groupPredictionsIntoPartition(client, set.id, { datasetId: set.dataset_id, unknownUris: [...matcher.unknown] });
    phaseDone('grouping');
    await report({ phase: 'indexing', done: entries, total: entries, unit: 'entries', message: 'Indexing the entries for review' }, true);
    await indexPredictionPartition(client, db, set.id);
    phaseDone('indexing');
    const result: JobResult<'predictions.import'> = {
      format: summary.format,
      rows: summary.rows,
      entries,
      emptyTitles: summary.emptyTitles,
      unknownCodes: matcher.unknownCount,
      ignoredColumns: summary.ignoredColumns,
      bytes,
    };
    const attached = await attachPredictionPartition(client, set.id, { entries, format: summary.format, stats: { ...result } });
    if (!attached) throw new PredictionSetGoneError();
    phaseDone('attaching');
    result.phaseSeconds = phaseSeconds;
    await report({ phase: 'done', done: entries, total: entries, unit: 'entries' }, true);
    return result;
  } catch (error) {
    await copy?.abort();
    await dropLeftoverPredictionTables(client, set.id).catch(() => undefined);
    throw error;
  } finally {
    clearInterval(heartbeat);
    await resetImportMemory(client).catch(() => undefined);
    client.release();
  }
}
