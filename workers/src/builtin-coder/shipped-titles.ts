import fs from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import type { SchemeId } from '@og/shared/domain/schemes';
import { coderNorm } from './title-features.js';
import type { CodedTitle } from './title-index.js';

/** How much each kind of evidence counts (a reviewer's mapping most; a scheme's own label least). */
export const evidenceWeights = { review: 3, dataset: 1, shipped: 1, label: 0.5, linked: 0.3 } as const;

/**
 * The coded title lists shipped in `../shared/data/titles`, per scheme: OccCANINE's
 * English sample → HISCO; ESCO's labels → ESCO and ISCO-08; the ILO index → ISCO-08; O*NET's
 * alternate titles → O*NET.
 */
export const shippedTitleSources: { file: string; scheme: SchemeId; titleColumn: string; codeColumn: string }[] = [
  { file: 'occcanine_toydata_en.csv', scheme: 'hisco', titleColumn: 'title', codeColumn: 'hisco' },
  { file: 'esco_occupation_labels_en.csv', scheme: 'esco', titleColumn: 'title', codeColumn: 'esco_code' },
  { file: 'esco_occupation_labels_en.csv', scheme: 'isco08', titleColumn: 'title', codeColumn: 'isco08' },
  { file: 'ilo_isco08_index_titles.csv', scheme: 'isco08', titleColumn: 'title', codeColumn: 'isco08' },
  { file: 'onet_2019_alternate_titles.csv', scheme: 'onet', titleColumn: 'title', codeColumn: 'onet' },
];

/** A CSV's (title, code) rows, as coded titles of the given weight. */
export function readCodedTitles(file: string, columns: { title: string; code: string }, weight: number): CodedTitle[] {
  const parsed = Papa.parse<Record<string, string | undefined>>(fs.readFileSync(file, 'utf8'), { header: true, skipEmptyLines: true });
  const titles: CodedTitle[] = [];
  for (const row of parsed.data) {
    const title = row[columns.title]?.trim();
    const code = row[columns.code]?.trim();
    if (title && code) titles.push({ norm: coderNorm(title), code, weight });
  }
  return titles;
}

/** The shipped titles of a scheme (leaving out `except`, the file an evaluation holds out), and the scheme's own labels. */
export function shippedTraining(dataDir: string, scheme: SchemeId, options: { except?: string } = {}): { titles: CodedTitle[]; sources: string[] } {
  const titles: CodedTitle[] = [];
  const sources: string[] = [];
  for (const source of shippedTitleSources) {
    if (source.scheme !== scheme) continue;
    const file = path.join(dataDir, 'titles', source.file);
    if (options.except && path.resolve(options.except) === path.resolve(file)) continue;
    if (!fs.existsSync(file)) continue;
    for (const item of readCodedTitles(file, { title: source.titleColumn, code: source.codeColumn }, evidenceWeights.shipped)) titles.push(item);
    sources.push(source.file);
  }
  const schemeFile = path.join(dataDir, 'schemes', `${scheme}.csv`);
  if (fs.existsSync(schemeFile)) {
    for (const item of readCodedTitles(schemeFile, { title: 'label', code: 'code' }, evidenceWeights.label)) titles.push(item);
    sources.push(`schemes/${scheme}.csv (labels)`);
  }
  return { titles, sources };
}
