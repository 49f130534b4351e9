import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readCrosswalkProvenance, readSeedFile, seedFiles } from './seed-crosswalks.js';

const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'og-seed-files-'));
afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));

const file = (name: string, lines: string[]) => {
  const written = path.join(directory, name);
  fs.writeFileSync(written, `${lines.join('\n')}\n`);
  return written;
};

describe('what the seed reads from a crosswalk file', () => {
  it('takes the relation of rows that name none from the file’s shape', async () => {
    const relationOf = async (rows: string[]) => (await readSeedFile(file('shape.csv', ['source_code,target_code', ...rows]), 'hisco', 'occ1950')).relation;
    expect(await relationOf(['a,1', 'b,1', 'c,2'])).toBe('broadMatch');
    expect(await relationOf(['a,1', 'a,2', 'b,3'])).toBe('narrowMatch');
    expect(await relationOf(['a,1', 'b,2'])).toBe('exactMatch');
    expect(await relationOf(['a,1', 'a,2', 'b,1'])).toBe('closeMatch');
  });

  it('reads a relation value that names one relation’s word as that relation, and leaves others to be refused', async () => {
    const read = await readSeedFile(file('relations.csv', ['source_code,target_code,match_type', 'a,1,exactISCO', 'b,2,closeMatch', 'c,3,broadOrNarrow', 'd,4,21']), 'esco', 'onet');
    expect(read.relationMap).toEqual({ exactISCO: 'exactMatch' });
  });

  it('prefers a count column to a detected share column, and leaves a lone detected column to the import', async () => {
    expect((await readSeedFile(file('both.csv', ['source_code,target_code,n_entries,share_of_entries', 'a,1,3,0.75', 'a,2,1,0.25']), 'soc2020', 'isco08')).weightColumn).toBe('n_entries');
    expect(await readSeedFile(file('share.csv', ['source_code,target_code,share', 'a,1,0.75', 'a,2,0.25']), 'soc2020', 'isco08')).not.toHaveProperty('weightColumn');
    expect(await readSeedFile(file('count.csv', ['source_code,target_code,n_titles', 'a,1,3']), 'hisco', 'occ1950')).not.toHaveProperty('weightColumn');
  });
});

describe('the crosswalks to seed and their provenance', () => {
  it('finds the files named {a}-{b}.csv whose two sides are schemes of the app', () => {
    const crosswalks = path.join(directory, 'crosswalks');
    fs.mkdirSync(crosswalks);
    for (const name of ['esco-isco08.csv', 'nace2-isic4.csv', 'soc2010-isco08.csv', 'naf2-nace2.1.csv', 'isco08-isco08.csv', 'notes.txt']) fs.writeFileSync(path.join(crosswalks, name), '');
    expect(seedFiles(crosswalks)).toEqual([
      { file: 'esco-isco08.csv', source: 'esco', target: 'isco08' },
      { file: 'naf2-nace2.1.csv', source: 'naf2', target: 'nace2.1' },
    ]);
  });

  it('reads each file’s source and licence cells from the README’s crosswalks table, code marks taken out', async () => {
    const readme = file('README.md', [
      '| folder | content |',
      '| --- | --- |',
      '| `crosswalks/{a}-{b}.csv` | pairs |',
      '',
      '| file | rows | source (repo @ commit, path) | licence | notes |',
      '| --- | ---: | --- | --- | --- |',
      '| `esco-isco08.csv` | 2,942 | `MohamedGouaouri/esco`, `occupations_en.csv` | © EU | notes |',
      '| `naf2-nace2.csv` | 732 | derived from `naf_extended.csv` | Apache-2.0 (repo) | |',
    ]);
    expect(await readCrosswalkProvenance(readme)).toEqual(
      new Map([
        ['esco-isco08.csv', { origin: 'MohamedGouaouri/esco, occupations_en.csv', license: '© EU' }],
        ['naf2-nace2.csv', { origin: 'derived from naf_extended.csv', license: 'Apache-2.0 (repo)' }],
      ]),
    );
    expect(await readCrosswalkProvenance(path.join(directory, 'no-such-readme.md'))).toEqual(new Map());
  });
});
