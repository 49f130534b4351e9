import fs from 'node:fs';
import type pg from 'pg';
import { datasetMetadata } from '@og/shared/contracts/datasets';
import type { JobProgressOf } from '@og/shared/jobs/job-kinds';
import type { Database } from '@og/api/db/database';
import { findDatasetToIngest } from '@og/api/db/queries/dataset-ingest';
import { datasetExists } from '@og/api/db/queries/datasets';
import { detectCsvDialect } from '@og/shared/domain/csv-dialect';
import { InvalidDatasetFileError } from '@og/api/files/dataset-file-error';
import {
  analyzePartition,
  attachPartition,
  createLanguagesStagingTable,
  createPartitionTable,
  createStagingTable,
  emptyLanguagesStagingTable,
  dropLeftoverTables,
  dropLeftoverTablesSoon,
  emptyTables,
  indexPartition,
  lockDatasetIngest,
  mergeLatePairs,
  partitionCopyStatement,
} from './dataset-ingest-queries.js';
import { DatasetGoneError, DeletionWatch } from './deletion-watch.js';
import { readCsvTitles, readFilePieces, type TitleColumns } from './read-csv-titles.js';
import { readJsonTitles } from './read-json-titles.js';
import { TitleLanguageTally } from './title-language-tally.js';
import { DatasetRowGroups } from './row-groups.js';
import { CopyTargets } from '@og/api/db/table-copy';
import type { ByteEncoding } from '@og/api/files/text-bytes';
import { defaultGroupBytes } from './title-groups.js';
import { writtenKeyFilterBytes } from './written-keys.js';
import { NotUtf8Error, sniffUpload, type TextEncodingName, type UploadSniff } from '@og/api/files/upload-sniffing';

export interface IngestDatasetInput {
  datasetId: string;
  path: string;
  format: 'csv' | 'json';
}

export interface IngestDatasetResult {
  /** Rows read from the file. */
  rows: number;
  /** Distinct (title, code) rows stored. */
  titles: number;
  bytes: number;
  encoding: string;
}

export interface IngestDatasetTools {
  report?: (progress: IngestProgress) => Promise<void>;
  /** Stops the ingest between pieces of the file (it throws the signal's reason). */
  signal?: AbortSignal;
  /** Memory of the pairs held before they are written out (row-groups.ts: the late pairs get a sixth of it more, the filter of written keys a third, or more for a large file). */
  groupBytes?: number;
}

/** The tables an ingest COPYs into: the partition, the late pairs' staging table, the language tallies' staging table. */
type IngestTable = 'partition' | 'staging' | 'languages';

/** A progress report of the ingest, in one of `dataset.ingest`'s phases. */
type IngestProgress = JobProgressOf<'dataset.ingest'>;

const mixedEncodingMessage =
  'The file starts in UTF-8 but has bytes further on that are not UTF-8 (a mix of encodings). Save the whole file as UTF-8 and upload it again.';

const reportEveryMs = 250;
/**
 * Bytes of COPY text that may wait in memory for Postgres: pairs written out while the file is
 * read are taken in while the next rows are parsed, rather than the reading waiting for them.
 */
const maxQueuedBytes = 32 * 1024 * 1024;
/** The longest a phase goes without saying where it is (a long statement, or the reading while the pairs are written out). */
const heartbeatMs = 500;
/**
 * How often the reading's heartbeat looks whether it is due: often, so that an event is late by
 * at most this much plus whatever held the event loop (a table growing, a collection), well
 * within the second a watcher may wait.
 */
const heartbeatCheckMs = 100;

/**
 * Ingesting a stored upload into its dataset (DESIGN §5): the file is streamed (never held in
 * memory) and its rows grouped by (title, code) in bounded memory (row-groups.ts). The distinct
 * rows are COPYed into the dataset's standalone partition — at the end when they fit in memory,
 * else also while the file is read — which is then indexed, has the late pairs merged in, and is
 * attached in the one transaction that marks the dataset ready. Until then no reader sees a row.
 *
 * Safe to run again after a killed attempt: an advisory lock on the dataset waits for the dead
 * attempt's connection to go, its leftover tables are dropped, and a dataset already ready
 * answers its stored counts. A dataset deleted meanwhile stops the ingest within about a second
 * (deletion-watch.ts), which drops its tables and throws {@link DatasetGoneError}.
 */
export async function ingestDataset(db: Database, input: IngestDatasetInput, tools: IngestDatasetTools = {}): Promise<IngestDatasetResult> {
  const client = await db.connect();
  let watch: DeletionWatch | null = null;
  let result: IngestDatasetResult;
  try {
    watch = await DeletionWatch.start(db, client, input.datasetId);
    result = await ingestOnConnection(client, input, tools, watch);
  } catch (error) {
    // Stopped first, so that no cancel of its lands on the clean-up.
    await watch?.stop();
    // A failed attempt leaves nothing behind (a killed one leaves tables its retry drops first).
    // Its own connection, still holding the advisory lock, does it if it can.
    const cleaned = await dropLeftoverTables(client, input.datasetId).then(
      () => true,
      () => false,
    );
    client.release(true);
    if (!cleaned) await dropLeftoverTablesSoon(db, input.datasetId);
    // Whatever the error (a cancelled statement, a table the delete dropped), a deleted dataset is why.
    throw watch?.deleted ? new DatasetGoneError() : await explain(db, input.datasetId, error);
  }
  await watch.stop();
  // Never back to the pool: it holds the advisory lock and session settings.
  client.release(true);
  return result;
}

async function ingestOnConnection(client: pg.PoolClient, input: IngestDatasetInput, tools: IngestDatasetTools, watch: DeletionWatch): Promise<IngestDatasetResult> {
  const report = tools.report ?? (async () => undefined);
  await lockDatasetIngest(client, input.datasetId);
  const dataset = await findDatasetToIngest(client, input.datasetId);
  if (!dataset) throw new DatasetGoneError();
  if (dataset.state === 'ready') {
    // An earlier attempt got as far as the commit: answer what it stored.
    const sniff = input.format === 'csv' ? await sniffUpload(input.path).catch(() => null) : null;
    return {
      rows: dataset.row_count ?? 0,
      titles: dataset.title_count ?? 0,
      bytes: dataset.byte_size ?? 0,
      encoding: sniff?.encoding ?? (input.format === 'json' ? 'utf-8' : 'unknown'),
    };
  }
  if (dataset.state === 'failed') throw new InvalidDatasetFileError(dataset.error ?? 'The dataset failed.');
  const metadata = datasetMetadata.safeParse(dataset.metadata);
  if (!metadata.success) throw new InvalidDatasetFileError(`The dataset's settings are invalid: ${metadata.error.issues[0]?.message ?? ''}`);

  await dropLeftoverTables(client, input.datasetId);
  const sniff = await sniffInput(input);
  const totalsCount = metadata.data.totalsColumns.length;
  await createPartitionTable(client, input.datasetId);
  // A language column is read from CSV files (the JSON form's rows have no such column).
  const languages = metadata.data.languageColumn !== null && input.format === 'csv' ? new TitleLanguageTally() : null;
  const statements = {
    partition: partitionCopyStatement(input.datasetId),
    staging: await createStagingTable(client, input.datasetId, totalsCount),
    languages: languages ? await createLanguagesStagingTable(client, input.datasetId) : '',
  };

  let encoding: TextEncodingName = sniff.encoding;
  let read: { rows: number; groups: DatasetRowGroups };
  let copies: CopyTargets<IngestTable>;
  for (;;) {
    copies = new CopyTargets(client, statements, maxQueuedBytes);
    languages?.clear();
    try {
      read = await readUpload(input, { sniff, encoding, metadata: metadata.data, copies, languages, tools, report, watch });
      break;
    } catch (error) {
      await copies.abort();
      // Invalid UTF-8 past the part that decided the encoding: empty what was written, and read
      // the file again from the start as windows-1252.
      if (error instanceof NotUtf8Error && encoding === 'utf-8') {
        // A start that was plain ASCII said nothing: the file is windows-1252. A start with UTF-8
        // letters (or a UTF-8 BOM) is UTF-8, and re-reading it all as windows-1252 would garble them.
        // eslint-disable-next-line no-control-regex
        if (sniff.bomBytes > 0 || /[^\u0000-\u007F]/.test(sniff.head)) throw new InvalidDatasetFileError(mixedEncodingMessage);
        await emptyTables(client, input.datasetId);
        if (languages) await emptyLanguagesStagingTable(client, input.datasetId);
        encoding = 'windows-1252';
        continue;
      }
      throw error;
    }
  }

  const { rows, groups } = read;
  watch.throwIfDeleted();
  // The pairs still held go to the partition (the late ones to the staging table).
  const pairs = groups.spilled
    ? `${count(groups.writtenPairs)} distinct written, ${count(groups.heldPairs)} more`
    : `${count(groups.heldPairs)} distinct`;
  const held: IngestProgress = { phase: 'grouping', done: 0, total: null, unit: 'rows', message: `${count(rows)} rows, ${pairs}` };
  await withHeartbeat(report, held, async () => {
    try {
      await groups.finish();
      await copies.end();
    } catch (error) {
      await copies.abort();
      throw error;
    }
  });
  let titles = groups.writtenPairs;
  // Each pair was written once: anything else is a fault here, not in the file (and the job is retried).
  if (copies.rowsStored('partition') !== titles) throw new Error(`The partition took ${copies.rowsStored('partition')} rows for ${titles} distinct pairs.`);
  watch.throwIfDeleted();
  await withHeartbeat(report, { phase: 'indexing', done: 0, total: null, unit: 'titles', message: `${count(titles)} distinct titles` }, () =>
    indexPartition(client, input.datasetId, titles),
  );
  if (groups.lateLines > 0) {
    watch.throwIfDeleted();
    const merging: IngestProgress = { phase: 'grouping', done: 0, total: null, unit: 'rows', message: `${count(rows)} rows, ${count(groups.lateLines)} lines to add up` };
    titles += await withHeartbeat(report, merging, () => mergeLatePairs(client, input.datasetId, totalsCount));
  }
  watch.throwIfDeleted();
  await withHeartbeat(report, { phase: 'indexing', done: 0, total: null, unit: 'titles', message: `${count(titles)} distinct titles` }, () =>
    analyzePartition(client, input.datasetId),
  );
  watch.throwIfDeleted();
  if (!(await attachPartition(client, input.datasetId, { rows, titles, bytes: sniff.bytes }, { languages: languages !== null }))) throw new DatasetGoneError();
  await report({ phase: 'done', done: titles, total: titles, unit: 'titles', message: `${count(rows)} rows, ${count(titles)} distinct titles` });
  return { rows, titles, bytes: sniff.bytes, encoding };
}

async function sniffInput(input: IngestDatasetInput): Promise<UploadSniff> {
  try {
    if (input.format === 'csv') return await sniffUpload(input.path);
    const { size } = await fs.promises.stat(input.path);
    return { bytes: size, encoding: 'utf-8', bomBytes: 0, head: '' };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new InvalidDatasetFileError('The uploaded file is gone; upload it again.');
    throw error;
  }
}

/** Reads the file's rows into title groups; pairs that outgrow the memory are written out (row-groups.ts) as they do. */
async function readUpload(
  input: IngestDatasetInput,
  context: {
    sniff: UploadSniff;
    encoding: TextEncodingName;
    metadata: TitleColumns;
    copies: CopyTargets<IngestTable>;
    languages: TitleLanguageTally | null;
    tools: IngestDatasetTools;
    report: (progress: IngestProgress) => Promise<void>;
    watch: DeletionWatch;
  },
): Promise<{ rows: number; groups: DatasetRowGroups }> {
  const { sniff, copies, tools, report, metadata, watch, languages } = context;
  const columns = { titleColumn: metadata.titleColumn, codeColumn: metadata.codeColumn, totalsColumns: metadata.totalsColumns, languageColumn: metadata.languageColumn };
  // The tallies go to their staging table when they fill up, and at the end.
  const handOnLanguages = async () => {
    if (languages && languages.size > 0) (await copies.to('languages')).write(languages.take());
  };
  const keyEncoding: ByteEncoding = input.format === 'csv' && context.encoding === 'windows-1252' ? 'windows-1252' : 'utf-8';
  const outputs = {
    partition: () => copies.to('partition'),
    staging: () => copies.to('staging'),
  };
  const groupBytes = tools.groupBytes ?? defaultGroupBytes;
  const groups = new DatasetRowGroups(columns.totalsColumns.length, outputs, keyEncoding, groupBytes, writtenKeyFilterBytes(sniff.bytes, groupBytes));
  let reported = 0;
  let progress: IngestProgress = { phase: 'reading', done: 0, total: sniff.bytes, unit: 'bytes', message: '0 rows' };
  const afterPiece = async (rows: number, bytesRead: number) => {
    watch.throwIfDeleted();
    progress = { ...progress, done: bytesRead, message: `${count(rows)} rows` };
    if (languages?.full) await handOnLanguages();
    await copies.drained();
    tools.signal?.throwIfAborted();
    if (Date.now() - reported >= reportEveryMs) {
      reported = Date.now();
      await report(progress);
    }
  };
  await report(progress);
  // Writing out a full table (a million pairs, while Postgres takes them in) can outlast a second: said again meanwhile.
  const heartbeat = setInterval(() => {
    if (Date.now() - reported < heartbeatMs - heartbeatCheckMs) return;
    reported = Date.now();
    void report(progress).catch(() => undefined);
  }, heartbeatCheckMs);
  try {
    const rows = await readRows(input, { ...context, keyEncoding }, columns, groups, afterPiece);
    await handOnLanguages();
    await report({ ...progress, done: sniff.bytes, message: `${count(rows)} rows` });
    return { rows, groups };
  } finally {
    clearInterval(heartbeat);
  }
}

/** The rows of the upload, CSV or JSON, counted into the groups; answers how many. */
async function readRows(
  input: IngestDatasetInput,
  context: { sniff: UploadSniff; encoding: TextEncodingName; keyEncoding: ByteEncoding; languages: TitleLanguageTally | null },
  columns: TitleColumns,
  groups: DatasetRowGroups,
  afterPiece: (rows: number, bytesRead: number) => Promise<void>,
): Promise<number> {
  const { sniff, keyEncoding } = context;
  let rows: number;
  if (input.format === 'csv') {
    rows = await readCsvTitles({
      pieces: readFilePieces({ path: input.path, encoding: context.encoding, bomBytes: sniff.bomBytes }),
      encoding: keyEncoding,
      checkUtf8: context.encoding === 'utf-8',
      bytesBefore: sniff.bomBytes,
      dialect: detectCsvDialect(sniff.head),
      columns,
      groups,
      ...(context.languages ? { languages: context.languages } : {}),
      afterPiece,
    });
  } else {
    rows = await readJsonTitles(input.path, columns.totalsColumns, groups, afterPiece);
  }
  return rows;
}

/** Runs a long statement while repeating its progress every second, so watchers see it is alive. */
async function withHeartbeat<T>(report: (progress: IngestProgress) => Promise<void>, progress: IngestProgress, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  await report(progress);
  const timer = setInterval(() => {
    const seconds = Math.round((Date.now() - started) / 1000);
    void report({ ...progress, message: `${progress.message} (${seconds} s)` }).catch(() => undefined);
  }, heartbeatMs);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

/** Turns database errors that come from the file, or from a delete meanwhile, into their own kinds. */
async function explain(db: Database, datasetId: string, error: unknown): Promise<unknown> {
  if (error instanceof InvalidDatasetFileError || error instanceof DatasetGoneError) return error;
  const code = (error as pg.DatabaseError).code;
  if (code === '22003') return new InvalidDatasetFileError('The totals of a title add up past what the database can hold (9.2 × 10^18).');
  try {
    if (!(await datasetExists(db, datasetId))) return new DatasetGoneError();
  } catch {
    // The database itself is away: the job is retried.
  }
  return error;
}

const count = (value: number) => value.toLocaleString('en-US');
