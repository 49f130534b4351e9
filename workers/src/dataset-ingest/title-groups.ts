import { type ByteEncoding, decodeText } from './text-bytes.js';

/**
 * Grouping rows by (title, code) before they reach Postgres: a table from each distinct pair to
 * its occurrence count and totals sums, growing up to a memory budget. A file whose distinct
 * pairs fit (a census has a few hundred thousand) is grouped here entirely, and its rows go
 * straight into the dataset's partition. Past the budget the table is written out to the staging
 * table as lines of COPY text and emptied, so memory stays flat however many pairs there are; the
 * staging table may then hold a pair more than once, and a GROUP BY adds those up.
 *
 * Hot (once per row), so it works on bytes: a pair's key is its title and code bytes, kept in
 * one arena; the table is open addressing over an FNV-1a hash; counts live in typed arrays.
 * No string is made for a row, none for a pair until it is written out.
 */

/** Memory the table may use (its arrays and the arena of key bytes). */
export const defaultGroupBytes = 96 * 1024 * 1024;

/** Answered by {@link TitleGroups.add} when the title or code holds a NUL byte (Postgres text cannot). */
export const nulInTitle = -1;
/** Answered by {@link TitleGroups.add} when a sum would pass 2^53 (no longer exact). */
export const sumTooLarge = -2;

const initialSlots = 1 << 16;
const initialArenaBytes = 4 * 1024 * 1024;
/** Written-out lines go in buffers of about this size. */
const outputBytes = 1024 * 1024;
/** A key is at most this long (title-limits.ts allows 2,600 bytes of UTF-8 together). */
const maxKeyBytes = 8 * 1024;

export class TitleGroups {
  /** Open addressing, two numbers an entry (close together, for the cache): slot + 1 (0: empty), the key's hash. */
  private table: Int32Array;
  private mask: number;
  private arena: Buffer;
  private arenaUsed = 0;
  /** Three numbers a slot: where its key starts in the arena, the title's bytes, the code's bytes. */
  private keys: Int32Array;
  /** A slot's occurrences, then its totals sums. */
  private counts: Float64Array;
  private readonly stride: number;
  private slots: number;
  private used = 0;
  private readonly windows1252: boolean;
  private readonly scratch = Buffer.allocUnsafe(maxKeyBytes);
  /** Lines written to the staging table so far. */
  stagedLines = 0;

  /**
   * @param totalsCount how many totals columns each row has
   * @param write receives staging COPY text when the table is full (synchronously; the caller deals with backpressure)
   * @param encoding what the key bytes are in; written out as UTF-8 either way
   */
  constructor(
    private readonly totalsCount: number,
    private readonly write: (text: Buffer) => void,
    encoding: ByteEncoding = 'utf-8',
    readonly maxBytes = defaultGroupBytes,
  ) {
    this.stride = totalsCount + 1;
    this.slots = Math.max(16, Math.min(initialSlots, 2 ** Math.floor(Math.log2(maxBytes / 4 / this.bytesPerSlot()))));
    this.table = new Int32Array(this.slots * 4);
    this.mask = this.slots * 2 - 1;
    this.keys = new Int32Array(this.slots * 3);
    this.counts = new Float64Array(this.slots * this.stride);
    this.arena = Buffer.allocUnsafe(Math.min(initialArenaBytes, Math.max(maxKeyBytes, maxBytes / 4)));
    this.windows1252 = encoding === 'windows-1252';
  }

  /** Distinct pairs held now. */
  get size(): number {
    return this.used;
  }

  /** Whether pairs were written to the staging table already (the table outgrew its memory). */
  get spilled(): boolean {
    return this.stagedLines > 0;
  }

  /**
   * Counts one row: the title `title[titleStart, titleEnd)`, the code `code[codeStart, codeEnd)`,
   * and its totals from `totals` at `offset`, one per totals column. Answers the pair's slot, or
   * {@link nulInTitle} or {@link sumTooLarge}.
   */
  add(
    title: Uint8Array,
    titleStart: number,
    titleEnd: number,
    code: Uint8Array,
    codeStart: number,
    codeEnd: number,
    totals: Float64Array,
    offset = 0,
  ): number {
    let hash = 0x811c9dc5;
    let nul = false;
    for (let at = titleStart; at < titleEnd; at++) {
      const byte = title[at]!;
      if (byte === 0) nul = true;
      hash = Math.imul(hash ^ byte, 0x01000193);
    }
    hash = Math.imul(hash ^ 0xff, 0x01000193);
    for (let at = codeStart; at < codeEnd; at++) {
      const byte = code[at]!;
      if (byte === 0) nul = true;
      hash = Math.imul(hash ^ byte, 0x01000193);
    }
    if (nul) return nulInTitle;
    const titleBytes = titleEnd - titleStart;
    const codeBytes = codeEnd - codeStart;

    let slot = this.find(hash, title, titleStart, titleEnd, code, codeStart, codeEnd);
    if (slot < 0) slot = this.insert(hash, title, titleStart, titleBytes, code, codeStart, codeBytes);

    const counts = this.counts;
    const base = slot * this.stride;
    counts[base]! += 1;
    for (let column = 1; column < this.stride; column++) {
      const sum = counts[base + column]! + totals[offset + column - 1]!;
      if (sum > Number.MAX_SAFE_INTEGER || sum < -Number.MAX_SAFE_INTEGER) return sumTooLarge;
      counts[base + column] = sum;
    }
    return slot;
  }

  /** {@link add} for a title and code as strings (UTF-8 keys). */
  addText(title: string, code: string, totals: Float64Array, offset = 0): number {
    const titleBytes = this.scratch.write(title, 0, 'utf8');
    const codeBytes = this.scratch.write(code, titleBytes, 'utf8');
    return this.add(this.scratch, 0, titleBytes, this.scratch, titleBytes, titleBytes + codeBytes, totals, offset);
  }

  /** The slot holding this key, or -1. */
  private find(hash: number, title: Uint8Array, titleStart: number, titleEnd: number, code: Uint8Array, codeStart: number, codeEnd: number): number {
    const table = this.table;
    const keys = this.keys;
    for (let at = hash & this.mask; ; at = (at + 1) & this.mask) {
      const entry = table[at * 2]!;
      if (entry === 0) return -1;
      if (table[at * 2 + 1] !== hash) continue;
      const slot = entry - 1;
      if (keys[slot * 3 + 1] !== titleEnd - titleStart || keys[slot * 3 + 2] !== codeEnd - codeStart) continue;
      const arena = this.arena;
      let stored = keys[slot * 3]!;
      let same = true;
      for (let index = titleStart; same && index < titleEnd; index++, stored++) same = arena[stored] === title[index];
      for (let index = codeStart; same && index < codeEnd; index++, stored++) same = arena[stored] === code[index];
      if (same) return slot;
    }
  }

  private insert(hash: number, title: Uint8Array, titleStart: number, titleBytes: number, code: Uint8Array, codeStart: number, codeBytes: number): number {
    if (this.used === this.slots && !this.growSlots()) this.flush();
    while (this.arenaUsed + titleBytes + codeBytes > this.arena.length) {
      if (!this.growArena()) this.flush();
    }
    const slot = this.used++;
    const start = this.arenaUsed;
    this.arena.set(title.subarray(titleStart, titleStart + titleBytes), start);
    this.arena.set(code.subarray(codeStart, codeStart + codeBytes), start + titleBytes);
    this.arenaUsed += titleBytes + codeBytes;
    this.keys[slot * 3] = start;
    this.keys[slot * 3 + 1] = titleBytes;
    this.keys[slot * 3 + 2] = codeBytes;
    this.counts.fill(0, slot * this.stride, (slot + 1) * this.stride);
    let at = hash & this.mask;
    while (this.table[at * 2] !== 0) at = (at + 1) & this.mask;
    this.table[at * 2] = slot + 1;
    this.table[at * 2 + 1] = hash;
    return slot;
  }

  private bytesPerSlot(): number {
    return 4 * 4 + 3 * 4 + this.stride * 8;
  }

  private usedBytes(): number {
    return this.table.byteLength + this.keys.byteLength + this.counts.byteLength + this.arena.length;
  }

  /** Doubles the slots if the budget allows (the table is rebuilt from the stored hashes). */
  private growSlots(): boolean {
    if (this.usedBytes() + this.slots * this.bytesPerSlot() > this.maxBytes) return false;
    const slots = this.slots * 2;
    const keys = new Int32Array(slots * 3);
    keys.set(this.keys);
    const counts = new Float64Array(slots * this.stride);
    counts.set(this.counts);
    const old = this.table;
    const table = new Int32Array(slots * 4);
    const mask = slots * 2 - 1;
    for (let at = 0; at < old.length; at += 2) {
      if (old[at] === 0) continue;
      let to = old[at + 1]! & mask;
      while (table[to * 2] !== 0) to = (to + 1) & mask;
      table[to * 2] = old[at]!;
      table[to * 2 + 1] = old[at + 1]!;
    }
    this.slots = slots;
    this.keys = keys;
    this.counts = counts;
    this.table = table;
    this.mask = mask;
    return true;
  }

  private growArena(): boolean {
    if (this.usedBytes() + this.arena.length > this.maxBytes) return false;
    const arena = Buffer.allocUnsafe(this.arena.length * 2);
    this.arena.copy(arena, 0, 0, this.arenaUsed);
    this.arena = arena;
    return true;
  }

  /** Writes every pair held to the staging table (`title, code, occurrences, total_0…`) and empties the table. */
  flush(): void {
    for (const text of this.lines(null)) this.write(text);
    this.stagedLines += this.used;
    this.used = 0;
    this.arenaUsed = 0;
    this.table.fill(0);
  }

  /**
   * Writes every pair held as rows of the dataset's partition (`dataset_id, title, code, totals,
   * occurrences`), waiting for `drained` after each buffer: for a table that never spilled, these
   * are the dataset's rows.
   */
  async writePartitionRows(datasetId: string, write: (text: Buffer) => void, drained: () => Promise<void>): Promise<void> {
    for (const text of this.lines(Buffer.from(`${datasetId}\t`, 'latin1'))) {
      write(text);
      await drained();
    }
  }

  /** The pairs held as lines of COPY text, in buffers of about a MiB: staging lines, or partition rows of `partitionOf` (the id and a tab). */
  private *lines(partitionOf: Buffer | null): Generator<Buffer> {
    const columns = this.totalsCount;
    // Room for the longest line: a key escaped (2 bytes a byte, 3 from windows-1252), the numbers.
    const longestLine = maxKeyBytes * 6 + 24 * (columns + 1) + columns + 64;
    let output = Buffer.allocUnsafe(outputBytes + longestLine);
    let length = 0;
    const number = (value: number) => (length += output.write(String(value), length, 'latin1'));
    for (let slot = 0; slot < this.used; slot++) {
      const start = this.keys[slot * 3]!;
      const titleEnd = start + this.keys[slot * 3 + 1]!;
      const codeEnd = titleEnd + this.keys[slot * 3 + 2]!;
      const base = slot * this.stride;
      if (partitionOf) length += partitionOf.copy(output, length);
      length = this.writeText(output, length, start, titleEnd);
      output[length++] = 0x09;
      length = this.writeText(output, length, titleEnd, codeEnd);
      output[length++] = 0x09;
      if (partitionOf) {
        output[length++] = 0x7b; // {
        for (let column = 1; column <= columns; column++) {
          if (column > 1) output[length++] = 0x2c;
          number(this.counts[base + column]!);
        }
        output[length++] = 0x7d; // }
        output[length++] = 0x09;
        number(this.counts[base]!);
      } else {
        number(this.counts[base]!);
        for (let column = 1; column <= columns; column++) {
          output[length++] = 0x09;
          number(this.counts[base + column]!);
        }
      }
      output[length++] = 0x0a;
      if (length >= outputBytes) {
        yield output.subarray(0, length);
        output = Buffer.allocUnsafe(outputBytes + longestLine);
        length = 0;
      }
    }
    if (length) yield output.subarray(0, length);
  }

  /** Copies key bytes as a COPY text column: UTF-8, with backslash, tab and line breaks escaped. */
  private writeText(output: Buffer, length: number, start: number, end: number): number {
    let bytes: Uint8Array = this.arena;
    if (this.windows1252) {
      let ascii = true;
      for (let at = start; at < end; at++) if (this.arena[at]! >= 0x80) ascii = false;
      if (!ascii) {
        bytes = Buffer.from(decodeText(this.arena.subarray(start, end), 'windows-1252'), 'utf8');
        start = 0;
        end = bytes.length;
      }
    }
    for (let at = start; at < end; at++) {
      const byte = bytes[at]!;
      if (byte === 0x5c || byte === 0x09 || byte === 0x0a || byte === 0x0d) {
        output[length++] = 0x5c;
        output[length++] = byte === 0x5c ? 0x5c : byte === 0x09 ? 0x74 : byte === 0x0a ? 0x6e : 0x72;
      } else output[length++] = byte;
    }
    return length;
  }
}
