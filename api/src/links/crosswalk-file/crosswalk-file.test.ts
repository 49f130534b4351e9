import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { CrosswalkFileError } from './crosswalk-file-error.js';
import { type CrosswalkFile, openCrosswalkFile } from './crosswalk-file.js';
import type { CrosswalkRow } from './crosswalk-row.js';
import type { CrosswalkSchemes, CsvReading } from './csv-table.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const crosswalksDir = path.resolve(repoRoot, '../shared/data/crosswalks');

/** Bytes handed over in pieces of `size`, as a stream would. */
async function* inPieces(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function readRows(file: CrosswalkFile): Promise<CrosswalkRow[]> {
  const rows: CrosswalkRow[] = [];
  for await (const row of file.rows) rows.push(row);
  return rows;
}

async function readText(text: string | Uint8Array, options: { pieceSize?: number; schemes?: CrosswalkSchemes; reading?: CsvReading } = {}) {
  const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  const file = await openCrosswalkFile(inPieces(bytes, options.pieceSize ?? 64 * 1024), options.schemes, options.reading);
  return { format: file.format, metadata: file.metadata, columns: file.columns, rows: await readRows(file) };
}

/** The error reading fails with (at the start, or at a row). */
async function readError(text: string | Uint8Array, pieceSize?: number): Promise<CrosswalkFileError> {
  const error: unknown = await readText(text, { pieceSize }).then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(CrosswalkFileError);
  return error as CrosswalkFileError;
}

/** The codes and relations of rows, for comparing. */
const links = (rows: CrosswalkRow[]) => rows.map((row) => [row.line, row.sourceCode, row.targetCode, row.relation ?? row.badRelation ?? null]);

describe('the real crosswalk files', () => {
  const files = fs.readdirSync(crosswalksDir).filter((name) => name.endsWith('.csv'));

  it('include the five that join two of the app\'s schemes (the folder may hold more)', () => {
    expect(files).toEqual(expect.arrayContaining(['esco-isco08.csv', 'soc2020-isco08.csv', 'esco-onet.csv', 'hisco-occ1950.csv', 'naf2-nace2.csv']));
  });

  it.each(files)('%s: every row, codes as the file has them, on the line it is on', async (name) => {
    const filePath = path.join(crosswalksDir, name);
    const text = fs.readFileSync(filePath, 'utf8');
    const expected = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;

    const file = await openCrosswalkFile(fs.createReadStream(filePath));
    const rows = await readRows(file);

    expect(file.format).toBe('csv');
    expect(rows).toHaveLength(expected.length);
    // No cell of these files spans lines: the header is line 1, row i is line i + 2, the last row the file's last line.
    expect(rows.at(-1)!.line).toBe(text.split('\n').length - 1);
    rows.forEach((row, index) => {
      const cells = expected[index]!;
      expect([row.line, row.sourceCode, row.targetCode]).toEqual([index + 2, cells.source_code, cells.target_code]);
    });
  });

  it('esco-isco08.csv: 2,942 links from ESCO occupations to ISCO-08 unit groups, none with a relation of its own', async () => {
    const rows = await readRows(await openCrosswalkFile(fs.createReadStream(path.join(crosswalksDir, 'esco-isco08.csv'))));
    expect(rows).toHaveLength(2942);
    expect(rows[0]).toEqual({ line: 2, sourceCode: 'f2cc5978-e45c-4f28-b859-7f89221b0505', targetCode: '0110', relation: null });
    expect(rows.filter((row) => row.relation !== null || row.badRelation !== undefined)).toEqual([]);
  });

  it("hisco-hisclass.csv: its 'relation' column is HISCO's relation code, given back as a bad relation; rows without a target are kept", async () => {
    const filePath = path.join(crosswalksDir, 'hisco-hisclass.csv');
    const expected = Papa.parse<Record<string, string>>(fs.readFileSync(filePath, 'utf8'), { header: true, skipEmptyLines: true }).data;
    const rows = await readRows(await openCrosswalkFile(fs.createReadStream(filePath)));

    expect(rows.filter((row) => row.badRelation !== undefined)).toHaveLength(expected.filter((cells) => cells.relation !== '').length);
    expect(rows.filter((row) => row.targetCode === '')).toHaveLength(expected.filter((cells) => cells.target_code === '').length);
    expect(rows.filter((row) => row.relation !== null)).toEqual([]);
    // Line 7: `-2,,Source explicitly states that the person does not work,33,21,,,,`
    expect(rows.find((row) => row.line === 7)).toEqual({ line: 7, sourceCode: '-2', targetCode: '', relation: null, badRelation: '21' });
  });
});

describe('a crosswalk CSV', () => {
  it('reads the relation column as SKOS writes a mapping relation, and gives back any other value', async () => {
    const { format, rows } = await readText(
      [
        'source_code,target_code,relation',
        '01110,0110,exactMatch',
        '01120,0110,skos:closeMatch',
        '01130,0110,http://www.w3.org/2004/02/skos/core#broadMatch',
        '01140,0110, narrowMatch ',
        '01150,0110,',
        '01160,0110,=',
        '01170,0110,ExactMatch',
      ].join('\n'),
    );
    expect(format).toBe('csv');
    expect(links(rows)).toEqual([
      [2, '01110', '0110', 'exactMatch'],
      [3, '01120', '0110', 'closeMatch'],
      [4, '01130', '0110', 'broadMatch'],
      [5, '01140', '0110', 'narrowMatch'],
      [6, '01150', '0110', null],
      [7, '01160', '0110', '='],
      [8, '01170', '0110', 'ExactMatch'],
    ]);
    expect(rows[5]!.relation).toBeNull();
  });

  it('reads `;`, a byte-order mark and CRLF line ends', async () => {
    const { rows } = await readText('\uFEFFsource_code;target_code;source_title\r\n01110;0110;Chemist, general\r\n02000;0120;Engineer\r\n');
    expect(links(rows)).toEqual([
      [2, '01110', '0110', null],
      [3, '02000', '0120', null],
    ]);
  });

  it('reads tabs, and old-Mac CR line ends', async () => {
    expect(links((await readText('from\tto\n01110\t0110\n')).rows)).toEqual([[2, '01110', '0110', null]]);
    expect(links((await readText('source_code,target_code\r01110,0110\r02000,0120')).rows)).toEqual([
      [2, '01110', '0110', null],
      [3, '02000', '0120', null],
    ]);
  });

  it('reads UTF-16LE with a byte-order mark, in pieces that cut characters in two', async () => {
    const text = '\uFEFFsource_code\ttarget_code\ttitle\r\n01110\t0110\tIngénieur chimiste\r\n95410\t7112\tMaçon 🧱\r\n';
    for (const pieceSize of [1, 3, 1024]) {
      const { rows } = await readText(Buffer.from(text, 'utf16le'), { pieceSize });
      expect(links(rows), `pieces of ${pieceSize}`).toEqual([
        [2, '01110', '0110', null],
        [3, '95410', '7112', null],
      ]);
    }
  });

  it('reads windows-1252, € and œ included', async () => {
    // 0xE9 é, 0x9C œ, 0x80 €: not UTF-8, so the file is windows-1252.
    const bytes = Buffer.concat([Buffer.from('source_code,target_code\nM', 'latin1'), Buffer.from([0xe9, 0x9c]), Buffer.from(',A', 'latin1'), Buffer.from([0x80]), Buffer.from('\n', 'latin1')]);
    const { rows } = await readText(bytes);
    expect(links(rows)).toEqual([[2, 'Méœ', 'A€', null]]);
  });

  it('reads quoted cells with delimiters, quotes and line breaks in them, counting the lines they take', async () => {
    const text = 'source_code,target_code,title\n" 01110 ","0110","Chemist, ""analytical""\nsecond line"\n"0,1","2\n3",x\n02000,0120,plain\n';
    const expected = [
      [2, '01110', '0110', null],
      [4, '0,1', '2\n3', null],
      [6, '02000', '0120', null],
    ];
    for (const pieceSize of [1, 2, 7, 1024]) {
      expect(links((await readText(text, { pieceSize })).rows), `pieces of ${pieceSize}`).toEqual(expected);
    }
  });

  it('keeps a row with one code empty (the import refuses it), skips rows with neither and blank lines', async () => {
    const { rows } = await readText('source_code,target_code,title\n01110,,Chemist\n\n,0110,\n,,Nobody\n , \n02000,0120,\n');
    expect(links(rows)).toEqual([
      [2, '01110', '', null],
      [4, '', '0110', null],
      [7, '02000', '0120', null],
    ]);
  });

  it('finds the code columns by loosely matched names, extra columns aside', async () => {
    expect(links((await readText('Title,Code From,Code-To,Match\nx,1,2,exactMatch\n')).rows)).toEqual([[2, '1', '2', 'exactMatch']]);
    expect(links((await readText('SOURCE,TARGET\n1,2\n')).rows)).toEqual([[2, '1', '2', null]]);
    const schemes: CrosswalkSchemes = { sourceScheme: 'hisco', targetScheme: 'isco08' };
    expect(links((await readText('label,isco08_code,HISCO Code\nx,0110,01110\n', { schemes })).rows)).toEqual([[2, '01110', '0110', null]]);
  });

  it('reads weight, author and date columns, a weight cell that is not a number kept as written', async () => {
    const { rows, columns } = await readText('source_code,target_code,confidence,author,date,note\n1,2,0.75,orcid:0000-0001,2024-05-01,x\n3,4,,,,\n5,6,high,,,\n');
    expect(columns).toEqual({ source: 'source_code', target: 'target_code', weight: 'confidence', weightAs: 'share', ignored: ['note'] });
    expect(rows).toEqual([
      { line: 2, sourceCode: '1', targetCode: '2', relation: null, weight: 0.75, author: 'orcid:0000-0001', date: '2024-05-01' },
      { line: 3, sourceCode: '3', targetCode: '4', relation: null },
      { line: 4, sourceCode: '5', targetCode: '6', relation: null, badWeight: 'high' },
    ]);
  });

  it('detects the weight column, shares before counts, or reads the one named, or none', async () => {
    const header = 'source_code,target_code,n_index_entries,share_of_soc2020_entries,source_title\n1111,1112,33,0.6471,Chief executives\n';
    expect((await readText(header)).columns).toEqual({
      source: 'source_code',
      target: 'target_code',
      weight: 'share_of_soc2020_entries',
      weightAs: 'share',
      ignored: ['n_index_entries', 'source_title'],
    });
    const counts = await readText(header, { reading: { weightColumn: 'n_index_entries' } });
    expect(counts.columns).toMatchObject({ weight: 'n_index_entries', weightAs: 'count' });
    expect(counts.rows[0]!.weight).toBe(33);
    expect((await readText('source_code,target_code,n_titles,name\n1,2,73,x\n')).columns).toMatchObject({ weight: 'n_titles', weightAs: 'count', ignored: ['name'] });
    const none = await readText(header, { reading: { weightColumn: 'none' } });
    expect(none.columns.weight).toBeUndefined();
    expect(none.rows[0]!.weight).toBeUndefined();
    await expect(readText(header, { reading: { weightColumn: 'share' } })).rejects.toThrow("the header has no weight column 'share'");
  });

  it('reads relation values the relation map names as the relations they map to', async () => {
    const file = 'source_code,target_code,match_type\n1,2,exactISCO\n3,4,broadMatch\n';
    const plain = (await readText(file)).rows;
    expect(plain.map((row) => [row.relation, row.badRelation])).toEqual([
      [null, 'exactISCO'],
      ['broadMatch', undefined],
    ]);
    expect(links((await readText(file, { reading: { relationMap: { exactISCO: 'exactMatch' } } })).rows)).toEqual([
      [2, '1', '2', 'exactMatch'],
      [3, '3', '4', 'broadMatch'],
    ]);
  });

  it('fails, naming the line, when it cannot be read at all', async () => {
    expect((await readError('')).message).toBe('Line 1: The file is empty.');
    expect((await readError(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0x08, 0, 0, 0]))).line).toBe(1);
    const noTarget = await readError('source_code,title\n1,x\n');
    expect(noTarget.line).toBe(1);
    expect(noTarget.message).toContain("no target code column (name it target_code; the header: 'source_code', 'title')");
    expect((await readError('\n\n')).message).toBe('Line 1: the file has no header line.');
    const unclosed = await readError('source_code,target_code\n1,2\n3,"4\n5,6\n', 2);
    expect([unclosed.line, unclosed.problem]).toEqual([3, 'a quoted cell is never closed (a " is missing).']);
    expect((await readError('source_code,target_code\n1,2\n\n3,"4"x\n')).line).toBe(4);
  });
});

describe('an SSSOM/TSV file', () => {
  const metadataBlock = [
    '#curie_map:',
    '#  HISCO: https://example.org/hisco/',
    '#  ISCO08: "https://example.org/isco08/"',
    '#  skos: http://www.w3.org/2004/02/skos/core#',
    '#mapping_set_id: https://example.org/sets/hisco-isco08 # the set',
    "#license: 'https://creativecommons.org/licenses/by/4.0/'",
    '#creator_id:',
    '#- orcid:0000-0002-1825-0097',
    '#mapping_set_description: >',
    '#  A few links,',
    '#  for a test.',
    '## a comment line',
  ];
  const table = [
    ['subject_id', 'subject_label', 'predicate_id', 'object_id', 'object_label', 'mapping_justification', 'confidence', 'author_id', 'mapping_date'],
    ['HISCO:01110', 'Chemist', 'skos:exactMatch', 'ISCO08:2113', 'Chemists', 'semapv:ManualMappingCuration', '0.9', 'orcid:0000-0002-1825-0097', '2024-05-01'],
    ['HISCO:02000', '"Engineer, ""general"""', 'skos:broadMatch', 'ISCO08:2140', 'Engineering professionals', 'semapv:ManualMappingCuration', '', '', ''],
    ['HISCO:A%20B', 'Encoded', 'skos:relatedMatch', 'ISCO08:0110', 'Officers', 'semapv:LexicalMatching', '1', 'orcid:1|orcid:2', ''],
  ];
  const sssom = (rows: string[][], block = metadataBlock) => [...block, ...rows.map((cells) => cells.join('\t'))].join('\n') + '\n';

  it('reads the metadata block and the mappings, ids expanded with the curie_map and the code after the prefix', async () => {
    const { format, metadata, rows } = await readText(sssom(table));
    expect(format).toBe('sssom');
    expect(metadata).toMatchObject({ mappingSetId: 'https://example.org/sets/hisco-isco08', license: 'https://creativecommons.org/licenses/by/4.0/', mappingDate: null });
    expect(metadata!.prefixes.get('HISCO')).toBe('https://example.org/hisco/');
    expect(rows).toEqual([
      {
        line: 14,
        sourceCode: '01110',
        targetCode: '2113',
        relation: 'exactMatch',
        sourceIri: 'https://example.org/hisco/01110',
        targetIri: 'https://example.org/isco08/2113',
        weight: 0.9,
        justification: 'semapv:ManualMappingCuration',
        author: 'orcid:0000-0002-1825-0097',
        date: '2024-05-01',
      },
      {
        line: 15,
        sourceCode: '02000',
        targetCode: '2140',
        relation: 'broadMatch',
        sourceIri: 'https://example.org/hisco/02000',
        targetIri: 'https://example.org/isco08/2140',
        justification: 'semapv:ManualMappingCuration',
      },
      {
        line: 16,
        sourceCode: 'A B',
        targetCode: '0110',
        relation: 'relatedMatch',
        sourceIri: 'https://example.org/hisco/A%20B',
        targetIri: 'https://example.org/isco08/0110',
        weight: 1,
        justification: 'semapv:LexicalMatching',
        author: 'orcid:1|orcid:2',
      },
    ]);
  });

  it('fails naming the line when a confidence is not a number', async () => {
    const bad = table.map((cells, index) => (index === 2 ? cells.map((cell, column) => (column === 6 ? 'high' : cell)) : cells));
    const error = await readError(sssom(bad));
    expect(error.message).toBe("Line 15: the confidence 'high' is not a number from 0 to 1.");
  });

  it('reads a block whose `#` is followed by spaces, CRLF line ends, in small pieces', async () => {
    const text = sssom(table.slice(0, 2), metadataBlock.map((line) => `# ${line.slice(1)}`)).replace(/\n/g, '\r\n');
    for (const pieceSize of [1, 5, 1024]) {
      const { rows } = await readText(text, { pieceSize });
      expect(links(rows), `pieces of ${pieceSize}`).toEqual([[14, '01110', '2113', 'exactMatch']]);
    }
  });

  it("gives every mapping the set's mapping_date when the table has none, and reads a negated mapping as negated", async () => {
    const block = ['#curie_map:', '#  A: https://example.org/a/', '#mapping_date: 2023-01-31'];
    const { rows } = await readText(sssom(
      [
        ['subject_id', 'predicate_id', 'predicate_modifier', 'object_id'],
        ['A:1', 'skos:closeMatch', '', 'A:2'],
        ['A:1', 'skos:exactMatch', 'Not', 'A:3'],
      ],
      block,
    ));
    expect(rows).toEqual([
      { line: 5, sourceCode: '1', targetCode: '2', relation: 'closeMatch', sourceIri: 'https://example.org/a/1', targetIri: 'https://example.org/a/2', date: '2023-01-31' },
      { line: 6, sourceCode: '1', targetCode: '3', relation: 'exactMatch', negated: true, sourceIri: 'https://example.org/a/1', targetIri: 'https://example.org/a/3', date: '2023-01-31' },
    ]);
  });

  it('reads similarity_score as the score, and a confidence restating it as no weight', async () => {
    const { rows } = await readText(sssom(
      [
        ['subject_id', 'predicate_id', 'object_id', 'confidence', 'similarity_score'],
        ['A:1', 'skos:closeMatch', 'A:2', '0.75', '0.75'],
        ['A:1', 'skos:closeMatch', 'A:3', '0.5', '0.75'],
        ['A:1', 'skos:closeMatch', 'A:4', '0.5', ''],
      ],
      ['#curie_map:', '#  A: https://example.org/a/'],
    ));
    expect(rows.map((row) => [row.targetCode, row.weight, row.score])).toEqual([
      ['2', undefined, 0.75],
      ['3', 0.5, 0.75],
      ['4', 0.5, undefined],
    ]);
    const error = await readError(sssom([['subject_id', 'predicate_id', 'object_id', 'similarity_score'], ['A:1', 'skos:closeMatch', 'A:2', 'high']], ['#curie_map:', '#  A: https://example.org/a/']));
    expect(error.message).toContain("similarity_score 'high' is not a number from 0 to 1");
  });

  it('fails, naming the line, on a prefix the curie_map does not declare', async () => {
    const rows = [...table.slice(0, 3), ['HISCO:03000', '', 'skos:exactMatch', 'ISCO88:2113', '', 'semapv:ManualMappingCuration', '', '', '']];
    const error = await readError(sssom(rows));
    expect(error.line).toBe(16);
    expect(error.message).toBe("Line 16: the prefix 'ISCO88' of the object_id 'ISCO88:2113' is not declared in the curie_map.");
    const justification = await readError(sssom([table[0]!, ['HISCO:1', '', 'skos:exactMatch', 'ISCO08:2', '', 'x:Manual', '', '', '']]));
    expect(justification.message).toBe("Line 14: the prefix 'x' of the mapping_justification 'x:Manual' is not declared in the curie_map.");
  });

  it('fails, naming the line, on a predicate that is not a SKOS mapping relation', async () => {
    for (const predicate of ['owl:equivalentClass', 'skos:broader', 'skos:ExactMatch', '']) {
      const rows = [...table.slice(0, 2), ['HISCO:02000', '', predicate, 'ISCO08:2140', '', 'semapv:ManualMappingCuration', '', '', '']];
      const error = await readError(sssom(rows));
      expect([error.line, error.problem], predicate).toEqual([
        15,
        `the predicate_id '${predicate}' is not a SKOS mapping relation (skos:exactMatch, skos:closeMatch, skos:broadMatch, skos:narrowMatch, skos:relatedMatch).`,
      ]);
    }
  });

  it('reads back what the crosswalk export writes (api/src/links/crosswalk-export.ts), SSSOM and CSV', async () => {
    const exported = [
      '# curie_map:',
      '#   nace2.1: https://example.org/og/nace2.1/',
      '#   pst2: https://example.org/og/pst2/',
      '#   semapv: https://w3id.org/semapv/vocab/',
      '#   skos: http://www.w3.org/2004/02/skos/core#',
      '# mapping_set_id: https://example.org/og/crosswalks/nace2.1-pst2',
      '# mapping_set_title: NACE 2.1 to PST-2',
      '# license: https://creativecommons.org/licenses/by/4.0/',
      'subject_id\tsubject_label\tpredicate_id\tobject_id\tobject_label\tmapping_justification',
      'nace2.1:01.11\tGrowing of cereals\tskos:broadMatch\tpst2:2,2,18,1,2,1,2,0\t2,2,18,1,2,1,2,0\tsemapv:ManualMappingCuration',
      'nace2.1:A%20B\tA code with a space\tskos:exactMatch\tpst2:1,0,0,0,0,0,0,0\tPrimary\tsemapv:ManualMappingCuration',
    ].join('\n');
    const sssom = await readText(`${exported}\n`);
    expect(sssom.metadata).toMatchObject({ mappingSetId: 'https://example.org/og/crosswalks/nace2.1-pst2', license: 'https://creativecommons.org/licenses/by/4.0/' });
    expect(sssom.rows).toEqual([
      {
        line: 10,
        sourceCode: '01.11',
        targetCode: '2,2,18,1,2,1,2,0',
        relation: 'broadMatch',
        sourceIri: 'https://example.org/og/nace2.1/01.11',
        targetIri: 'https://example.org/og/pst2/2,2,18,1,2,1,2,0',
        justification: 'semapv:ManualMappingCuration',
      },
      {
        line: 11,
        sourceCode: 'A B',
        targetCode: '1,0,0,0,0,0,0,0',
        relation: 'exactMatch',
        sourceIri: 'https://example.org/og/nace2.1/A%20B',
        targetIri: 'https://example.org/og/pst2/1,0,0,0,0,0,0,0',
        justification: 'semapv:ManualMappingCuration',
      },
    ]);

    const csv = await readText('source_code,target_code,relation,source_name,target_name\r\n01.11,"2,2,18,1,2,1,2,0",broadMatch,"Growing of cereals, rice",x\r\n');
    expect(links(csv.rows)).toEqual([[2, '01.11', '2,2,18,1,2,1,2,0', 'broadMatch']]);
  });

  it('reads a mappings block without a metadata block, with only the built-in prefixes', async () => {
    const text = 'subject_id\tpredicate_id\tobject_id\nsssom:a\tskos:exactMatch\towl:b\nx:1\tskos:exactMatch\towl:b\n';
    const error = await readError(text);
    expect(error.message).toBe("Line 3: the prefix 'x' of the subject_id 'x:1' is not declared in the curie_map.");
  });

  it('fails, naming the line, on a metadata block or table it cannot read', async () => {
    expect((await readError('#curie_map:\n#  A: https://a/\n#  B https://b/\nsubject_id\n')).message).toBe("Line 3: a curie_map line should be 'prefix: IRI', not 'B https://b/'.");
    expect((await readError('#curie_map:\n#  skos: https://example.org/skos#\n')).line).toBe(2);
    expect((await readError('#license: x\n#just words\n')).message).toBe("Line 2: the SSSOM metadata block should have a 'key: value' line here, not 'just words'.");
    expect((await readError('#license: x\n')).message).toBe('Line 2: the SSSOM metadata block is not followed by a table (subject_id, predicate_id, object_id…).');
    expect((await readError('#license: x\nsubject_id\tobject_id\n')).message).toBe("Line 2: the SSSOM table has no predicate_id column (its header: 'subject_id', 'object_id').");
    expect((await readError('#curie_map:\n#  A: https://a/\nsubject_id\tpredicate_id\tobject_id\nhttps://a/1\tskos:exactMatch\tA:2\n')).line).toBe(4);
  });
});

describe('a large file', () => {
  it('is read as a stream: 200,000 rows, never far behind the bytes read, memory flat', async () => {
    const rowCount = 200_000;
    const filler = 'x'.repeat(480);
    const rowText = (index: number) => `${String(index).padStart(6, '0')},${String(index % 10_000).padStart(4, '0')},${filler}\n`;
    const header = 'source_code,target_code,title\n';
    const rowBytes = rowText(0).length;
    let bytesGiven = 0;
    async function* generated(): AsyncGenerator<Buffer> {
      const piece: string[] = [header];
      let pieceLength = header.length;
      for (let index = 0; index < rowCount; index++) {
        piece.push(rowText(index));
        pieceLength += rowBytes;
        if (pieceLength >= 64 * 1024 || index === rowCount - 1) {
          bytesGiven += pieceLength;
          yield Buffer.from(piece.join(''));
          piece.length = 0;
          pieceLength = 0;
        }
      }
    }

    const heapBefore = process.memoryUsage().heapUsed;
    let heapMost = heapBefore;
    let leadMost = 0;
    let count = 0;
    const file = await openCrosswalkFile(generated());
    for await (const row of file.rows) {
      if (row.sourceCode !== String(count).padStart(6, '0') || row.line !== count + 2) throw new Error(`row ${count} is ${JSON.stringify(row)}`);
      leadMost = Math.max(leadMost, bytesGiven - (header.length + (count + 1) * rowBytes));
      if (count % 10_000 === 0) heapMost = Math.max(heapMost, process.memoryUsage().heapUsed);
      count++;
    }

    expect(count).toBe(rowCount);
    expect(bytesGiven).toBeGreaterThan(90 * 1024 * 1024);
    // The first MiB is read before any row (it decides the encoding); after that, a piece at a time.
    expect(leadMost).toBeLessThan(1.2 * 1024 * 1024);
    expect(heapMost - heapBefore).toBeLessThan(48 * 1024 * 1024);
  }, 60_000);
});

describe('the bytes of a file', () => {
  /** Bytes in pieces that tell when they are let go of (as a file stream is closed); rows go on for 4 MiB after `text`. */
  function watched(text: string, moreRow: string) {
    const state = { released: false };
    async function* pieces(): AsyncGenerator<Uint8Array> {
      try {
        yield* inPieces(Buffer.from(text + moreRow.repeat((4 * 1024 * 1024) / moreRow.length)), 64 * 1024);
      } finally {
        state.released = true;
      }
    }
    return { state, pieces: pieces() };
  }

  it('are let go of when the start of the file cannot be read', async () => {
    const { state, pieces } = watched('source_code,title\n', '1,x\n');
    await expect(openCrosswalkFile(pieces)).rejects.toThrow(CrosswalkFileError);
    expect(state.released).toBe(true);
  });

  it('are let go of when a row fails the file, and when the rows are left early', async () => {
    const failing = watched('#curie_map:\n#  A: https://a/\nsubject_id\tpredicate_id\tobject_id\nA:1\tskos:exactMatch\tA:2\nA:1\towl:sameAs\tA:3\n', 'A:1\tskos:exactMatch\tA:4\n');
    await expect(openCrosswalkFile(failing.pieces).then(readRows)).rejects.toThrow('Line 5: the predicate_id');
    expect(failing.state.released).toBe(true);

    const left = watched('source_code,target_code\n', '1,2\n');
    for await (const row of (await openCrosswalkFile(left.pieces)).rows) if (row.line === 2) break;
    expect(left.state.released).toBe(true);
  });
});
