import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { afterAll, describe, expect, it } from 'vitest';
import { openPredictionFile } from './prediction-file.js';

/**
 * THE BIG-FILE CHECK: a ~200 MB OCCPAST JSON file, written on the fly to a temporary folder, is
 * read with bounded memory (the reader must never hold the file, a 2 GB upload being the case it
 * is built for). Writing the file and reading it take a while, hence its longer time limit.
 */

const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'og-prediction-memory-'));
afterAll(() => fs.rmSync(tempDir, { recursive: true, force: true }));

const targetBytes = 200 * 1024 * 1024;
const megabyte = 1024 * 1024;

/** An entry as OCCPAST writes them (one per line here, so entry i starts on line i + 2). */
const entryText = (index: number) =>
  `{"string": "en[SEP]labourer at the ${index}th mill", "predictions": [{"uris": ["hisco:99910", "pst2:${index % 4133}"], "conf": 0.93}, {"uris": ["hisco:${index % 99999}"], "conf": "0.05"}]}`;

/**
 * The heap, and the memory outside it that V8 is told of: Node keeps text decoded from pieces over
 * ~1 MB as external strings, which `heapUsed` alone does not count.
 */
function memoryUsed(): number {
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
}

async function writeBigFile(file: string): Promise<number> {
  const out = fs.createWriteStream(file);
  let bytes = 0;
  let count = 0;
  out.write('[\n');
  while (bytes < targetBytes) {
    const lines: string[] = [];
    for (let i = 0; i < 5_000; i++) lines.push(entryText(count + i));
    const piece = `${count ? ',\n' : ''}${lines.join(',\n')}`;
    count += lines.length;
    bytes += piece.length;
    if (!out.write(piece)) await once(out, 'drain');
  }
  out.end('\n]\n');
  await once(out, 'finish');
  return count;
}

describe('a 200 MB OCCPAST JSON file', () => {
  it('is read entry by entry with the heap growing by less than 100 MB', { timeout: 60_000 }, async () => {
    const file = path.join(tempDir, 'big.json');
    const count = await writeBigFile(file);
    expect(fs.statSync(file).size).toBeGreaterThan(targetBytes);

    const heapBefore = memoryUsed();
    let heapMost = heapBefore;
    let read = 0;
    const checked: { index: number; line: number; string: string; uris: string[] }[] = [];
    const opened = await openPredictionFile(file);
    for await (const entry of opened.entries) {
      if (read % 10_000 === 0) heapMost = Math.max(heapMost, memoryUsed());
      if (read % 250_000 === 0) checked.push({ index: read, line: entry.line, string: entry.string, uris: entry.predictions.flatMap((prediction) => prediction.uris) });
      read++;
    }

    expect(read).toBe(count);
    expect(opened.summary()).toEqual({ format: 'occpast-json', rows: count, emptyTitles: 0, ignoredColumns: [] });
    expect(checked.length).toBeGreaterThan(4);
    for (const { index, line, string, uris } of checked) {
      expect({ line, string, uris }).toEqual({
        line: index + 2,
        string: `labourer at the ${index}th mill`,
        uris: ['hisco:99910', `pst2:${index % 4133}`, `hisco:${String(index % 99999).padStart(5, '0')}`],
      });
    }
    expect((heapMost - heapBefore) / megabyte).toBeLessThan(100);
  });
});
