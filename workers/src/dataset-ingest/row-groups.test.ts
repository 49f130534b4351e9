import { describe, expect, it } from 'vitest';
import { DatasetRowGroups } from './row-groups.js';
import { tableFull, writeWholeNumber } from './title-groups.js';

type Sums = Map<string, number[]>;

/** Groups with outputs that keep the partition's rows and the staging lines as text. */
function grouping(maxBytes: number) {
  const text = { partition: '', staging: '' };
  const output = (table: 'partition' | 'staging') => async () => ({ write: (chunk: Buffer) => void (text[table] += chunk.toString('utf8')), drained: async () => undefined });
  const groups = new DatasetRowGroups(1, { partition: output('partition'), staging: output('staging') }, 'utf-8', maxBytes);
  return { groups, text };
}

/** Adds a row, writing out (as the readers do) whenever the groups are full. */
async function addRow(groups: DatasetRowGroups, title: string, total: number) {
  const totals = new Float64Array([total]);
  while (groups.addText(title, '', totals) === tableFull) await groups.flush();
}

/** The partition's rows (title → [occurrences, total]), and whether any title came twice. */
function partitionRows(text: string): { rows: Sums; twice: string[] } {
  const rows: Sums = new Map();
  const twice: string[] = [];
  for (const line of text.split('\n').filter(Boolean)) {
    const [title, , totals, occurrences] = line.split('\t');
    if (rows.has(title!)) twice.push(title!);
    rows.set(title!, [Number(occurrences), Number(totals!.slice(1, -1))]);
  }
  return { rows, twice };
}

/** The merge at the end: the staging lines added up, then added to the partition's rows. */
function merged(partition: Sums, staging: string): Sums {
  const rows = new Map([...partition].map(([title, sums]) => [title, [...sums]]));
  for (const line of staging.split('\n').filter(Boolean)) {
    const [title, , occurrences, total] = line.split('\t');
    const row = rows.get(title!) ?? [0, 0];
    rows.set(title!, [row[0]! + Number(occurrences), row[1]! + Number(total)]);
  }
  return rows;
}

describe('DatasetRowGroups', () => {
  it('writes each pair to the partition once, and the rows of pairs written already as late lines: together, exactly the file', async () => {
    const { groups, text } = grouping(64 * 1024);
    const expected: Sums = new Map();
    // Record-level variants (each once) among common titles that come back throughout.
    for (let row = 0; row < 30_000; row++) {
      const title = row % 5 === 0 ? `common ${row % 40}` : row % 7 === 0 ? `rare ${row % 997}` : `variant ${row}`;
      const total = row % 11;
      await addRow(groups, title, total);
      const sums = expected.get(title) ?? [0, 0];
      expected.set(title, [sums[0]! + 1, sums[1]! + total]);
    }
    await groups.finish();
    expect(groups.spilled).toBe(true);

    const { rows, twice } = partitionRows(text.partition);
    expect(twice).toEqual([]);
    expect(rows.size).toBe(groups.writtenPairs);
    expect(merged(rows, text.staging)).toEqual(expected);
    // Kept in memory while the variants were written out, the common titles were written once, at the end, with all their rows.
    expect(rows.get('common 0')).toEqual(expected.get('common 0'));
    expect(groups.lateLines).toBeGreaterThan(0);
  });

  it('writes everything at the end when the pairs fit', async () => {
    const { groups, text } = grouping(1024 * 1024);
    for (let row = 0; row < 1_000; row++) await addRow(groups, `title ${row % 100}`, 1);
    await groups.finish();
    expect(groups.spilled).toBe(false);
    expect(groups.lateLines).toBe(0);
    expect(text.staging).toBe('');
    const { rows } = partitionRows(text.partition);
    expect(rows.size).toBe(100);
    expect(rows.get('title 7')).toEqual([10, 10]);
  });
});

describe('writeWholeNumber', () => {
  it('writes whole numbers as String does, up to 2^53 either way', () => {
    const output = Buffer.alloc(64);
    for (const value of [0, 7, 10, 99, 100, 123_456_789, 2 ** 31, 2 ** 32 + 1, Number.MAX_SAFE_INTEGER, -1, -10, -Number.MAX_SAFE_INTEGER]) {
      const end = writeWholeNumber(output, 3, value);
      expect(output.toString('latin1', 3, end)).toBe(String(value));
    }
  });
});

describe('DatasetRowGroups when the held pairs are mostly repeated', () => {
  it('still makes room: a table full of pairs seen twice (long keys) is written out whole', async () => {
    const { groups, text } = grouping(64 * 1024);
    const expected: Sums = new Map();
    // Each pair twice in a row (a file sorted by title), long titles: the key bytes fill the memory.
    for (let pair = 0; pair < 3_000; pair++) {
      const title = `${'a long occupational title, as transcribed '.repeat(4)}${pair}`;
      for (let row = 0; row < 2; row++) await addRow(groups, title, 1);
      expected.set(title, [2, 2]);
    }
    await groups.finish();
    const { rows, twice } = partitionRows(text.partition);
    expect(twice).toEqual([]);
    expect(merged(rows, text.staging)).toEqual(expected);
  });
});
