import { describe, expect, it } from 'vitest';
import { nulInTitle, sumTooLarge, TitleGroups } from './title-groups.js';

function collect(totalsCount: number, encoding: 'utf-8' | 'windows-1252' = 'utf-8', maxBytes?: number) {
  const lines: string[] = [];
  const groups = new TitleGroups(totalsCount, (text) => lines.push(...text.toString('utf8').split('\n').filter(Boolean)), encoding, maxBytes);
  return { groups, lines };
}

const totals = (...values: number[]) => new Float64Array(values);

describe('TitleGroups', () => {
  it('adds up occurrences and totals per (title, code) and writes them as COPY text lines', () => {
    const { groups, lines } = collect(2);
    groups.addText('baker', '1', totals(2, 3));
    groups.addText('baker', '1', totals(5, 0));
    groups.addText('baker', '2', totals(1, 1));
    groups.addText('bake', 'r1', totals(1, 1)); // same bytes joined, another pair
    expect(groups.size).toBe(3);
    groups.flush();
    expect(lines.sort()).toEqual(['bake\tr1\t1\t1\t1', 'baker\t1\t2\t7\t3', 'baker\t2\t1\t1\t1']);
    expect(groups.size).toBe(0);
    expect(groups.stagedLines).toBe(3);
  });

  it('escapes what COPY text gives a meaning: backslash, tab and line breaks', () => {
    const { groups, lines } = collect(0);
    groups.addText('a\\b\tc', 'x\ny\rz', totals());
    groups.flush();
    expect(lines).toEqual(['a\\\\b\\tc\tx\\ny\\rz\t1']);
  });

  it('grows up to its memory budget, then writes the pairs out and starts again', () => {
    const { groups, lines } = collect(1, 'utf-8', 64 * 1024);
    expect(groups.spilled).toBe(false);
    let distinct = 0;
    for (let row = 0; !groups.spilled; row++) {
      groups.addText(`title ${row}`, '', new Float64Array([1]));
      groups.addText('baker', '', new Float64Array([2]));
      distinct++;
    }
    // The table filled up with the first titles and baker; the last title and baker start afresh.
    expect(lines.length).toBe(distinct);
    expect(groups.stagedLines).toBe(distinct);
    expect(lines).toContain(`baker\t\t${distinct - 1}\t${2 * (distinct - 1)}`);
    expect(groups.size).toBe(2);
    groups.flush();
    expect(lines.slice(-2)).toEqual([`title ${distinct - 1}\t\t1\t1`, 'baker\t\t1\t2']);
    expect(distinct).toBeGreaterThan(100);
  });

  it('writes rows of the partition when every pair fitted', async () => {
    const { groups } = collect(2);
    groups.addText('baker', '1', totals(2, 3));
    groups.addText('baker', '1', totals(5, 0));
    groups.addText('smith', '', totals(1, 1));
    let text = '';
    await groups.writePartitionRows('0b6c', (chunk) => (text += chunk.toString('utf8')), async () => undefined);
    expect(text).toBe('0b6c\tbaker\t1\t{7,3}\t2\n0b6c\tsmith\t\t{1,1}\t1\n');
  });

  it('finds pairs from bytes wherever they are', () => {
    const { groups, lines } = collect(0);
    const row = Buffer.from('xx,baker,17,');
    groups.add(row, 3, 8, row, 9, 11, totals());
    groups.addText('baker', '17', totals());
    groups.flush();
    expect(lines).toEqual(['baker\t17\t2']);
  });

  it('writes windows-1252 keys as UTF-8', () => {
    const { groups, lines } = collect(0, 'windows-1252');
    const bytes = Buffer.from([0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72, 0x80]);
    groups.add(bytes, 0, bytes.length, bytes, 0, 0, totals());
    groups.flush();
    expect(lines).toEqual(['Müller€\t\t1']);
  });

  it('refuses a NUL and a sum past 2^53', () => {
    const { groups } = collect(1);
    expect(groups.addText('a\u0000b', '', totals(1))).toBe(nulInTitle);
    expect(groups.addText('a', '', totals(2 ** 52))).toBeGreaterThanOrEqual(0);
    expect(groups.addText('a', '', totals(2 ** 52))).toBe(sumTooLarge);
  });
});
