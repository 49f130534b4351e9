import { describe, expect, it } from 'vitest';
import { CsvProfiler, DistinctValues } from './csv-profile';
import { readCsvChunks } from './csv-reader';

async function profileOf(text: string | Uint8Array<ArrayBuffer>, columns: { titleColumn: string | null; codeColumn: string | null }, options: { chunkBytes?: number; cap?: number; labels?: string[] } = {}) {
  const profiler = new CsvProfiler(columns, options.cap);
  if (options.labels) profiler.setCodeLabels(new Set(options.labels));
  let last = { bytesRead: 0, totalBytes: 0, done: false };
  const formats = [];
  for await (const chunk of readCsvChunks(new Blob([text]), options.chunkBytes)) {
    profiler.addRows(chunk.rows);
    formats.push(chunk.format);
    last = { bytesRead: chunk.bytesRead, totalBytes: chunk.totalBytes, done: chunk.bytesRead >= chunk.totalBytes };
  }
  return { profile: profiler.snapshot(last), header: profiler.headerRow, format: formats.find(Boolean) };
}

/** The text's UTF-16 code units, in either byte order. */
function utf16(text: string, littleEndian: boolean): Uint8Array<ArrayBuffer> {
  const view = new DataView(new ArrayBuffer(text.length * 2));
  for (let index = 0; index < text.length; index++) view.setUint16(index * 2, text.charCodeAt(index), littleEndian);
  return new Uint8Array(view.buffer);
}

describe('reading a CSV in chunks', () => {
  it('gives the same rows whatever the chunk size, quoted newlines, quotes and delimiters included', async () => {
    const text = 'title,code\r\n"Smith, black","1"\r\n"said ""hello""\nand left",2\r\n\r\nbaker,3\r\n';
    const all: string[][][] = [];
    for (const chunkBytes of [1, 2, 3, 7, 1000]) {
      const rows: string[][] = [];
      for await (const chunk of readCsvChunks(new Blob([text]), chunkBytes)) rows.push(...chunk.rows);
      all.push(rows);
    }
    for (const rows of all) {
      expect(rows).toEqual([
        ['title', 'code'],
        ['Smith, black', '1'],
        ['said "hello"\nand left', '2'],
        ['baker', '3'],
      ]);
    }
  });

  it('keeps characters split across chunks whole and drops a UTF-8 BOM', async () => {
    const text = '\uFEFFtitle\nSchnürmacher\nпекарь\n🧪 chemist\n';
    const rows: string[][] = [];
    for await (const chunk of readCsvChunks(new Blob([text]), 1)) rows.push(...chunk.rows);
    expect(rows).toEqual([['title'], ['Schnürmacher'], ['пекарь'], ['🧪 chemist']]);
  });

  it('reads UTF-16 with a byte-order mark in either byte order, as the ingest job does, whatever the chunk size', async () => {
    const text = 'title\thisco\r\nSkräddare\t79100\r\nBäcker\t77610\r\n';
    for (const [littleEndian, encoding] of [[true, 'utf-16le'], [false, 'utf-16be']] as const) {
      for (const chunkBytes of [1, 3, 1000]) {
        const { header, format, profile } = await profileOf(utf16(`\uFEFF${text}`, littleEndian), { titleColumn: 'title', codeColumn: 'hisco' }, { chunkBytes });
        expect(format).toEqual({ encoding, delimiter: '\t', newline: '\r\n' });
        expect(header).toEqual(['title', 'hisco']);
        expect(profile).toMatchObject({ rows: 2, title: { distinct: 2 }, code: { distinct: 2 } });
      }
    }
  });

  it('reads a Latin-1 file as windows-1252 and detects semicolons, tabs and pipes', async () => {
    const latin1 = Uint8Array.from([...'titel;code\nM'].map((c) => c.charCodeAt(0)).concat([0xfc], [...'ller;1\n'].map((c) => c.charCodeAt(0))));
    const { header, format, profile } = await profileOf(latin1, { titleColumn: 'titel', codeColumn: null });
    expect(format).toMatchObject({ encoding: 'windows-1252', delimiter: ';' });
    expect(header).toEqual(['titel', 'code']);
    expect(profile.title?.distinct).toBe(1);
    expect((await profileOf('a\tb\n1\t2\n', { titleColumn: 'a', codeColumn: null })).format?.delimiter).toBe('\t');
    expect((await profileOf('a|b\n1|2\n', { titleColumn: 'a', codeColumn: null })).format?.delimiter).toBe('|');
  });

  it('yields nothing to profile from an empty file', async () => {
    const { header, profile } = await profileOf('', { titleColumn: null, codeColumn: null });
    expect(header).toBeNull();
    expect(profile).toMatchObject({ rows: 0, done: true });
  });
});

describe('counting the chosen columns', () => {
  const csv = ['title,code,total', ' baker ,1,3', 'baker,1,4', 'Baker,2,1', ',3,1', 'smith,9,2', '', 'smith , 2 ,0'].join('\n');

  it('counts distinct trimmed titles and codes, header excluded, empty values apart', async () => {
    const { profile } = await profileOf(csv, { titleColumn: 'title', codeColumn: 'code' }, { chunkBytes: 5 });
    expect(profile.rows).toBe(6);
    expect(profile.title).toEqual({ distinct: 3, capped: false, empty: 1 });
    expect(profile.code).toEqual({ distinct: 4, capped: false, empty: 0 });
    expect(profile.validCodes).toBeNull();
    expect(profile.raggedRows).toBe(0);
    expect(profile.done).toBe(true);
  });

  it('counts the distinct codes that the scheme has, and recounts for another scheme', async () => {
    const { profile } = await profileOf(csv, { titleColumn: null, codeColumn: 'code' }, { labels: ['1', '2', '7'] });
    expect(profile.title).toBeNull();
    expect(profile.validCodes).toBe(2);

    const profiler = new CsvProfiler({ titleColumn: null, codeColumn: 'code' });
    profiler.addRows([['code'], ['1'], ['2'], ['3']]);
    profiler.setCodeLabels(new Set(['3']));
    expect(profiler.snapshot({ bytesRead: 1, totalBytes: 1, done: true }).validCodes).toBe(1);
    profiler.setCodeLabels(null);
    expect(profiler.snapshot({ bytesRead: 1, totalBytes: 1, done: true }).validCodes).toBeNull();
  });

  it('notes rows with a different number of fields than the header', async () => {
    const { profile } = await profileOf('title,code\na,1\nb\nc,2,3\n', { titleColumn: 'title', codeColumn: null });
    expect(profile.raggedRows).toBe(2);
    expect(profile.firstRaggedRow).toEqual({ row: 3, fields: 1 });
  });

  it('stops keeping values at the cap and says the count is a lower bound', () => {
    const values = new DistinctValues(2);
    for (const value of ['a', 'b', 'a', 'c', 'd']) values.add(value);
    expect(values.count()).toEqual({ distinct: 2, capped: true, empty: 0 });
  });
});
