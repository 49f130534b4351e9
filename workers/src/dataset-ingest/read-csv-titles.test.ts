import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { nameHeaderColumns } from '@og/shared/domain/csv-header';
import type { CsvDialect } from '@og/shared/domain/csv-dialect';
import { InvalidDatasetFileError } from '@og/api/files/dataset-file-error';
import { type FilePiece, maxRowBytes, readCsvTitles, type TitleColumns } from './read-csv-titles.js';
import type { ByteEncoding } from '@og/api/files/text-bytes';
import { TitleGroups } from './title-groups.js';
import { NotUtf8Error } from '@og/api/files/upload-sniffing';

/**
 * The byte-level CSV reading checked against papaparse (what the browser uses) and
 * `String.prototype.trim`: the same files give the same rows, whatever the dialect, quoting,
 * line breaks and where the file is cut into pieces.
 */

type Rows = Map<string, { totals: number[]; occurrences: number }>;

/** Reads COPY text lines back (unescaping) and adds up lines of the same pair, as the final GROUP BY does. */
function rowsOfCopyText(text: string): Rows {
  const rows: Rows = new Map();
  const unescape = (value: string) => value.replace(/\\(.)/g, (_, char: string) => ({ t: '\t', n: '\n', r: '\r' })[char] ?? char);
  for (const line of text.split('\n')) {
    if (!line) continue;
    const [title, code, occurrences, ...totals] = line.split('\t');
    const key = `${unescape(title!)}\u0000${unescape(code!)}`;
    const row = rows.get(key) ?? { totals: totals.map(() => 0), occurrences: 0 };
    row.occurrences += Number(occurrences);
    totals.forEach((value, index) => (row.totals[index]! += Number(value)));
    rows.set(key, row);
  }
  return rows;
}

async function* piecesOf(bytes: Buffer, cuts: number[]): AsyncGenerator<FilePiece> {
  let start = 0;
  for (const cut of [...cuts.filter((at) => at > 0 && at < bytes.length).sort((a, b) => a - b), bytes.length]) {
    yield { bytes: bytes.subarray(start, cut), read: cut - start };
    start = cut;
  }
}

async function read(
  content: string | Buffer,
  columns: Partial<TitleColumns>,
  options: { dialect?: Partial<CsvDialect>; cuts?: number[]; capacity?: number; encoding?: ByteEncoding } = {},
): Promise<{ rows: number; titles: Rows }> {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  const encoding = options.encoding ?? 'utf-8';
  const all = { titleColumn: 'title', codeColumn: null, totalsColumns: [], ...columns };
  let copyText = '';
  const staging = { write: (text: Buffer) => (copyText += text.toString('utf8')), drained: async () => undefined };
  const groups = new TitleGroups(all.totalsColumns.length, staging, encoding, options.capacity ?? 100);
  const rows = await readCsvTitles({
    pieces: piecesOf(bytes, options.cuts ?? []),
    encoding,
    checkUtf8: encoding === 'utf-8',
    bytesBefore: 0,
    dialect: { delimiter: ',', newline: '\n', ...options.dialect },
    columns: all,
    groups,
    afterPiece: async () => undefined,
  });
  await groups.flush();
  return { rows, titles: rowsOfCopyText(copyText) };
}

/** What papaparse and String.prototype.trim make of the same text. */
function papaparseRows(text: string, columns: TitleColumns, dialect: CsvDialect): { rows: number; titles: Rows } | null {
  const parsed = Papa.parse<string[]>(text, { delimiter: dialect.delimiter, newline: dialect.newline, skipEmptyLines: true });
  if (parsed.errors.length) return null;
  const [headerCells, ...data] = parsed.data;
  const header = nameHeaderColumns(headerCells!);
  const titles: Rows = new Map();
  for (const row of data) {
    if (row.length !== header.length) return null;
    const cell = (name: string | null) => (name === null ? '' : row[header.indexOf(name)]!.trim());
    const key = `${cell(columns.titleColumn)}\u0000${cell(columns.codeColumn)}`;
    const totals = columns.totalsColumns.map((name) => {
      const value = row[header.indexOf(name)]!.replace(/^[ \t\r]+|[ \t\r]+$/g, '');
      return value === '' ? 0 : Number(value);
    });
    const found = titles.get(key) ?? { totals: totals.map(() => 0), occurrences: 0 };
    found.occurrences++;
    totals.forEach((value, index) => (found.totals[index]! += value));
    titles.set(key, found);
  }
  return { rows: data.length, titles };
}

/** A small deterministic random source. */
function randomFrom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('reading CSV titles from bytes', () => {
  it('reads what papaparse reads: random files, dialects, quoting, white space and cuts', async () => {
    const random = randomFrom(4);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const spaces = [' ', '\t', '\u00a0', '\u3000', '\u2009', '\ufeff', '\u2028'];
    const words = ['baker', 'Bäcker', 'smith', 'Müller', 'tailor', 'café', 'weaver', '織工', 'x'];
    let compared = 0;
    for (let round = 0; round < 400; round++) {
      const dialect: CsvDialect = { delimiter: pick([',', ';', '\t', '|']), newline: pick(['\n', '\r\n', '\r'] as const) };
      const d = dialect.delimiter;
      const value = () => {
        let text = pick(words);
        if (random() < 0.3) text = pick(spaces) + text;
        if (random() < 0.3) text += pick(spaces);
        if (random() < 0.15) text += `${d}${pick(words)}`;
        if (random() < 0.1) text += `"${pick(words)}"`;
        if (random() < 0.1) text += `\n${pick(words)}`;
        if (random() < 0.05) text += `\r\n${pick(words)}`;
        return text;
      };
      const field = (text: string) => {
        const needsQuotes = text.includes(d) || text.includes('"') || text.includes('\n') || text.includes('\r');
        const quoted = needsQuotes || random() < 0.2 ? `"${text.replace(/"/g, '""')}"` : text;
        return needsQuotes && random() < 0.2 ? `${quoted}${pick([' ', '  ', '\t'])}` : quoted;
      };
      const total = () => pick(['', '0', '7', ' 12 ', '-3', '"5"', '40\t']);
      let text = ['title', 'code', 'n', 'notes'].join(d) + dialect.newline;
      const lines = 1 + Math.floor(random() * 12);
      for (let line = 0; line < lines; line++) {
        if (random() < 0.1) text += dialect.newline; // a blank line
        text += [field(value()), field(pick(['1', '2', ' 3', 'HS1'])), total(), field(value())].join(d);
        if (line < lines - 1 || random() < 0.7) text += dialect.newline;
      }
      const columns: TitleColumns = { titleColumn: 'title', codeColumn: 'code', totalsColumns: ['n'] };
      const expected = papaparseRows(text, columns, dialect);
      if (!expected) continue;
      const bytes = Buffer.from(text);
      const cuts = Array.from({ length: Math.floor(random() * 4) }, () => Math.floor(random() * bytes.length));
      const got = await read(bytes, columns, { dialect, cuts, capacity: 1 + Math.floor(random() * 5) });
      expect({ text, ...got }).toEqual({ text, ...expected });
      compared++;
    }
    expect(compared).toBeGreaterThan(300);
  });

  it('groups by the trimmed title and code, adding up occurrences and totals', async () => {
    const got = await read('title,code,men,women\n  Smith ,HS1,2,3\nSmith,HS1,5,\n"Smith ",HS1, 1 ,1\nSmith,HS2,1,1\n', {
      codeColumn: 'code',
      totalsColumns: ['men', 'women'],
    });
    expect(got.rows).toBe(4);
    expect(got.titles).toEqual(
      new Map([
        ['Smith\u0000HS1', { totals: [8, 4], occurrences: 3 }],
        ['Smith\u0000HS2', { totals: [1, 1], occurrences: 1 }],
      ]),
    );
  });

  it('counts physical lines for its messages: quoted line breaks, CRLF, lone CR files', async () => {
    const ragged = (text: string, dialect: Partial<CsvDialect> = {}) => read(text, { codeColumn: 'code' }, { dialect });
    await expect(ragged('title,code\n"a\nb",1\n\nc,2\nd\n')).rejects.toThrow('Line 6 has 1 field; the header has 2.');
    await expect(ragged('title,code\r\n"a\r\nb",1\r\nc,2\r\nd\r\n', { newline: '\r\n' })).rejects.toThrow('Line 5 has 1 field; the header has 2.');
    await expect(ragged('title,code\rc,2\rd,1,x\r', { newline: '\r' })).rejects.toThrow('Line 3 has 3 fields; the header has 2.');
  });

  it('refuses a stray quote, an unclosed quote and a row that never ends', async () => {
    await expect(read('title\n"a"b\n', {})).rejects.toThrow('Line 2: a quoted field has a stray " in it');
    await expect(read('title\nok\n"never closed\nmore\n', {})).rejects.toThrow('Line 3: a quoted field is never closed (a " is missing).');
    const endless = `title\n"${'x'.repeat(maxRowBytes + 10)}`;
    await expect(read(endless, {}, { cuts: [1024 * 1024, 2 * 1024 * 1024, 3 * 1024 * 1024, 4 * 1024 * 1024] })).rejects.toThrow(
      'Line 2: a row runs on for more than 4 MB; is a quote never closed?',
    );
  });

  it('checks UTF-8 across cuts, and says when it is not', async () => {
    const text = Buffer.from('title\nMüller\n織工\n');
    for (let cut = 1; cut < text.length; cut++) {
      expect((await read(text, {}, { cuts: [cut] })).titles.has('織工\u0000')).toBe(true);
    }
    const latin1 = Buffer.concat([Buffer.from('title\nweaver\n'), Buffer.from('M\xfcller\n', 'latin1')]);
    await expect(read(latin1, {}, { cuts: [8] })).rejects.toThrow(NotUtf8Error);
    await expect(read(Buffer.from([...Buffer.from('title\n'), 0xe2, 0x82]), {})).rejects.toThrow(NotUtf8Error); // cut off at the end
  });

  it('reads windows-1252 bytes, storing them as UTF-8', async () => {
    const bytes = Buffer.concat([Buffer.from('title\nCaf\xe9 \xa0\n', 'latin1'), Buffer.from([0x80, 0x0a])]);
    const got = await read(bytes, {}, { encoding: 'windows-1252' });
    expect([...got.titles.keys()].sort()).toEqual(['Café\u0000', '€\u0000']);
  });

  it('refuses long titles and codes with their line, and NUL characters', async () => {
    await expect(read(`title\n${'x'.repeat(2_001)}\n`, {})).rejects.toThrow('Line 2: the title is 2,001 characters long; at most 2,000 are allowed.');
    await expect(read(`title,code\na,"${'é'.repeat(1_400)}"\n`, { codeColumn: 'code' })).rejects.toThrow(
      'Line 2: the title and code take 2,801 bytes together in UTF-8; at most 2,600 fit the index.',
    );
    expect((await read(`title\n${'é'.repeat(1_300)}\n`, {})).rows).toBe(1);
    await expect(read('title\na\u0000b\n', {})).rejects.toThrow('Line 2: the title or code contains a NUL character');
  });

  it('fails on totals that are not whole numbers, naming the cell', async () => {
    await expect(read('title,n\na,1\nb,"1,5"\n', { totalsColumns: ['n'] })).rejects.toThrow("Line 3: '1,5' in totals column 'n' is not a whole number.");
    await expect(read('title,n\na,1234567890123456\n', { totalsColumns: ['n'] })).rejects.toThrow('is too large (at most 15 digits)');
  });

  it('needs a header and a row', async () => {
    await expect(read('\n\n', {})).rejects.toThrow(new InvalidDatasetFileError('The file is empty.'));
    await expect(read('title\n\n', {})).rejects.toThrow('The file has a header but no rows.');
  });
});
