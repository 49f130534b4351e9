import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/config.js';
import { PredictionFileError } from './prediction-file-error.js';
import { openPredictionFile, type PredictedEntry, type PredictionFileOptions, type PredictionFileSummary } from './prediction-file.js';

/** The real data, found as the app finds it (SEED_DIR, else ../shared/data beside the repository). */
const seedDir = loadConfig().seedDir;
const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'og-prediction-file-'));
afterAll(() => fs.rmSync(tempDir, { recursive: true, force: true }));

let written = 0;
function writeFile(content: string | Uint8Array, extension = 'txt'): string {
  const file = path.join(tempDir, `file-${++written}.${extension}`);
  fs.writeFileSync(file, content);
  return file;
}

async function readFile(file: string, options?: PredictionFileOptions): Promise<{ format: string; entries: PredictedEntry[]; summary: PredictionFileSummary }> {
  const opened = await openPredictionFile(file, options);
  const entries: PredictedEntry[] = [];
  for await (const entry of opened.entries) entries.push(entry);
  return { format: opened.format, entries, summary: opened.summary() };
}

const read = (content: string | Uint8Array) => readFile(writeFile(content));

/** The error reading fails with (at the start, or at an entry). */
async function readError(content: string | Uint8Array): Promise<PredictionFileError> {
  const error: unknown = await read(content).then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(PredictionFileError);
  return error as PredictionFileError;
}

/** A HISCO code as the file writes it (`1110`, `75145.0`, `-1`), padded independently of the reader. */
function paddedHisco(written: string): string {
  const number = Number(written);
  return number < 0 ? String(number) : String(number).padStart(5, '0');
}

describe('the real OccCANINE prediction files', () => {
  const directory = seedDir ? path.join(seedDir, 'predictions') : '';
  const files = seedDir ? fs.readdirSync(directory).filter((name) => name.endsWith('.csv')) : [];

  it('are all there', () => {
    expect(seedDir).not.toBeNull();
    expect(files).toHaveLength(7);
  });

  it.each(files)('%s: one entry per row with a title, each slot with a code and a probability one prediction', async (name) => {
    const file = path.join(directory, name);
    const { data: rows, meta } = Papa.parse<Record<string, string>>(fs.readFileSync(file, 'utf8'), { header: true, skipEmptyLines: true });
    // The model's input is the column whose strings carry the language: `en[SEP]…`.
    const titleColumn = ['inputs', 'occ1'].find((column) => meta.fields!.includes(column) && rows[0]![column]!.includes('[SEP]'))!;
    const expected = rows.flatMap((row, index) => {
      const string = row[titleColumn]!.split('[SEP]').slice(1).join('[SEP]').trim();
      if (!string) return [];
      const predictions = [1, 2, 3, 4, 5]
        .filter((k) => row[`hisco_${k}`] !== '' && row[`prob_${k}`] !== '')
        .map((k) => ({ uris: [`hisco:${paddedHisco(row[`hisco_${k}`]!)}`], conf: Number(row[`prob_${k}`]) }));
      // No cell of these files spans lines: the header is line 1, row i is line i + 2.
      return [{ line: index + 2, string, predictions }];
    });

    const { format, entries, summary } = await readFile(file);

    expect(format).toBe('occcanine-wide');
    expect(summary).toEqual({ format: 'occcanine-wide', rows: rows.length, emptyTitles: rows.length - expected.length, ignoredColumns: [] });
    expect(entries).toEqual(expected);
  });

  it('occcanine_training_ship_manual_check.csv: the rows whose input is only `en[SEP]` are counted, not read', async () => {
    const file = path.join(directory, 'occcanine_training_ship_manual_check.csv');
    const rows = Papa.parse<Record<string, string>>(fs.readFileSync(file, 'utf8'), { header: true, skipEmptyLines: true }).data;
    const emptyInputs = rows.filter((row) => row.occ1 === 'en[SEP]').length;
    expect(emptyInputs).toBeGreaterThan(0);
    const { entries, summary } = await readFile(file);
    expect(summary.emptyTitles).toBe(emptyInputs);
    expect(entries).toHaveLength(rows.length - emptyInputs);
  });

  it("occcanine_toydata_predictions.csv: an older predict's `-1` without a probability (`No pred`) is no prediction; HISCO's own -1 is one", async () => {
    const file = path.join(directory, 'occcanine_toydata_predictions.csv');
    const rows = Papa.parse<Record<string, string>>(fs.readFileSync(file, 'utf8'), { header: true, skipEmptyLines: true }).data;
    const unfilled = rows.flatMap((row, index) => (row.hisco_1 === '-1' && row.prob_1 === '' && row.desc_1 === 'No pred' ? [index + 2] : []));
    const missingTitle = rows.flatMap((row, index) => (row.hisco_1 === '-1' && row.prob_1 !== '' ? [index + 2] : []));
    expect(unfilled.length).toBeGreaterThan(0);
    expect(missingTitle.length).toBeGreaterThan(0);

    const { entries } = await readFile(file);
    const byLine = new Map(entries.map((entry) => [entry.line, entry]));
    for (const line of unfilled) expect(byLine.get(line)!.predictions).toEqual([]);
    for (const line of missingTitle) expect(byLine.get(line)!.predictions[0]!.uris).toEqual(['hisco:-1']);
  });
});

describe('OccCANINE CSV shapes', () => {
  it('wide: a slot per prediction, HISCO codes padded, `No pred` and empty slots skipped, identical titles not merged', async () => {
    const { format, entries, summary } = await read(
      [
        'row,occ1,hisco_1,prob_1,desc_1,hisco_2,prob_2,desc_2,hisco,Check',
        '0,en[SEP]farmer,61110.0,0.9,General Farmer,1110,0.05,Legislator,61110,1',
        '1,en[SEP]farmer,61110,0.8,General Farmer,,,No pred,,',
        '2,en[SEP]widow,-1,0.97,"Missing, no title",nan,,No pred,,',
        '3,en[SEP]  ,,,No pred,,,No pred,,',
      ].join('\n'),
    );
    expect(format).toBe('occcanine-wide');
    expect(entries).toEqual([
      {
        line: 2,
        string: 'farmer',
        predictions: [
          { uris: ['hisco:61110'], conf: 0.9 },
          { uris: ['hisco:01110'], conf: 0.05 },
        ],
      },
      { line: 3, string: 'farmer', predictions: [{ uris: ['hisco:61110'], conf: 0.8 }] },
      { line: 4, string: 'widow', predictions: [{ uris: ['hisco:-1'], conf: 0.97 }] },
    ]);
    expect(summary).toEqual({ format: 'occcanine-wide', rows: 4, emptyTitles: 1, ignoredColumns: [] });
  });

  it('greedy: the codes of a row are one prediction with the row’s conf; occupations joined with & are several URIs', async () => {
    const { format, entries, summary } = await read(
      [
        'occ1,hisco_1,desc_1,hisco_2,desc_2,conf',
        'en[SEP]farmer and fisherman,61110,General Farmer,64100.0,Fisherman,0.83',
        'en[SEP]smith,83110&83120,Blacksmith,,,0.4',
        'en[SEP]gentleman,-2,Non work,,,0.99',
        'en[SEP],,,,,0.1',
        'en[SEP]nothing found,,,,,nan',
      ].join('\n'),
    );
    expect(format).toBe('occcanine-greedy');
    expect(entries).toEqual([
      { line: 2, string: 'farmer and fisherman', predictions: [{ uris: ['hisco:61110', 'hisco:64100'], conf: 0.83 }] },
      { line: 3, string: 'smith', predictions: [{ uris: ['hisco:83110', 'hisco:83120'], conf: 0.4 }] },
      { line: 4, string: 'gentleman', predictions: [{ uris: ['hisco:-2'], conf: 0.99 }] },
      { line: 6, string: 'nothing found', predictions: [] },
    ]);
    expect(summary).toEqual({ format: 'occcanine-greedy', rows: 5, emptyTitles: 1, ignoredColumns: [] });
  });

  it('top-k: consecutive rows of one title, ranks going up, are one entry; a rank starting again is the next entry', async () => {
    const { format, entries, summary } = await read(
      [
        'occ1,hisco_1,desc_1,hisco_2,desc_2,conf,top-k-pos,RowID',
        'en[SEP]farmer,61110,General Farmer,,,0.7,0,1',
        'en[SEP]farmer,61220,Field Crop Farmer,,,0.2,1,1',
        'en[SEP]farmer,61110,General Farmer,64100,Fisherman,0.05,2,1',
        'en[SEP]farmer,61110,General Farmer,,,0.7,0,2',
        'en[SEP]farmer,,,,,0,1.0,2',
        'en[SEP]smith,83110,Blacksmith,,,0.9,0,3',
        'en[SEP]smith,83120,Toolsmith,,,0.05,1,3',
        'en[SEP],99999,,,,0.5,0,4',
        'en[SEP],99999,,,,0.5,1,4',
      ].join('\r\n'),
    );
    expect(format).toBe('occcanine-topk');
    expect(entries).toEqual([
      {
        line: 2,
        string: 'farmer',
        predictions: [
          { uris: ['hisco:61110'], conf: 0.7 },
          { uris: ['hisco:61220'], conf: 0.2 },
          { uris: ['hisco:61110', 'hisco:64100'], conf: 0.05 },
        ],
      },
      { line: 5, string: 'farmer', predictions: [{ uris: ['hisco:61110'], conf: 0.7 }] },
      {
        line: 7,
        string: 'smith',
        predictions: [
          { uris: ['hisco:83110'], conf: 0.9 },
          { uris: ['hisco:83120'], conf: 0.05 },
        ],
      },
    ]);
    expect(summary).toEqual({ format: 'occcanine-topk', rows: 9, emptyTitles: 1, ignoredColumns: [] });
  });

  it("other systems: their columns by prefix, letter case forgiven; systems we have no scheme for are reported, not read", async () => {
    const wide = await read(
      [
        'occ1,OCC1950_1,prob_1,desc_1,OCC1950_2,prob_2,desc_2,ISCO68A_1,ISCO68A_2,occ1_1,hisco,bram_hisco',
        'en[SEP]farmer,100,0.9,Farmers (owners and tenants),123,0.3,Farm managers,6-11.10,,farmer,61110,61110',
      ].join('\n'),
    );
    expect(wide.format).toBe('occcanine-wide');
    expect(wide.entries).toEqual([
      {
        line: 2,
        string: 'farmer',
        predictions: [
          { uris: ['occ1950:100'], conf: 0.9 },
          { uris: ['occ1950:123'], conf: 0.3 },
        ],
      },
    ]);
    expect(wide.summary.ignoredColumns).toEqual(['ISCO68A_1', 'ISCO68A_2']);

    const greedy = await read(['occ1,ISCO08_1,desc_1,isco08_2,desc_2,psti_1,ISCO68A_1,conf', 'fr[SEP]fermier pêcheur,6111,Field crop,6222,Fishery,"1,5,0,0,0,0,1,0",6-11.10,0.6'].join('\n'));
    expect(greedy.format).toBe('occcanine-greedy');
    expect(greedy.entries).toEqual([{ line: 2, string: 'fermier pêcheur', predictions: [{ uris: ['isco08:6111', 'psti:1,5,0,0,0,0,1,0', 'isco08:6222'], conf: 0.6 }] }]);
    expect(greedy.summary.ignoredColumns).toEqual(['ISCO68A_1']);
  });

  it('takes the model’s input as the title when the file has both inputs and occ1', async () => {
    const occ1 = await read(['inputs,occ1,hisco_1,prob_1,desc_1', 'Smith,en[SEP]smith,83110,0.9,Blacksmith'].join('\n'));
    expect(occ1.entries.map((entry) => entry.string)).toEqual(['smith']);
    const inputs = await read(['row,inputs,hisco_1,prob_1,desc_1,occ1', '0,en[SEP]soldier,58340,0.99,Other Military Ranks,Soldier (reserve)'].join('\n'));
    expect(inputs.entries.map((entry) => entry.string)).toEqual(['soldier']);
  });

  it('reads `;` files with CRLF, a BOM, quoted cells spanning lines, and UTF-16', async () => {
    const text = [
      'occ1;hisco_1;prob_1;desc_1',
      'da[SEP]skræddermester;79100;0,5E0;Tailor',
      '"da[SEP]enke; fhv.\r\nskomager";80110;0.71;"Shoemaker;\r\nGeneral"',
      'da[SEP]snedker;95410;1;Joiner',
    ].join('\r\n');
    const expected = [
      { line: 3, string: 'enke; fhv.\r\nskomager', predictions: [{ uris: ['hisco:80110'], conf: 0.71 }] },
      { line: 6, string: 'snedker', predictions: [{ uris: ['hisco:95410'], conf: 1 }] },
    ];
    // `0,5E0` (a decimal comma) is not a probability.
    expect((await readError(`\ufeff${text}`)).message).toBe("Line 2: column prob_1: '0,5E0' is not a probability from 0 to 1.");

    const good = text.replace('0,5E0', '0.5');
    const first = { line: 2, string: 'skræddermester', predictions: [{ uris: ['hisco:79100'], conf: 0.5 }] };
    expect((await read(`\ufeff${good}`)).entries).toEqual([first, ...expected]);
    expect((await read(Buffer.from(`\ufeff${good}`, 'utf16le'))).entries).toEqual([first, ...expected]);
    const bigEndian = Buffer.from(`\ufeff${good}`, 'utf16le').swap16();
    expect((await read(bigEndian)).entries).toEqual([first, ...expected]);
  });
});

describe('OCCPAST JSON', () => {
  it('reads each entry of the list, with the line it starts on; URIs mended, empty titles counted, identical strings not merged', async () => {
    const file = [
      {
        string: 'en[SEP]labourer',
        predictions: [
          { uris: ['hisco:99910', 'pst2:1,5,0,0,0,0,1,0', 'hisco:99910.0'], conf: 0.93 },
          { uris: ['HISCO:1110'], conf: '0.05' },
          { uris: [], conf: null },
        ],
      },
      { string: '  ', predictions: [{ uris: ['hisco:61110'], conf: 1 }] },
      { string: 'labourer', predictions: [{ uris: ['hisco:-1'], conf: 0 }], note: 'ignored' },
      { string: 'nothing', predictions: [] },
    ];
    // As format_preds.py writes it: json.dump(…, indent=2). The entries start where the lines are `  {`.
    const text = JSON.stringify(file, null, 2);
    const starts = text.split('\n').flatMap((line, index) => (line === '  {' ? [index + 1] : []));
    expect(starts).toHaveLength(4);
    const { format, entries, summary } = await read(text);
    expect(format).toBe('occpast-json');
    expect(entries).toEqual([
      {
        line: starts[0],
        string: 'labourer',
        predictions: [
          { uris: ['hisco:99910', 'pst2:1,5,0,0,0,0,1,0'], conf: 0.93 },
          { uris: ['hisco:01110'], conf: 0.05 },
        ],
      },
      { line: starts[2], string: 'labourer', predictions: [{ uris: ['hisco:-1'], conf: 0 }] },
      { line: starts[3], string: 'nothing', predictions: [] },
    ]);
    expect(summary).toEqual({ format: 'occpast-json', rows: 4, emptyTitles: 1, ignoredColumns: [] });
  });

  it('is told from the content, whatever the name, also with a BOM and in UTF-16', async () => {
    const text = '\ufeff [{"string": "smith", "predictions": [{"uris": ["hisco:83110"], "conf": 0.5}]}]';
    const expected = [{ line: 1, string: 'smith', predictions: [{ uris: ['hisco:83110'], conf: 0.5 }] }];
    expect((await readFile(writeFile(text, 'csv'))).entries).toEqual(expected);
    expect((await read(Buffer.from(text, 'utf16le'))).entries).toEqual(expected);
    // A CSV whose first column name starts with `[` is still a CSV.
    const csv = await readFile(writeFile('[id],occ1,hisco_1,prob_1,desc_1\n1,en[SEP]smith,83110,0.5,Blacksmith\n', 'json'));
    expect(csv.format).toBe('occcanine-wide');
    expect(csv.entries).toEqual([{ ...expected[0], line: 2 }]);
  });

  it('fails naming the entry, its line and what was expected', async () => {
    const message = async (text: string) => (await readError(text)).message;
    expect(await message('{"string": "smith", "predictions": []}')).toBe(
      'Line 1: the file is not a list of prediction entries: expected [{"string": …, "predictions": […]}, …], found one JSON object.',
    );
    expect(await message('[\n  "smith"\n]')).toBe('Entry 1 (line 2): expected an entry {"string": …, "predictions": […]}, found a string.');
    expect(await message('[{"string": "a", "predictions": []},\n {"predictions": []}]')).toBe('Entry 2 (line 2): expected "string": the title, as text; the entry has none.');
    expect(await message('[{"string": 17, "predictions": []}]')).toBe('Entry 1 (line 1): expected "string": the title, as text; found number 17.');
    expect(await message('[{"string": "a"}]')).toBe('Entry 1 (line 1): expected "predictions": a list of {"uris": […], "conf": …}; the entry has none.');
    const conf = (value: string) => `[{"string": "a", "predictions": [{"uris": ["hisco:1"], "conf": 0.5}, {"uris": ["hisco:2"], "conf": ${value}}]}]`;
    expect(await message(conf('1.5'))).toBe('Entry 1 (line 1): prediction 2: "conf" 1.5 is not a number from 0 to 1.');
    expect(await message(conf('-0.2'))).toBe('Entry 1 (line 1): prediction 2: "conf" -0.2 is not a number from 0 to 1.');
    expect(await message(conf('"high"'))).toBe('Entry 1 (line 1): prediction 2: "conf" \'high\' is not a number from 0 to 1.');
    expect(await message(conf('false'))).toBe('Entry 1 (line 1): prediction 2: "conf" false is not a number from 0 to 1.');
    expect(await message('[{"string": "a", "predictions": [{"uris": ["hisco:1"]}]}]')).toBe('Entry 1 (line 1): prediction 1: "conf" (missing) is not a number from 0 to 1.');
    const uri = (value: string) => `[{"string": "a", "predictions": [{"uris": [${value}], "conf": 0.5}]}]`;
    expect(await message(uri('"61110"'))).toBe("Entry 1 (line 1): prediction 1: the URI '61110' is not scheme:code (e.g. hisco:61110).");
    expect(await message(uri('"isco68:7-11.10"'))).toMatch(/^Entry 1 \(line 1\): prediction 1: the URI 'isco68:7-11.10' names the scheme 'isco68', which is not one of ours \(hisco, pst2, /);
    expect(await message(uri('61110'))).toBe('Entry 1 (line 1): prediction 1: expected each URI as text (scheme:code), found number 61110.');
    expect(await message('[{"string": "a", "predictions": [{"uris": "hisco:1", "conf": 1}]}]')).toBe(
      "Entry 1 (line 1): prediction 1: expected \"uris\": a list of scheme:code, found the text 'hisco:1'.",
    );
    expect(await message('[{"string": "a", "predictions": [}]')).toMatch(/^Entry 1 \(line 1\): the entry is not valid JSON \(.+\)\.$/);
    expect(await message('[{"string": "a", "predictions": []}')).toBe('Line 1: the file ends before the list is closed (a ] is missing after entry 1).');
  });

  it('gives the entries before the one that fails', async () => {
    const opened = await openPredictionFile(writeFile('[{"string": "a", "predictions": []},\n{"string": "b", "predictions": [{"uris": ["x"], "conf": 1}]}]'));
    const seen: string[] = [];
    const error = await (async () => {
      for await (const entry of opened.entries) seen.push(entry.string);
    })().catch((failure: unknown) => failure);
    expect(seen).toEqual(['a']);
    expect((error as PredictionFileError).line).toBe(2);
    expect((error as PredictionFileError).entry).toBe(2);
  });
});

describe('a CSV that is not an OccCANINE prediction file', () => {
  const message = async (text: string | Uint8Array) => (await readError(text)).message;

  it('fails on a probability that is not one, naming the line and column', async () => {
    const wide = (cells: string) => `occ1,hisco_1,prob_1,desc_1,hisco_2,prob_2,desc_2\nen[SEP]a,61110,0.9,x,,,No pred\n${cells}`;
    expect(await message(wide('en[SEP]b,61110,abc,x,,,No pred'))).toBe("Line 3: column prob_1: 'abc' is not a probability from 0 to 1.");
    expect(await message(wide('en[SEP]b,61110,0.9,x,61220,1.5,y'))).toBe("Line 3: column prob_2: '1.5' is not a probability from 0 to 1.");
    expect(await message(wide('en[SEP]b,61110,,General Farmer,,,No pred'))).toBe('Line 3: column prob_1: is empty; expected a probability from 0 to 1.');
    expect(await message('occ1,hisco_1,desc_1,conf\nen[SEP]a,61110,x,NaN')).toBe("Line 2: column conf: 'NaN' is not a probability from 0 to 1.");
    expect(await message('occ1,hisco_1,desc_1,conf,top-k-pos\nen[SEP]a,61110,x,0.5,first')).toBe("Line 2: column top-k-pos: 'first' is not a rank (0, 1, 2…).");
  });

  it('fails on a file without code or title columns', async () => {
    expect(await message('occ1,hisco,en_hisco_text\nen[SEP]a,61110,General Farmer')).toMatch(
      /^Line 1: no code column: expected hisco_1, prob_1 … or another system's columns .*The header: 'occ1', 'hisco', 'en_hisco_text'\.$/,
    );
    expect(await message('occ1,ISCO68A_1,prob_1,desc_1\nen[SEP]a,6-11.10,0.9,Farmer')).toMatch(
      /^Line 1: no code column: .*\(columns of systems we have no scheme for: ISCO68A_1\)/,
    );
    expect(await message('title,hisco_1,prob_1,desc_1\nsmith,83110,0.9,Blacksmith')).toMatch(/^Line 1: no title column: expected occ1 or inputs/);
    expect(await message('occ1,hisco_1,desc_1,top-k-pos\nen[SEP]a,61110,x,0')).toMatch(/^Line 1: the top-k file has no conf column/);
  });

  it('fails on what is not a table: a quote never closed, an empty or binary file', async () => {
    expect(await message('occ1,hisco_1,prob_1,desc_1\nen[SEP]a,61110,0.9,x\n"en[SEP]b,61110,0.9,x\n')).toBe('Line 3: a quoted cell is never closed (a " is missing).');
    expect(await message('')).toBe('Line 1: The file is empty.');
    expect(await message(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]))).toBe('Line 1: This is not a text CSV file (it contains binary data).');
  });
});

describe('reading a file for a job', () => {
  /** A JSON file of `count` entries, several pieces long. */
  function bigJson(count: number): string {
    const entries = Array.from({ length: count }, (_, index) => JSON.stringify({ string: `title ${index}`, predictions: [{ uris: ['hisco:61110'], conf: 0.5 }] }));
    return writeFile(`[\n${entries.join(',\n')}\n]\n`);
  }

  it('reports the bytes read as it goes, up to the whole file', async () => {
    const file = bigJson(60_000);
    const size = fs.statSync(file).size;
    const calls: [number, number][] = [];
    const { entries } = await readFile(file, { onBytes: (bytesRead, totalBytes) => calls.push([bytesRead, totalBytes]) });
    expect(entries).toHaveLength(60_000);
    expect(calls.length).toBeGreaterThan(2);
    expect(calls.every(([, total], index) => total === size && (index === 0 || calls[index - 1]![0] < calls[index]![0]))).toBe(true);
    expect(calls.at(-1)).toEqual([size, size]);
  });

  it('stops when the signal is aborted, before the start or on the way', async () => {
    const file = bigJson(60_000);
    const aborted = new AbortController();
    aborted.abort();
    await expect(openPredictionFile(file, { signal: aborted.signal })).rejects.toMatchObject({ name: 'AbortError' });

    const controller = new AbortController();
    const opened = await openPredictionFile(file, { signal: controller.signal });
    let seen = 0;
    const error = await (async () => {
      for await (const _entry of opened.entries) if (++seen === 10) controller.abort();
    })().catch((failure: unknown) => failure);
    expect(error).toMatchObject({ name: 'AbortError' });
    expect(seen).toBeLessThan(60_000);
  });

  it('can be left early', async () => {
    const opened = await openPredictionFile(bigJson(60_000));
    for await (const entry of opened.entries) {
      expect(entry.string).toBe('title 0');
      break;
    }
    expect(opened.summary().rows).toBeLessThan(60_000);
  });
});
