import type pg from 'pg';
import type { Database } from '@og/api/db/database';
import { TableCopy } from '@og/api/db/table-copy';
import { WrittenKeyFilter, writtenKeyFilterBytes } from '../dataset-ingest/written-keys.js';
import { partitionCopyStatement } from './prediction-import-queries.js';

/**
 * Where an import's entries go as they are read, by COPY.
 *
 * Into the set's partition itself (`direct`, a set of no dataset whose file keeps no columns):
 * its rows are written as they will be shown, in two COPYs on two connections so that Postgres
 * stores them on both cores, each title's first entry only. A Bloom filter of the titles written
 * (their 32-bit hashes) sends every entry whose title may have been met before to the staging
 * table instead, on a third connection; the import then merges those into the partition. A title's
 * entries are so either one in the partition and the rest staged, or (a title taken for one met
 * before) all staged.
 *
 * Otherwise every entry is staged, and the import groups the staging table into the partition
 * (a dataset's totals joined, kept columns' values counted).
 */

/** Lines are handed to a COPY in pieces of at most this many bytes. */
const pieceBytes = 256 * 1024;
/** Bytes a COPY may have waiting for Postgres while the file is read on: the reading runs ahead of the storing by this much. */
const queuedBytes = 4 * pieceBytes;

/** One entry's stored fields in COPY text; `unknownCopy` the array of URIs its scheme lacks, `contextCopy` its kept columns' values (`\N`: none). */
export interface EntryFields {
  string: string;
  stringCopy: string;
  normCopy: string;
  predictionsCopy: string;
  best: number;
  unknownCopy: string;
  contextCopy: string;
}

/**
 * A COPY fed by lines, written into a buffer as they come and handed on a buffer at a time: each
 * line is garbage as soon as it is written, where lines joined into a string would live on (and
 * be moved to the old generation) until the piece is handed on.
 */
class LineCopy {
  private buffer = Buffer.allocUnsafe(pieceBytes);
  private used = 0;

  constructor(readonly copy: TableCopy) {}

  /** Answers true when a piece was handed on. */
  add(line: string): boolean {
    // A UTF-16 code unit takes at most three bytes in UTF-8.
    const handedOn = this.used + line.length * 3 > pieceBytes && this.flush();
    if (line.length * 3 <= pieceBytes) {
      this.used += this.buffer.write(line, this.used, 'utf8');
      return handedOn;
    }
    // A line longer than a piece (a title of tens of kilobytes) goes on its own.
    this.copy.write(Buffer.from(line, 'utf8'));
    return true;
  }

  flush(): boolean {
    if (!this.used) return false;
    this.copy.write(this.buffer.subarray(0, this.used));
    this.buffer = Buffer.allocUnsafe(pieceBytes);
    this.used = 0;
    return true;
  }
}

export class EntryCopies {
  /** Entries read, each given a position: its place in the file. */
  entries = 0;
  /** Entries staged. */
  staged = 0;
  private lane = 0;
  /** Until ended or aborted: the lanes go back to the pool then, and their COPYs are not touched again. */
  private open = true;

  private constructor(
    private readonly partitions: LineCopy[],
    private readonly staging: LineCopy,
    private readonly filter: WrittenKeyFilter | null,
    private readonly lanes: pg.PoolClient[],
  ) {}

  /**
   * Opens the COPYs: with `direct`, into the partition on `client` and a pooled connection and
   * into the staging table on another; else into the staging table on `client`.
   */
  static async open(client: pg.PoolClient, pool: Database, setId: string, options: { direct: boolean; stagingCopy: string; fileBytes: number }): Promise<EntryCopies> {
    if (!options.direct) return new EntryCopies([], new LineCopy(new TableCopy(client, options.stagingCopy, queuedBytes)), null, []);
    const lanes = [await pool.connect()];
    try {
      lanes.push(await pool.connect());
    } catch (error) {
      lanes[0]!.release();
      throw error;
    }
    const statement = partitionCopyStatement(setId);
    return new EntryCopies(
      [new LineCopy(new TableCopy(client, statement, queuedBytes)), new LineCopy(new TableCopy(lanes[0]!, statement, queuedBytes))],
      new LineCopy(new TableCopy(lanes[1]!, options.stagingCopy, queuedBytes)),
      // Sized as the census ingest sizes its filter of written pairs: by the rows the file can hold.
      new WrittenKeyFilter(writtenKeyFilterBytes(options.fileBytes, 0)),
      lanes,
    );
  }

  /** Copies an entry (at the next position); answers true when a piece was handed on (then await {@link drained}). */
  add(entry: EntryFields): boolean {
    const position = ++this.entries;
    if (this.filter) {
      const hash = titleHash(entry.string);
      if (!this.filter.mightHold(hash)) {
        this.filter.add(hash);
        const line = `${position}\t${entry.stringCopy}\t${entry.normCopy}\t${entry.predictionsCopy}\t${entry.best}\t${entry.unknownCopy}\n`;
        // Whole pieces go to the two COPYs in turn.
        if (!this.partitions[this.lane]!.add(line)) return false;
        this.lane = 1 - this.lane;
        return true;
      }
    }
    this.staged++;
    return this.staging.add(`${position}\t${entry.stringCopy}\t${entry.normCopy}\t${entry.predictionsCopy}\t${entry.best}\t${entry.contextCopy}\n`);
  }

  /** Waits until Postgres has taken what was handed on (throws what a COPY failed with). */
  async drained(): Promise<void> {
    await Promise.all([...this.partitions.map((line) => line.copy.drained()), this.staging.copy.drained()]);
  }

  /** Ends the COPYs: every entry stored. */
  async end(): Promise<void> {
    this.open = false;
    for (const line of [...this.partitions, this.staging]) line.flush();
    const ends = await Promise.allSettled([...this.partitions.map((line) => line.copy.end()), this.staging.copy.end()]);
    this.release();
    const failed = ends.find((end) => end.status === 'rejected');
    if (failed) throw failed.reason;
  }

  /** Ends the COPYs without storing (a reading given up, or failed); nothing once they have ended. */
  async abort(): Promise<void> {
    if (!this.open) return;
    this.open = false;
    await Promise.allSettled([...this.partitions.map((line) => line.copy.abort()), this.staging.copy.abort()]);
    this.release();
  }

  private release(): void {
    for (const lane of this.lanes.splice(0)) lane.release();
  }
}

/** FNV-1a over a title's UTF-16 code units. */
function titleHash(title: string): number {
  let hash = 0x811c9dc5;
  for (let at = 0; at < title.length; at++) hash = Math.imul(hash ^ title.charCodeAt(at), 0x01000193);
  return hash;
}
