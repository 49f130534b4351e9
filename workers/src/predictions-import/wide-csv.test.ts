import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPredictionFile } from '@og/api/predictions/prediction-file/prediction-file';
import type { EntryFields } from './entry-copies.js';
import { type CodeMatcher, isShortestDecimal, type WideLayout, wideLayout, WideRows } from './wide-csv.js';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'og-wide-csv-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

const header = 'row,inputs,hisco_1,prob_1,desc_1,hisco_2,prob_2,desc_2';

/** A matcher that knows every code but 99999, as the job's would with HISCO. */
function matcher(): CodeMatcher {
  const unknown = new Set<string>();
  return {
    unknown,
    canonical: (uri) => {
      if (uri.endsWith(':99999')) unknown.add(uri);
      return uri;
    },
  };
}

async function layoutOf(text: string): Promise<WideLayout | null> {
  const file = path.join(folder, `${Math.random().toString(36).slice(2)}.csv`);
  fs.writeFileSync(file, text);
  return wideLayout(file);
}

/** Reads `text` handed to the reader in pieces of `pieceLength` characters; null when it refuses the file. */
async function readInPieces(layout: WideLayout, text: string, pieceLength: number): Promise<{ entries: EntryFields[]; rows: WideRows } | null> {
  const rows = new WideRows(layout, matcher());
  const entries: EntryFields[] = [];
  for (let at = 0; at < text.length; at += pieceLength) {
    if (!(await rows.readPiece(text.slice(at, at + pieceLength), false, (entry) => entries.push(entry)))) return null;
  }
  if (!(await rows.readPiece('', true, (entry) => entries.push(entry))) || !rows.end()) return null;
  return { entries, rows };
}

/** The titles and predictions the JavaScript reader reads in the same file (its predictions as written: these rows need no merging). */
async function readByJavaScript(text: string): Promise<{ string: string; predictions: string }[]> {
  const file = path.join(folder, `${Math.random().toString(36).slice(2)}.csv`);
  fs.writeFileSync(file, text);
  const read = await openPredictionFile(file, { signal: new AbortController().signal, onBytes: () => undefined, reading: null });
  const entries: { string: string; predictions: string }[] = [];
  for await (const entry of read.entries) entries.push({ string: entry.string, predictions: JSON.stringify(entry.predictions) });
  return entries;
}

describe('the wide reader of OccCANINE CSVs', () => {
  it('reads quoted cells, doubled quotes, line breaks in cells and CRLF as papaparse does, however the text is cut into pieces', async () => {
    const rows = [
      '0,en[SEP]Farmer,61110,0.9,Farm Worker,62105,0.05,"Farm, dairy"',
      '1,"en[SEP]Smith, ""black""",83110,0.8,Smith,,,No pred',
      '2,"en[SEP]Two\nlines",61110.0,1,"A ""quoted""\r\nname",,,No pred',
      '3,  ,61110,0.5,x,,,No pred',
      '4,da[SEP]Bäcker\tmeister,7110,.5,"",,,',
      '5,"en[SEP]Tab\there, back\\slash",99999,0.25,x,61110,0.2,y',
    ];
    for (const newline of ['\n', '\r\n']) {
      const text = `${header}${newline}${rows.join(newline)}${newline}`;
      const layout = await layoutOf(text);
      expect(layout).toMatchObject({ newline, title: 1, slots: [{ code: 2, probability: 3, description: 4 }, { code: 5, probability: 6, description: 7 }] });
      const whole = await readInPieces(layout!, text, text.length);
      expect(whole).not.toBeNull();
      expect(whole!.rows).toMatchObject({ rows: 6, emptyTitles: 1, unknownCodes: 1 });
      expect(whole!.entries.map((entry) => entry.string)).toEqual(['Farmer', 'Smith, "black"', 'Two\nlines', 'Bäcker\tmeister', 'Tab\there, back\\slash']);
      // As COPY text: tabs, line breaks and backslashes escaped; normalised forms need none.
      expect(whole!.entries.map((entry) => [entry.stringCopy, entry.normCopy])).toEqual([
        ['Farmer', 'farmer'],
        ['Smith, "black"', 'smith black'],
        ['Two\\nlines', 'two lines'],
        ['Bäcker\\tmeister', 'backer meister'],
        ['Tab\\there, back\\\\slash', 'tab here back slash'],
      ]);
      expect(whole!.entries.map((entry) => [entry.predictionsCopy, entry.best, entry.unknownCopy])).toEqual([
        ['[{"uris":["hisco:61110"],"conf":0.9},{"uris":["hisco:62105"],"conf":0.05}]', 0.9, '{}'],
        ['[{"uris":["hisco:83110"],"conf":0.8}]', 0.8, '{}'],
        ['[{"uris":["hisco:61110"],"conf":1}]', 1, '{}'],
        ['[{"uris":["hisco:07110"],"conf":0.5}]', 0.5, '{}'],
        ['[{"uris":["hisco:99999"],"conf":0.25},{"uris":["hisco:61110"],"conf":0.2}]', 0.25, '{"hisco:99999"}'],
      ]);
      const javascript = await readByJavaScript(text);
      expect(whole!.entries.map((entry) => ({ string: entry.string, predictions: entry.predictionsCopy.replace(/\\\\/g, '\\') }))).toEqual(javascript);
      for (const pieceLength of [1, 2, 3, 5, 7, 16, 61]) {
        const pieces = await readInPieces(layout!, text, pieceLength);
        expect(pieces?.entries, `pieces of ${pieceLength}`).toEqual(whole!.entries);
      }
    }
  });

  it('keeps at most 100,000 code cells matched, and reads a file of more as it reads any other', async () => {
    let matched = 0;
    const counting: CodeMatcher = { unknown: new Set(), canonical: (uri) => (matched++, uri) };
    const lines = Array.from({ length: 100_010 }, (_, at) => `${at},en[SEP]T${at},${String(10_000 + at)},0.5,x,,,No pred`);
    lines.push('100010,en[SEP]Again,10000,0.5,x,,,No pred');
    const text = `${header}\n${lines.join('\n')}\n`;
    const rows = new WideRows((await layoutOf(text.slice(0, 2000)))!, counting);
    const entries: EntryFields[] = [];
    expect(await rows.readPiece(text, true, (entry) => entries.push(entry))).toBe(true);
    expect(rows.end()).toBe(true);
    expect(entries).toHaveLength(100_011);
    // The first cell was forgotten when the 100,001st came, and is matched again on the last row.
    expect(matched).toBe(100_011);
    expect(entries.at(-1)!.predictionsCopy).toBe('[{"uris":["hisco:10000"],"conf":0.5}]');
  });

  it('writes each probability in the JSON of its entry as JavaScript writes its number, keeping the text where it is that', async () => {
    const written = ['0', '1', '0.5', '.5', '0.50', '00.5', '1.0', '1.', '0.0', '0.9', '0.05', '0.67931622', '0.00119670', '0.000001', '0.0000012', '0.0000001', '0.00000004'];
    const fifteen = ['0.123456789012345', '0.1234567890123456', '0.12345678901234567', '0.000012345678901234', '0.30000000000000004'];
    // A random decimal of 1 to 18 digits after the point, below 1, with up to 8 zeros first.
    let seed = 7;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
    const drawn = Array.from({ length: 5_000 }, () => {
      const digits = Array.from({ length: 1 + Math.floor(random() * 18) }, () => String(Math.floor(random() * 10))).join('');
      return `0.${'0'.repeat(Math.floor(random() * 9))}${digits}`;
    });
    for (const text of [...written, ...fifteen, ...drawn]) {
      if (!/^\d*\.?\d+$|^\d+\.$/.test(text)) continue;
      // Never a text that is not the number's own; every one that is, up to 15 significant digits.
      const own = String(Number(text)) === text;
      if (isShortestDecimal(text)) expect(own, text).toBe(true);
      else if (text.replace('.', '').replace(/^0+/, '').length <= 15) expect(own, text).toBe(false);
    }
    const rows = written.map((probability, at) => `${at},en[SEP]Title ${at},61110,${probability},x,,,No pred`);
    const text = `${header}\n${rows.join('\n')}\n`;
    const read = await readInPieces((await layoutOf(text))!, text, 1000);
    const javascript = await readByJavaScript(text);
    expect(read!.entries.map((entry) => ({ string: entry.string, predictions: entry.predictionsCopy }))).toEqual(javascript);
    expect(read!.entries.map((entry) => JSON.parse(entry.predictionsCopy)[0].conf)).toEqual(written.map(Number));
  });

  it('merges slots that name one code twice or come out of order, as the job merges a row', async () => {
    const text = `${header}\n0,en[SEP]Baker,61110,0.2,x,61110.0,0.3,y\n1,en[SEP]Miller,83110,0.2,x,61110,0.6,y\n2,en[SEP]Weaver,"75110&75120",0.7,x,,,No pred\n`;
    const read = await readInPieces((await layoutOf(text))!, text, 1000);
    expect(read!.entries.map((entry) => entry.predictionsCopy)).toEqual([
      '[{"uris":["hisco:61110"],"conf":0.3}]',
      '[{"uris":["hisco:61110"],"conf":0.6},{"uris":["hisco:83110"],"conf":0.2}]',
      '[{"uris":["hisco:75110","hisco:75120"],"conf":0.7}]',
    ]);
  });

  it('leaves to the JavaScript reader a file papaparse may read otherwise, and a probability that is not one', async () => {
    const refused = {
      'a quote inside a cell': `${header}\n0,en[SEP]Farm "hand",61110,0.9,x,,,No pred\n`,
      'a blank line': `${header}\n0,en[SEP]Farmer,61110,0.9,x,,,No pred\n\n1,en[SEP]Smith,83110,0.9,x,,,No pred\n`,
      'a row wider than the header': `${header}\n0,en[SEP]Farmer,61110,0.9,x,,,No pred,extra\n`,
      'a row narrower than the header': `${header}\n0,en[SEP]Farmer,61110,0.9,x\n`,
      'text after a closing quote': `${header}\n0,"en[SEP]Farmer"x,61110,0.9,x,,,No pred\n`,
      'the file ends inside a row': `${header}\n0,"en[SEP]Farmer,61110,0.9,x,,,No pred\n`,
      'a probability that is not one': `${header}\n0,en[SEP]Farmer,61110,1.5,x,,,No pred\n`,
    };
    const layout = (await layoutOf(`${header}\n0,en[SEP]Farmer,61110,0.9,x,,,No pred\n`))!;
    for (const [reason, text] of Object.entries(refused)) {
      const rows = new WideRows(layout, matcher());
      const read = (await rows.readPiece(text, false, () => undefined)) && (await rows.readPiece('', true, () => undefined)) && rows.end();
      expect(read, reason).toBe(false);
      expect(rows.disagreement).toBe(reason === 'the file ends inside a row' ? 'a quote never closed' : reason);
    }
    // A row carried over pieces past a megabyte (a quoted cell that never ends, in a large file) would be scanned again with every piece.
    const long = new WideRows(layout, matcher());
    expect(await long.readPiece(`${header}\n0,"en[SEP]${'x'.repeat(600_000)}`, false, () => undefined)).toBe(true);
    expect(await long.readPiece('y'.repeat(600_000), false, () => undefined)).toBe(false);
    expect(long.disagreement).toBe('a row longer than a megabyte');
    const crlf = `${header}\r\n0,en[SEP]Farmer,61110,0.9,x,,,No pred\n1,en[SEP]Smith,83110,0.9,x,,,No pred\r\n2,en[SEP]Baker,83110,0.9,x,,,No pred\r\n`;
    const rows = new WideRows({ ...layout, newline: '\r\n' }, matcher());
    expect(await rows.readPiece(crlf, true, () => undefined)).toBe(false);
    expect(rows.disagreement).toBe('a line feed without its carriage return');
  });
});
