import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { maxRowsCounted, shippedTraining } from './shipped-titles.js';
import { coderNorm } from './title-features.js';
import { readManifestFile, readTitleManifest, TitleManifestError } from './title-manifest.js';

let seedDir: string;

function write(file: string, text: string): void {
  fs.mkdirSync(path.dirname(path.join(seedDir, file)), { recursive: true });
  fs.writeFileSync(path.join(seedDir, file), text);
}

const manifest = (files: unknown[]) => write('titles/manifest.json', JSON.stringify({ about: 'test', files }));

beforeEach(() => {
  seedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'og-title-manifest-'));
  write('titles/en.csv', 'title,hisco\nblacksmith,83110\nfarm labourer,62105\nnobody,\n');
  write('titles/nl.csv', '\uFEFFtitle,standard_title,hisco\nsmid,smid,8311\nboerenknecht,boerenknecht,62105\nzonder beroep,zonder beroep,-1\n');
  write('titles/dk.csv', 'title,n,verified\nhans kone,2380,1\nskomager,500,0\nderes boern,3,1\nenke,x,1\n');
  write('schemes/hisco.csv', 'code,label,parent,description\n83110,Blacksmith,,\n');
});
afterEach(() => fs.rmSync(seedDir, { recursive: true, force: true }));

describe('the titles manifest', () => {
  const good = [
    { file: 'en.csv', scheme: 'hisco', title: 'title', code: 'hisco', language: 'en' },
    { file: 'nl.csv', scheme: 'hisco', title: 'title', code: 'hisco', language: 'nl' },
    { file: 'nl.csv', scheme: 'hisco', title: 'standard_title', code: 'hisco', language: 'nl' },
    { file: 'dk.csv', scheme: 'hisco', title: 'title', code: { column: 'verified', map: { '1': '-1' } }, weight: 'n', language: 'da' },
  ];

  it('lists every file it names for a scheme, each title with its language, codes as the scheme writes them', () => {
    manifest(good);
    const shipped = shippedTraining(seedDir, 'hisco');
    expect(shipped.sources).toEqual([
      { name: 'en.csv', language: 'en', titles: 2 },
      { name: 'nl.csv', language: 'nl', titles: 3 },
      { name: 'nl.csv (standard_title)', language: 'nl', titles: 3 },
      { name: 'dk.csv', language: 'da', titles: 3 },
      { name: 'schemes/hisco.csv (labels)', language: null, titles: 1 },
    ]);
    // HISCO's 8311 padded as the scheme writes it; its negative code kept.
    expect(shipped.titles).toContainEqual({ norm: coderNorm('smid'), code: '08311', weight: 1, lang: 'nl' });
    expect(shipped.titles).toContainEqual({ norm: coderNorm('zonder beroep'), code: '-1', weight: 1, lang: 'nl' });
    expect(shipped.titles.filter((title) => title.lang === undefined)).toHaveLength(1);
  });

  it('codes a title from a mapped column only where the value is mapped, and counts its records up to the cap', () => {
    manifest(good);
    const dk = readTitleManifest(seedDir)!.filter((entry) => entry.file === 'dk.csv');
    const titles = readManifestFile(seedDir, dk, { evidence: 1, maxRecords: maxRowsCounted })[0]!.titles;
    expect(titles.map((title) => [title.norm, title.code, title.weight])).toEqual([
      [coderNorm('hans kone'), '-1', maxRowsCounted],
      [coderNorm('deres boern'), '-1', 3],
      // A count that is not a number counts the row once.
      [coderNorm('enke'), '-1', 1],
    ]);
  });

  it('picks up a file added to it, and leaves out the file an evaluation holds out', () => {
    manifest(good);
    write('titles/pt.csv', 'titulo,codigo\nferreiro,83110\n');
    manifest([...good, { file: 'pt.csv', scheme: 'hisco', title: 'titulo', code: 'codigo', language: 'pt' }]);
    expect(shippedTraining(seedDir, 'hisco').sources.map((source) => source.name)).toContain('pt.csv (titulo)');
    const held = shippedTraining(seedDir, 'hisco', { except: path.join(seedDir, 'titles', 'nl.csv') });
    expect(held.sources.map((source) => source.name)).toEqual(['en.csv', 'dk.csv', 'pt.csv (titulo)', 'schemes/hisco.csv (labels)']);
    // Another scheme learns none of them.
    expect(shippedTraining(seedDir, 'isco08').sources).toEqual([]);
  });

  it('is no manifest at all in a folder without one (nothing shipped to learn)', () => {
    expect(readTitleManifest(seedDir)).toBeNull();
    expect(shippedTraining(seedDir, 'hisco').sources.map((source) => source.name)).toEqual(['schemes/hisco.csv (labels)']);
  });

  const refused = (text: string) => {
    write('titles/manifest.json', text);
    try {
      readTitleManifest(seedDir);
    } catch (error) {
      expect(error).toBeInstanceOf(TitleManifestError);
      return (error as Error).message;
    }
    throw new Error('The manifest was read.');
  };

  it('refuses a malformed manifest with a message naming the manifest, the entry and what is wrong', () => {
    const where = path.join(seedDir, 'titles', 'manifest.json');
    expect(refused('{ "files": [ { "file": "en.csv", ')).toMatch(new RegExp(`^The titles manifest ${where} is not valid JSON`));
    expect(refused(JSON.stringify({ files: [good[0], { ...good[1], scheme: 'hisko' }] }))).toBe(
      `The titles manifest ${where} is malformed: entry 2 (nl.csv), scheme: is "hisko", not one of our schemes (hisco, pst2, pst, psti, soc2020, isco08, onet, esco, occ1950, pcs2020, naf2, nace2.1, nace2, bls1918)`,
    );
    expect(refused(JSON.stringify({ files: [{ ...good[0], title: undefined }] }))).toMatch(/entry 1 \(en\.csv\), title: /);
    expect(refused(JSON.stringify({ files: [{ ...good[3], code: { column: 'verified', map: {} } }] }))).toMatch(/entry 1 \(dk\.csv\), code/);
    expect(refused(JSON.stringify({ files: [{ ...good[0], language: 'English' }] }))).toMatch(/entry 1 \(en\.csv\), language: is an ISO 639 code/);
    expect(refused(JSON.stringify({ files: [{ ...good[0], file: '../schemes/hisco.csv' }] }))).toMatch(/entry 1 \(\.\.\/schemes\/hisco\.csv\), file: is a plain file name/);
    expect(refused(JSON.stringify({ titles: [] }))).toMatch(/is malformed: the manifest, files: /);
    expect(refused(JSON.stringify({ files: [{ ...good[0], weigth: 'n' }] }))).toMatch(/is malformed: entry 1 \(en\.csv\): Unrecognized key: "weigth"/);
  });

  it('refuses an entry naming a column its file lacks, or a file that is not there', () => {
    const where = path.join(seedDir, 'titles', 'manifest.json');
    expect(refused(JSON.stringify({ files: [good[0], { ...good[2], title: 'standard' }] }))).toBe(
      `The titles manifest ${where}: entry 2 (nl.csv, scheme hisco) names the column "standard", which nl.csv does not have (its header: title, standard_title, hisco).`,
    );
    expect(refused(JSON.stringify({ files: [{ ...good[3], weight: 'count' }] }))).toContain('names the column "count", which dk.csv does not have');
    expect(refused(JSON.stringify({ files: [{ ...good[0], file: 'gone.csv' }] }))).toBe(
      `The titles manifest ${where}: entry 1 (gone.csv, scheme hisco) names ${path.join(seedDir, 'titles', 'gone.csv')}, which is not there.`,
    );
  });

  it('reads the manifest the data folder ships', () => {
    const data = path.resolve(import.meta.dirname, '../../../../shared/data');
    if (!fs.existsSync(path.join(data, 'titles', 'manifest.json'))) return;
    const entries = readTitleManifest(data)!;
    expect(entries.map((entry) => entry.file)).toContain('occcanine_verified_no_occupation_dk_census.csv');
  });
});
