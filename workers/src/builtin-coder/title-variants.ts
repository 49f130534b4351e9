import fs from 'node:fs';
import path from 'node:path';
import { coderNorm } from './title-features.js';
import type { CodedTitle } from './title-index.js';
import { readHeader, readTitlesCsv, readTitleManifest } from './title-manifest.js';
import type { TrainingSource } from './shipped-titles.js';

/** The columns of a spellings file: a title as a source wrote it, and the standard title it is a spelling of. */
const variantColumns = { title: 'title', standard: 'standard_title' } as const;

/** One spellings file: each title as written (normalised) and the standard titles it spells. */
export interface TitleVariants {
  file: string;
  standards: Map<string, string[]>;
}

/**
 * The spellings files of `{dataDir}/titles`: each CSV no manifest entry names whose header has
 * `title` and `standard_title` (histocc's raw-to-standard layout). They code nothing themselves;
 * a title written as one of a standard title's spellings ('sågverksarb.', 'väfvare') is learned
 * with the codes the standard title ('sågverksarbetare', 'vävare') has in what the coder learns.
 * `except` leaves a file out, as an evaluation holds it out.
 */
export function readTitleVariants(dataDir: string, options: { except?: string } = {}): TitleVariants[] {
  const folder = path.join(dataDir, 'titles');
  let names: string[];
  try {
    names = fs.readdirSync(folder).filter((name) => name.toLowerCase().endsWith('.csv'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const coded = new Set((readTitleManifest(dataDir) ?? []).map((entry) => entry.file));
  const found: TitleVariants[] = [];
  for (const name of names.sort()) {
    if (coded.has(name) || (options.except && path.resolve(options.except) === path.resolve(folder, name))) continue;
    // Only the header is read of a file that is not a spellings file.
    const header = readHeader(path.join(folder, name));
    if (!header.includes(variantColumns.title) || !header.includes(variantColumns.standard)) continue;
    const standards = new Map<string, string[]>();
    for (const row of readTitlesCsv(path.join(folder, name))) {
      const written = coderNorm(row[variantColumns.title]?.trim() ?? '');
      const standard = coderNorm(row[variantColumns.standard]?.trim() ?? '');
      if (!written || !standard || written === standard) continue;
      const known = standards.get(written);
      if (!known) standards.set(written, [standard]);
      else if (!known.includes(standard)) known.push(standard);
    }
    found.push({ file: name, standards });
  }
  return found;
}

/**
 * The titles the spellings add to `titles`: each spelling no title of `titles` is already written
 * as, with every code (and language) its standard titles have there, their weight shared among
 * the standard titles it spells. Per file and language, how many coded titles it added.
 */
export function variantTitles(titles: readonly CodedTitle[], variants: readonly TitleVariants[]): { titles: CodedTitle[]; sources: TrainingSource[] } {
  if (variants.length === 0) return { titles: [], sources: [] };
  const wanted = new Set<string>();
  for (const { standards } of variants) for (const list of standards.values()) for (const standard of list) wanted.add(standard);
  const known = new Set<string>();
  const ofStandard = new Map<string, CodedTitle[]>();
  for (const title of titles) {
    known.add(title.norm);
    if (!wanted.has(title.norm)) continue;
    const list = ofStandard.get(title.norm);
    if (list) list.push(title);
    else ofStandard.set(title.norm, [title]);
  }
  const added: CodedTitle[] = [];
  const sources: TrainingSource[] = [];
  for (const { file, standards } of variants) {
    const counts = new Map<string | null, number>();
    for (const [written, list] of standards) {
      if (known.has(written)) continue;
      const before = added.length;
      for (const standard of list) {
        for (const example of ofStandard.get(standard) ?? []) {
          added.push({ norm: written, code: example.code, weight: example.weight / list.length, spellingOf: standard, ...(example.lang ? { lang: example.lang } : {}) });
          counts.set(example.lang ?? null, (counts.get(example.lang ?? null) ?? 0) + 1);
        }
      }
      // A later file's same spelling adds nothing more.
      if (added.length > before) known.add(written);
    }
    for (const [language, count] of counts) sources.push({ name: `${file} (spellings of coded titles)`, language, titles: count });
  }
  return { titles: added, sources };
}
