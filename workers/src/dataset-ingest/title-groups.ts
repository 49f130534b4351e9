import { EventLoopTurns } from '@og/api/lib/event-loop-turns';
import { type ByteEncoding, decodeText } from '@og/api/files/text-bytes';

/**
 * Grouping rows by (title, code) before they reach Postgres: a table from each distinct pair to
 * its occurrence count and totals sums, growing up to a memory budget. A file whose distinct
 * pairs fit (a census has a few hundred thousand) is grouped here entirely, and its rows go
 * straight into the dataset's partition. At the budget the table answers {@link tableFull}, and
 * its owner (row-groups.ts) writes it out as lines of COPY text — to the partition
 * ({@link TitleGroups.writePartitionRows}) or to the staging table ({@link TitleGroups.flush}) —
 * which empties it, so memory stays flat however many pairs there are.
 *
 * Hot (once per row), so it works on bytes: a pair's key is its title and code bytes, kept in
 * one arena; the table is open addressing over an FNV-1a hash; counts live in typed arrays.
 * No string is made for a row, none for a pair until it is written out.
 *
 * Growing holds the event loop, so little grows. The slots' arrays are made at once for the most
 * slots the budget can hold (copying them as they double would hold the loop); their memory is
 * taken only as slots are used, and only that counts against the budget. The hash table starts
 * small, as a census's pairs are probed faster in a small one, and doubles as the slots fill
 * (past 256 k slots, to its most at once), rehashed from the stored hashes; the table and the
 * arena grow only in {@link TitleGroups.grow}, in a turn of the event loop of their own.
 *
 * Writing out is asynchronous, a buffer of 64 KiB at a time, in turns of the event loop
 * (api/src/lib/event-loop-turns.ts): with the workers in the api's process (`npm start`), writing
 * out a full table at once would hold the loop, and every request, for far longer than a turn.
 */

/** Memory the table may use (its arrays and the arena of key bytes). */
export const defaultGroupBytes = 96 * 1024 * 1024;

/** Answered by {@link TitleGroups.add} when the title or code holds a NUL byte (Postgres text cannot). */
export const nulInTitle = -1;
/** Answered by {@link TitleGroups.add} when a sum would pass 2^53 (no longer exact). */
export const sumTooLarge = -2;
/** Answered by {@link TitleGroups.add} for a new pair when there is no room for it: nothing was counted; grow or flush, then add the row again. */
export const tableFull = -3;

/**
 * Answered by {@link TitleGroups.add} for a new pair whose key {@link TitleGroups.written} may
 * hold: its rows were (most likely) written out already, so the row belongs to the late groups.
 */
export const lateRow = -4;

/** Keys written out already (a Bloom filter: it may say yes for a key it never saw, never no for one it did). */
export interface WrittenKeys {
  add(hash: number): void;
  mightHold(hash: number): boolean;
}

/** Where lines of COPY text go: `write` takes a buffer at once, `drained` waits until it was taken in. */
export interface CopyOutput {
  write(text: Buffer): void;
  drained(): Promise<void>;
}

/** The two forms lines are written in: the staging table's, the partition's. */
type LineForm = 'staging' | 'partition';

/** At least this many slots, whatever the budget. */
const minSlots = 16;
/** The hash table's slots at first. */
const initialTableSlots = 1 << 16;
/** A table this large grows to the most slots at once. */
const jumpFromSlots = 1 << 18;
/** The table's bytes a slot: two entries (load factor ≤ ½) of two numbers. */
const tableBytesPerSlot = 2 * 2 * 4;
const initialArenaBytes = 4 * 1024 * 1024;
/** Written-out lines go in buffers of about this size: small enough that making one fits in a turn, even at the first write-out, before V8 has optimised the code. */
const outputBytes = 64 * 1024;
/** A key is at most this long (title-limits.ts allows 2,600 bytes of UTF-8 together). */
const maxKeyBytes = 8 * 1024;

export class TitleGroups {
  /** Open addressing, two numbers an entry (close together, for the cache): slot + 1 (0: empty), the key's hash. */
  private table: Int32Array;
  private mask: number;
  /** The slots the table has room for now. */
  private tableSlots: number;
  private arena: Buffer;
  private arenaUsed = 0;
  /** Three numbers a slot: where its key starts in the arena, the title's bytes, the code's bytes. */
  private readonly keys: Int32Array;
  /** A slot's key hash (to rebuild the table, and to record the key as written). */
  private readonly hashes: Int32Array;
  /** A slot's occurrences, then its totals sums. */
  private readonly counts: Float64Array;
  private readonly stride: number;
  /** The keys' and counts' bytes a slot. */
  private readonly slotBytes: number;
  private readonly maxSlots: number;
  private used = 0;
  /** What the last new pair lacked room in, when growing would make it. */
  private growth: 'table' | 'arena' | null = null;
  /** Slots seen more than once, and their key bytes. */
  private repeated = 0;
  private repeatedKeyBytes = 0;
  private readonly windows1252: boolean;
  private readonly scratch = Buffer.allocUnsafe(maxKeyBytes);
  /** Lines written to the staging table so far. */
  stagedLines = 0;
  /** Keys written out already: a new pair among them is answered {@link lateRow}. */
  written: WrittenKeys | null = null;

  /**
   * @param totalsCount how many totals columns each row has
   * @param staging receives the staging table's COPY text at each {@link flush}
   * @param encoding what the key bytes are in; written out as UTF-8 either way
   */
  constructor(
    private readonly totalsCount: number,
    private readonly staging: CopyOutput,
    encoding: ByteEncoding = 'utf-8',
    readonly maxBytes = defaultGroupBytes,
  ) {
    this.stride = totalsCount + 1;
    this.slotBytes = 4 * 4 + this.stride * 8;
    this.arena = Buffer.allocUnsafe(Math.min(initialArenaBytes, Math.max(maxKeyBytes, maxBytes / 4)));
    const fitting = (maxBytes - this.arena.length) / (tableBytesPerSlot + this.slotBytes);
    this.maxSlots = fitting >= minSlots ? 2 ** Math.floor(Math.log2(fitting)) : minSlots;
    this.tableSlots = Math.min(initialTableSlots, this.maxSlots);
    this.table = new Int32Array((this.tableSlots * tableBytesPerSlot) / 4);
    this.mask = this.tableSlots * 2 - 1;
    this.keys = new Int32Array(this.maxSlots * 3);
    this.hashes = new Int32Array(this.maxSlots);
    this.counts = new Float64Array(this.maxSlots * this.stride);
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
   * {@link nulInTitle}, {@link sumTooLarge} or {@link tableFull}.
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
    if (slot < 0) {
      if (this.written?.mightHold(hash)) return lateRow;
      slot = this.insert(hash, title, titleStart, titleBytes, code, codeStart, codeBytes);
      if (slot < 0) return tableFull;
    }

    const counts = this.counts;
    const base = slot * this.stride;
    const occurrences = counts[base]! + 1;
    counts[base] = occurrences;
    if (occurrences === 2) {
      this.repeated++;
      this.repeatedKeyBytes += titleBytes + codeBytes;
    }
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

  /** Stores a new key in a free slot and answers it; -1 when the budget leaves no room for it. */
  private insert(hash: number, title: Uint8Array, titleStart: number, titleBytes: number, code: Uint8Array, codeStart: number, codeBytes: number): number {
    if (this.used === this.maxSlots || (this.used >= minSlots && this.usedBytes() + this.slotBytes > this.maxBytes)) return -1;
    // Growing waits for {@link grow}, in a turn of the event loop of its own.
    if (this.used === this.tableSlots) {
      this.growth = 'table';
      return -1;
    }
    if (this.arenaUsed + titleBytes + codeBytes > this.arena.length) {
      this.growth = 'arena';
      return -1;
    }
    const slot = this.used++;
    const start = this.arenaUsed;
    // Byte by byte: keys are short, and a subarray a key costs more than the copy.
    const arena = this.arena;
    let to = start;
    for (let at = titleStart; at < titleStart + titleBytes; at++) arena[to++] = title[at]!;
    for (let at = codeStart; at < codeStart + codeBytes; at++) arena[to++] = code[at]!;
    this.arenaUsed = to;
    this.hashes[slot] = hash;
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

  /** What counts against the budget: the table, the slots used, the arena. */
  private usedBytes(): number {
    return this.table.byteLength + this.used * this.slotBytes + this.arena.length;
  }

  /**
   * After {@link add} answered {@link tableFull}: grows the hash table or the arena of keys, if
   * that is what it lacked and the budget allows, and answers whether it did (then add the row
   * again); else the pairs must be written out. Grows in a turn of the event loop of its own:
   * growing a large table (allocating it, rehashing) is too long to add to the reader's turn.
   */
  async grow(): Promise<boolean> {
    const growth = this.growth;
    this.growth = null;
    if (!growth) return false;
    await new EventLoopTurns().next();
    return growth === 'table' ? this.growTable() : this.growArena();
  }

  /** Doubles the hash table if the budget allows, rebuilt from the stored hashes. */
  private growTable(): boolean {
    const fits = (slots: number) => this.usedBytes() - this.table.byteLength + slots * tableBytesPerSlot <= this.maxBytes;
    // Past a quarter of a million slots, straight to the most (each doubling rehashes all).
    let slots = this.tableSlots >= jumpFromSlots ? Math.max(this.maxSlots, this.tableSlots * 2) : this.tableSlots * 2;
    if (!fits(slots)) slots = this.tableSlots * 2;
    if (!fits(slots)) return false;
    const old = this.table;
    const table = new Int32Array((slots * tableBytesPerSlot) / 4);
    const mask = slots * 2 - 1;
    for (let at = 0; at < old.length; at += 2) {
      if (old[at] === 0) continue;
      let to = old[at + 1]! & mask;
      while (table[to * 2] !== 0) to = (to + 1) & mask;
      table[to * 2] = old[at]!;
      table[to * 2 + 1] = old[at + 1]!;
    }
    this.tableSlots = slots;
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
  async flush(): Promise<void> {
    if (await this.grow()) return;
    await this.writeLines('staging', this.staging, false, undefined, new EventLoopTurns());
    this.stagedLines += this.used;
    this.empty();
  }

  /**
   * Writes pairs held as rows of the dataset's partition (`title, code, totals, occurrences`; the
   * partition's default fills in the dataset) and takes them out of the table; answers how many.
   * With `record`, each written pair's key is recorded there. With `keepRepeated`, the pairs seen
   * more than once stay in the table — when they are at most a quarter of the pairs held and hold
   * at most half the key bytes, so that writing out always makes room — as they are likely to come
   * again (a census's common titles among record-level variants): written now, their later rows
   * would all be late rows.
   */
  async writePartitionRows(output: CopyOutput, record?: WrittenKeys, keepRepeated = false): Promise<number> {
    const keep = keepRepeated && this.repeated > 0 && this.repeated <= this.used / 4 && this.repeatedKeyBytes <= this.arenaUsed / 2;
    const written = this.used - (keep ? this.repeated : 0);
    const turns = new EventLoopTurns();
    await this.writeLines('partition', output, keep, record, turns);
    if (keep) await this.keepRepeatedOnly(turns);
    else this.empty();
    return written;
  }

  private empty(): void {
    this.used = 0;
    this.repeated = 0;
    this.repeatedKeyBytes = 0;
    this.arenaUsed = 0;
    this.table.fill(0);
  }

  /**
   * Moves the pairs seen more than once to the front (keys, counts, hashes) and rebuilds the table
   * over them; the rest go. In turns of the event loop, as a large table takes longer than a turn.
   */
  private async keepRepeatedOnly(turns: EventLoopTurns): Promise<void> {
    const { keys, counts, hashes, stride } = this;
    let kept = 0;
    let arenaTo = 0;
    for (let slot = 0; slot < this.used; slot++) {
      if ((slot & 0xffff) === 0 && turns.over) await turns.next();
      const base = slot * stride;
      if (counts[base]! < 2) continue;
      const start = keys[slot * 3]!;
      const titleBytes = keys[slot * 3 + 1]!;
      const codeBytes = keys[slot * 3 + 2]!;
      this.arena.copyWithin(arenaTo, start, start + titleBytes + codeBytes);
      keys[kept * 3] = arenaTo;
      keys[kept * 3 + 1] = titleBytes;
      keys[kept * 3 + 2] = codeBytes;
      hashes[kept] = hashes[slot]!;
      counts.copyWithin(kept * stride, base, base + stride);
      arenaTo += titleBytes + codeBytes;
      kept++;
    }
    this.used = kept;
    this.repeated = kept;
    this.repeatedKeyBytes = arenaTo;
    this.arenaUsed = arenaTo;
    const table = this.table;
    table.fill(0);
    for (let slot = 0; slot < kept; slot++) {
      if ((slot & 0xffff) === 0 && turns.over) await turns.next();
      let at = hashes[slot]! & this.mask;
      while (table[at * 2] !== 0) at = (at + 1) & this.mask;
      table[at * 2] = slot + 1;
      table[at * 2 + 1] = hashes[slot]!;
    }
  }

  /** Writes {@link lines} a buffer at a time, each taken in before the next, in turns of the event loop. */
  private async writeLines(form: LineForm, output: CopyOutput, skipRepeated: boolean, record: WrittenKeys | undefined, turns: EventLoopTurns): Promise<void> {
    // The reader's turn may be used up already: writing out starts a turn of its own.
    await turns.next();
    for (const text of this.lines(form, skipRepeated, record)) {
      output.write(text);
      await output.drained();
      if (turns.over) await turns.next();
    }
  }

  /**
   * The pairs held (but those seen more than once, when skipped) as lines of COPY text, in buffers
   * of about 64 KiB: staging lines, or partition rows; each pair's key recorded in `record` as
   * its line is made (here, so that recording a million keys waits for the event loop's turns too).
   */
  private *lines(form: LineForm, skipRepeated: boolean, record: WrittenKeys | undefined): Generator<Buffer> {
    const columns = this.totalsCount;
    // Room for the longest line: a key escaped (2 bytes a byte, 3 from windows-1252), the numbers.
    const longestLine = maxKeyBytes * 6 + 24 * (columns + 1) + columns + 64;
    let output = Buffer.allocUnsafe(outputBytes + longestLine);
    let length = 0;
    for (let slot = 0; slot < this.used; slot++) {
      const start = this.keys[slot * 3]!;
      const titleEnd = start + this.keys[slot * 3 + 1]!;
      const codeEnd = titleEnd + this.keys[slot * 3 + 2]!;
      const base = slot * this.stride;
      if (skipRepeated && this.counts[base]! >= 2) continue;
      record?.add(this.hashes[slot]!);
      length = this.writeText(output, length, start, titleEnd);
      output[length++] = 0x09;
      length = this.writeText(output, length, titleEnd, codeEnd);
      output[length++] = 0x09;
      if (form === 'partition') {
        output[length++] = 0x7b; // {
        for (let column = 1; column <= columns; column++) {
          if (column > 1) output[length++] = 0x2c;
          length = writeWholeNumber(output, length, this.counts[base + column]!);
        }
        output[length++] = 0x7d; // }
        output[length++] = 0x09;
        length = writeWholeNumber(output, length, this.counts[base]!);
      } else {
        length = writeWholeNumber(output, length, this.counts[base]!);
        for (let column = 1; column <= columns; column++) {
          output[length++] = 0x09;
          length = writeWholeNumber(output, length, this.counts[base + column]!);
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

/** Writes a whole number (at most 2^53 either way) in decimal digits at `at`; answers where it ends. By hand, as String(value) and a write would be a large share of writing out. */
export function writeWholeNumber(output: Buffer, at: number, value: number): number {
  if (value < 0) {
    output[at++] = 0x2d;
    value = -value;
  }
  let digits = 1;
  for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits++;
  const end = at + digits;
  for (let position = end - 1; position >= at; position--) {
    const next = Math.floor(value / 10);
    output[position] = 0x30 + (value - next * 10);
    value = next;
  }
  return end;
}
