import type { ByteEncoding } from '@og/api/files/text-bytes';
import { type CopyOutput, defaultGroupBytes, lateRow, tableFull, TitleGroups } from './title-groups.js';
import { WrittenKeyFilter, writtenKeyFilterBytes } from './written-keys.js';

/** What the readers count rows into: {@link DatasetRowGroups}, or (in tests) one {@link TitleGroups}. */
export interface RowGroups {
  /** As {@link TitleGroups.add}: the row's slot, or nulInTitle, sumTooLarge or tableFull (then {@link flush} and add the row again). */
  add(title: Uint8Array, titleStart: number, titleEnd: number, code: Uint8Array, codeStart: number, codeEnd: number, totals: Float64Array, offset?: number): number;
  addText(title: string, code: string, totals: Float64Array, offset?: number): number;
  flush(): Promise<void>;
}

/** The two COPYs the groups write to, one at a time on the ingest's connection: each call ends the other one if it runs. */
export interface RowOutputs {
  partition(): Promise<CopyOutput>;
  staging(): Promise<CopyOutput>;
}

/**
 * A dataset's rows grouped by (title, code) on their way to its partition, in bounded memory
 * however many distinct pairs the file has (DESIGN §5).
 *
 * The pairs are added up in memory ({@link TitleGroups}). A file whose pairs fit — a census
 * table, a sample — is written out once, at the end. When they do not (a full-count census
 * transcribed record by record, where most rows carry a title of their own), the pairs held are
 * written to the partition whenever the memory is full — while the file is still being read, so
 * Postgres stores them while the next rows are parsed — and their keys recorded in a filter
 * (written-keys.ts). A row of a pair written already is then a late row: late rows are added up
 * in a second, smaller table, which spills to the staging table when full; after the partition
 * is indexed, the late pairs are merged into it (dataset-ingest-queries.ts). Each pair is written to
 * the partition once, so the partition's rows are distinct before the merge, and exact after it.
 *
 * Why not let Postgres group: spilling every pair to the staging table and grouping it all at
 * the end takes many times as long as a plain COPY of the file, most of it in the GROUP BY.
 */
export class DatasetRowGroups implements RowGroups {
  /** Pairs not written to the partition yet. */
  private readonly held: TitleGroups;
  /** Pairs seen again after they were written: merged into the partition at the end. */
  private readonly late: TitleGroups;
  private written: WrittenKeyFilter | null = null;
  private full: TitleGroups | null = null;
  private staging: CopyOutput | null = null;
  /** Distinct pairs written to the partition. */
  writtenPairs = 0;

  /**
   * @param maxBytes memory of the held pairs; the late pairs get a sixth of it more
   * @param filterBytes memory of the filter of written keys (written-keys.ts): by default the grouping's own share
   */
  constructor(
    totalsCount: number,
    private readonly outputs: RowOutputs,
    encoding: ByteEncoding = 'utf-8',
    maxBytes = defaultGroupBytes,
    private readonly filterBytes = writtenKeyFilterBytes(0, maxBytes),
  ) {
    this.held = new TitleGroups(totalsCount, { write: () => undefined, drained: async () => undefined }, encoding, maxBytes);
    const staging: CopyOutput = { write: (text) => this.staging!.write(text), drained: () => this.staging!.drained() };
    this.late = new TitleGroups(totalsCount, staging, encoding, Math.floor(maxBytes / 6));
  }

  add(title: Uint8Array, titleStart: number, titleEnd: number, code: Uint8Array, codeStart: number, codeEnd: number, totals: Float64Array, offset = 0): number {
    let slot = this.held.add(title, titleStart, titleEnd, code, codeStart, codeEnd, totals, offset);
    if (slot === lateRow) {
      slot = this.late.add(title, titleStart, titleEnd, code, codeStart, codeEnd, totals, offset);
      if (slot === tableFull) this.full = this.late;
    } else if (slot === tableFull) this.full = this.held;
    return slot;
  }

  addText(title: string, code: string, totals: Float64Array, offset = 0): number {
    let slot = this.held.addText(title, code, totals, offset);
    if (slot === lateRow) {
      slot = this.late.addText(title, code, totals, offset);
      if (slot === tableFull) this.full = this.late;
    } else if (slot === tableFull) this.full = this.held;
    return slot;
  }

  /** Makes room after {@link add} answered tableFull: writes the held pairs to the partition, or the late ones to the staging table. */
  async flush(): Promise<void> {
    const full = this.full;
    this.full = null;
    if (await full?.grow()) return;
    if (full === this.late) return this.writeLate();
    this.written ??= new WrittenKeyFilter(this.filterBytes);
    this.held.written = this.written;
    this.writtenPairs += await this.held.writePartitionRows(await this.outputs.partition(), this.written, true);
  }

  /** Writes all that is held: the pairs not yet written to the partition, and the late pairs to the staging table. */
  async finish(): Promise<void> {
    this.writtenPairs += await this.held.writePartitionRows(await this.outputs.partition());
    if (this.late.size) await this.writeLate();
  }

  /** Pairs held in memory, not written yet. */
  get heldPairs(): number {
    return this.held.size;
  }

  /** Whether pairs were written before the end (the memory was full at least once). */
  get spilled(): boolean {
    return this.written !== null;
  }

  /** Late lines written to the staging table: to be merged into the partition. */
  get lateLines(): number {
    return this.late.stagedLines;
  }

  private async writeLate(): Promise<void> {
    this.staging = await this.outputs.staging();
    await this.late.flush();
  }
}
