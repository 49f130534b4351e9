import { describe, expect, it } from 'vitest';
import { nulInTitle, sumTooLarge, tableFull, TitleGroups } from './title-groups.js';

function collect(totalsCount: number, encoding: 'utf-8' | 'windows-1252' = 'utf-8', maxBytes?: number) {
  const lines: string[] = [];
  const staging = { write: (text: Buffer) => lines.push(...text.toString('utf8').split('\n').filter(Boolean)), drained: async () => undefined };
  const groups = new TitleGroups(totalsCount, staging, encoding, maxBytes);
  return { groups, lines };
}

const totals = (...values: number[]) => new Float64Array(values);

describe('TitleGroups', () => {
  it('adds up occurrences and totals per (title, code) and writes them as COPY text lines', async () => {
    const { groups, lines } = collect(2);
    groups.addText('baker', '1', totals(2, 3));
    groups.addText('baker', '1', totals(5, 0));
    groups.addText('baker', '2', totals(1, 1));
    groups.addText('bake', 'r1', totals(1, 1)); // same bytes joined, another pair
    expect(groups.size).toBe(3);
    await groups.flush();
    expect(lines.sort()).toEqual(['bake\tr1\t1\t1\t1', 'baker\t1\t2\t7\t3', 'baker\t2\t1\t1\t1']);
    expect(groups.size).toBe(0);
    expect(groups.stagedLines).toBe(3);
  });

  it('escapes what COPY text gives a meaning: backslash, tab and line breaks', async () => {
    const { groups, lines } = collect(0);
    groups.addText('a\\b\tc', 'x\ny\rz', totals());
    await groups.flush();
    expect(lines).toEqual(['a\\\\b\\tc\tx\\ny\\rz\t1']);
  });

  it('grows up to its memory budget, then says it is full until it is written out and starts again', async () => {
    const { groups, lines } = collect(1, 'utf-8', 64 * 1024);
    let distinct = 0;
    for (;;) {
      if (groups.addText(`title ${distinct}`, '', totals(1)) === tableFull) {
        // Room by growing first (in a turn of its own), while the budget allows.
        if (await groups.grow()) continue;
        break;
      }
      groups.addText('baker', '', totals(2));
      distinct++;
    }
    // Full: a pair it holds is still counted, a new one is not.
    expect(groups.size).toBe(distinct + 1);
    expect(groups.addText('baker', '', totals(2))).toBeGreaterThanOrEqual(0);
    expect(groups.addText(`title ${distinct}`, '', totals(1))).toBe(tableFull);
    expect(groups.spilled).toBe(false);
    expect(distinct).toBeGreaterThan(100);

    await groups.flush();
    expect(lines.length).toBe(distinct + 1);
    expect(groups.stagedLines).toBe(distinct + 1);
    expect(lines).toContain(`baker\t\t${distinct + 1}\t${2 * (distinct + 1)}`);
    expect(groups.spilled).toBe(true);
    expect(groups.size).toBe(0);
    expect(groups.addText(`title ${distinct}`, '', totals(1))).toBeGreaterThanOrEqual(0);
    await groups.flush();
    expect(lines.at(-1)).toBe(`title ${distinct}\t\t1\t1`);
  });

  it('writes out a buffer at a time, waiting for each to be taken in', async () => {
    const taken: number[] = [];
    let waiting = 0;
    const groups = new TitleGroups(0, {
      write: (text) => {
        expect(waiting).toBe(0);
        taken.push(text.length);
        waiting++;
      },
      drained: async () => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        waiting--;
      },
    });
    const titles = Array.from({ length: 100_000 }, (_, row) => `a title long enough to need more than one buffer ${row}`);
    for (const title of titles) {
      // The table grows (at 64 k pairs) when asked to.
      while (groups.addText(title, '', totals()) === tableFull) expect(await groups.grow()).toBe(true);
    }
    await groups.flush();
    expect(taken.length).toBeGreaterThan(3);
    // Every line, once: `title`, an empty code, one occurrence.
    expect(taken.reduce((sum, bytes) => sum + bytes, 0)).toBe(titles.reduce((sum, title) => sum + Buffer.byteLength(`${title}\t\t1\n`), 0));
    expect(waiting).toBe(0);
  });

  it('writes rows of the partition when every pair fitted', async () => {
    const { groups } = collect(2);
    groups.addText('baker', '1', totals(2, 3));
    groups.addText('baker', '1', totals(5, 0));
    groups.addText('smith', '', totals(1, 1));
    let text = '';
    await groups.writePartitionRows({ write: (chunk) => (text += chunk.toString('utf8')), drained: async () => undefined });
    expect(text).toBe('baker\t1\t{7,3}\t2\nsmith\t\t{1,1}\t1\n');
    expect(groups.size).toBe(0);
  });

  it('finds pairs from bytes wherever they are', async () => {
    const { groups, lines } = collect(0);
    const row = Buffer.from('xx,baker,17,');
    groups.add(row, 3, 8, row, 9, 11, totals());
    groups.addText('baker', '17', totals());
    await groups.flush();
    expect(lines).toEqual(['baker\t17\t2']);
  });

  it('writes windows-1252 keys as UTF-8', async () => {
    const { groups, lines } = collect(0, 'windows-1252');
    const bytes = Buffer.from([0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72, 0x80]);
    groups.add(bytes, 0, bytes.length, bytes, 0, 0, totals());
    await groups.flush();
    expect(lines).toEqual(['Müller€\t\t1']);
  });

  it('refuses a NUL and a sum past 2^53', () => {
    const { groups } = collect(1);
    expect(groups.addText('a\u0000b', '', totals(1))).toBe(nulInTitle);
    expect(groups.addText('a', '', totals(2 ** 52))).toBeGreaterThanOrEqual(0);
    expect(groups.addText('a', '', totals(2 ** 52))).toBe(sumTooLarge);
  });
});
