import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { coderNorm } from './title-features.js';
import type { CodedTitle } from './title-index.js';
import { readTitleVariants, variantTitles } from './title-variants.js';

let seedDir: string;

function write(file: string, text: string): void {
  fs.mkdirSync(path.dirname(path.join(seedDir, file)), { recursive: true });
  fs.writeFileSync(path.join(seedDir, file), text);
}

beforeEach(() => {
  seedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'og-title-variants-'));
  write('titles/manifest.json', JSON.stringify({ files: [{ file: 'coded.csv', scheme: 'hisco', title: 'title', code: 'hisco', language: 'nl' }] }));
  // A coded file with a standard title column is a manifest entry, not a spellings file.
  write('titles/coded.csv', 'title,standard_title,hisco\nsmidt,smid,83110\n');
  write('titles/se_spellings.csv', '\uFEFFtitle,standard_title,n\nVäfvare,vävare,12\nsågverksarb.,sågverksarbetare,3\nsågverksarb.,sågverksarbetare,1\nsvarfvare,svarvare,2\nvävare,vävare,40\n,,6683\n');
  write('titles/unlabelled.csv', 'occ1,id\nMaler,1194\n');
});
afterEach(() => fs.rmSync(seedDir, { recursive: true, force: true }));

const coded = (title: string, code: string, weight = 1, lang = 'sv'): CodedTitle => ({ norm: coderNorm(title), code, weight, lang });

describe('spellings files', () => {
  it('reads each file of the titles folder the manifest does not name whose header has title and standard_title', () => {
    const found = readTitleVariants(seedDir);
    expect(found.map((list) => list.file)).toEqual(['se_spellings.csv']);
    expect(Object.fromEntries(found[0]!.standards)).toEqual({
      [coderNorm('Väfvare')]: [coderNorm('vävare')],
      [coderNorm('sågverksarb.')]: [coderNorm('sågverksarbetare')],
      [coderNorm('svarfvare')]: [coderNorm('svarvare')],
    });
    expect(readTitleVariants(seedDir, { except: path.join(seedDir, 'titles', 'se_spellings.csv') })).toEqual([]);
    expect(readTitleVariants(path.join(seedDir, 'no such folder'))).toEqual([]);
  });

  it('learns a spelling with the codes and language its standard title has, its weight shared among the standards it spells', () => {
    write('titles/more.csv', 'title,standard_title\nsmed,smed\nsmed,smid\n');
    const titles = [coded('vävare', '75400', 2), coded('vävare', '75100', 1), coded('sågverksarbetare', '73210'), coded('smid', '83110', 1, 'nl'), coded('smed', '83120')];
    const found = variantTitles(titles, readTitleVariants(seedDir));
    expect(found.titles).toEqual([
      { norm: coderNorm('Väfvare'), code: '75400', weight: 2, lang: 'sv', spellingOf: coderNorm('vävare') },
      { norm: coderNorm('Väfvare'), code: '75100', weight: 1, lang: 'sv', spellingOf: coderNorm('vävare') },
      { norm: coderNorm('sågverksarb.'), code: '73210', weight: 1, lang: 'sv', spellingOf: coderNorm('sågverksarbetare') },
    ]);
    // 'svarvare' is coded nowhere, so its spelling teaches nothing; 'smed' is a coded title of its own, kept as it is.
    expect(found.sources).toEqual([{ name: 'se_spellings.csv (spellings of coded titles)', language: 'sv', titles: 3 }]);
  });

  it('shares a spelling of two standard titles between both', () => {
    write('titles/se_spellings.csv', 'title,standard_title\narb.,arbetare\narb.,arbetsman\n');
    const found = variantTitles([coded('arbetare', '99900'), coded('arbetsman', '99910')], readTitleVariants(seedDir));
    expect(found.titles.map(({ code, weight }) => ({ code, weight }))).toEqual([
      { code: '99900', weight: 0.5 },
      { code: '99910', weight: 0.5 },
    ]);
  });
});
