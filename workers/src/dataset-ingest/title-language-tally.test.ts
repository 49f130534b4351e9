import { describe, expect, it } from 'vitest';
import { type FilePiece, readCsvTitles } from './read-csv-titles.js';
import { TitleGroups } from './title-groups.js';
import { TitleLanguageTally } from './title-language-tally.js';

/** The tally's COPY text read back: (title, value) → rows, lines of a pair added up as the attach's GROUP BY does. */
function linesOf(text: string): Map<string, number> {
  const unescape = (value: string) => value.replace(/\\(.)/g, (_, char: string) => ({ t: '\t', n: '\n', r: '\r' })[char] ?? char);
  const tallies = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line) continue;
    const [title, value, rows] = line.split('\t');
    const key = `${unescape(title!)} | ${unescape(value!)}`;
    tallies.set(key, (tallies.get(key) ?? 0) + Number(rows));
  }
  return tallies;
}

async function* piecesOf(bytes: Buffer, cut: number): AsyncGenerator<FilePiece> {
  yield { bytes: bytes.subarray(0, cut), read: cut };
  yield { bytes: bytes.subarray(cut), read: bytes.length - cut };
}

/** Reads a CSV with a language column as the ingest does, handing the tallies on whenever `limit` pairs are held. */
async function tally(csv: string, options: { capacity: number; limit: number; cut: number }): Promise<{ rows: number; tallies: Map<string, number> }> {
  const tally = new TitleLanguageTally(options.limit);
  let text = '';
  const staging = { write: () => undefined, drained: async () => undefined };
  const groups = new TitleGroups(0, staging, 'utf-8', options.capacity);
  const rows = await readCsvTitles({
    pieces: piecesOf(Buffer.from(csv), options.cut),
    encoding: 'utf-8',
    checkUtf8: true,
    bytesBefore: 0,
    dialect: { delimiter: ',', newline: '\n' },
    columns: { titleColumn: 'title', codeColumn: 'code', totalsColumns: [], languageColumn: 'lang' },
    groups,
    languages: tally,
    afterPiece: async () => {
      if (tally.full) text += tally.take().toString('utf8');
    },
  });
  text += tally.take().toString('utf8');
  return { rows, tallies: linesOf(text) };
}

const csv = [
  'title,code,lang',
  'skomager,1, da ',
  'skomager,1,Danish',
  'skomager,2,dan',
  '"smed ""gammel""",3,"da"',
  'boerenknecht,4,nl',
  'boerenknecht,4,??',
  'farmer,5,',
  '"hans\tkone",-1,da',
  'back\\slash,6,xx',
  '',
].join('\n');

describe('a language column tallied per title while the file is read', () => {
  it.each([
    { capacity: 100, limit: 100, cut: 20 },
    // Groups that fill up re-read the row they had no room for; tallies handed on after every piece.
    { capacity: 1, limit: 1, cut: 7 },
  ])('counts each row once, by its title as stored and its value as written (trimmed) %o', async (options) => {
    const { rows, tallies } = await tally(csv, options);
    expect(rows).toBe(9);
    expect(Object.fromEntries(tallies)).toEqual({
      'skomager | da': 1,
      'skomager | Danish': 1,
      'skomager | dan': 1,
      'smed "gammel" | da': 1,
      'boerenknecht | nl': 1,
      'boerenknecht | ??': 1,
      'hans\tkone | da': 1,
      'back\\slash | xx': 1,
    });
  });

  it('keeps no empty value, and a long value short', () => {
    const tally = new TitleLanguageTally();
    tally.add('smed', '   ');
    expect(tally.size).toBe(0);
    tally.add('smed', 'x'.repeat(500));
    expect(linesOf(tally.take().toString('utf8'))).toEqual(new Map([[`smed | ${'x'.repeat(100)}`, 1]]));
    expect(tally.size).toBe(0);
  });
});
