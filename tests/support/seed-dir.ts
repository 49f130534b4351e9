import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The real data folder beside the project (the app's default SEED_DIR). */
export const sharedData = path.resolve(import.meta.dirname, '../../../shared/data');

export interface TitlesManifest {
  about?: string;
  files: { file: string; scheme: string; [key: string]: unknown }[];
}

/** The shipped titles manifest, as read from the data folder. */
export function shippedManifest(): TitlesManifest {
  return JSON.parse(fs.readFileSync(path.join(sharedData, 'titles', 'manifest.json'), 'utf8')) as TitlesManifest;
}

export interface SeedDir {
  dir: string;
  /** Writes the copy's titles manifest (or any text in its place, to test a malformed one). */
  writeManifest(manifest: TitlesManifest | string): void;
  /** Adds a file to the copy's titles folder. */
  addTitlesFile(name: string, text: string): void;
  remove(): void;
}

/**
 * A copy of the data folder for a test to seed from: every file linked, not copied, but the
 * titles manifest written anew with only the entries `keep` chooses, so a run learns from a few
 * small files rather than every shipped title (some 290,000 HISCO titles, a minute a run on a
 * loaded machine). `schemes` limits the schemes folder to those schemes (the app seeds every
 * scheme it finds there at its first start).
 */
export function seedDirCopy(options: { keep: (entry: TitlesManifest['files'][number]) => boolean; schemes?: readonly string[] }): SeedDir {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'og-seed-'));
  for (const entry of fs.readdirSync(sharedData)) {
    if (entry === 'titles' || (entry === 'schemes' && options.schemes)) continue;
    fs.symlinkSync(path.join(sharedData, entry), path.join(dir, entry));
  }
  if (options.schemes) {
    fs.mkdirSync(path.join(dir, 'schemes'));
    for (const scheme of options.schemes) fs.symlinkSync(path.join(sharedData, 'schemes', `${scheme}.csv`), path.join(dir, 'schemes', `${scheme}.csv`));
  }
  fs.mkdirSync(path.join(dir, 'titles'));
  for (const file of fs.readdirSync(path.join(sharedData, 'titles'))) {
    if (file !== 'manifest.json') fs.symlinkSync(path.join(sharedData, 'titles', file), path.join(dir, 'titles', file));
  }
  const copy: SeedDir = {
    dir,
    writeManifest(manifest) {
      fs.writeFileSync(path.join(dir, 'titles', 'manifest.json'), typeof manifest === 'string' ? manifest : JSON.stringify(manifest));
    },
    addTitlesFile(name, text) {
      fs.writeFileSync(path.join(dir, 'titles', name), text);
    },
    remove() {
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  const shipped = shippedManifest();
  copy.writeManifest({ ...shipped, files: shipped.files.filter(options.keep) });
  return copy;
}

/** The English sample and the verified 'no occupation' lists: the small HISCO files of the manifest. */
export const smallHiscoFiles = (entry: TitlesManifest['files'][number]): boolean => entry.scheme === 'hisco' && /^occcanine_/.test(entry.file);
