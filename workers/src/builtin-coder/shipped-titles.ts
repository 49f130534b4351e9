import fs from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import type { SchemeId } from '@og/shared/domain/schemes';
import { coderNorm } from './title-features.js';
import type { CodedTitle } from './title-index.js';
import { entryName, readManifestFile, readTitleManifest, type TitleManifestEntry } from './title-manifest.js';

/** How much each kind of evidence counts (a reviewer's mapping most; a scheme's own label least). */
export const evidenceWeights = { review: 3, dataset: 1, shipped: 1, label: 0.5, linked: 0.3 } as const;

/**
 * Records of one title count by their number, up to this many (a title on 10,000 rows is not
 * 10,000 times the evidence): a dataset's rows, and a shipped file's weight column alike.
 */
export const maxRowsCounted = 20;

/** A source the coder learned from: its name, its titles' language (null: not known) and how many coded titles it gave. */
export interface TrainingSource {
  name: string;
  language: string | null;
  titles: number;
}

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

/**
 * The coded titles shipped for a scheme, as `{dataDir}/titles/manifest.json` lists them (each
 * with its language), leaving out `except` (the file an evaluation holds out), and the scheme's
 * own labels. A malformed manifest throws a TitleManifestError; a folder without one ships no titles.
 */
export function shippedTraining(dataDir: string, scheme: SchemeId, options: { except?: string } = {}): { titles: CodedTitle[]; sources: TrainingSource[] } {
  const titles: CodedTitle[] = [];
  const sources: TrainingSource[] = [];
  const byFile = new Map<string, TitleManifestEntry[]>();
  for (const entry of readTitleManifest(dataDir) ?? []) {
    if (entry.scheme !== scheme) continue;
    if (options.except && path.resolve(options.except) === path.resolve(dataDir, 'titles', entry.file)) continue;
    byFile.set(entry.file, [...(byFile.get(entry.file) ?? []), entry]);
  }
  for (const entries of byFile.values()) {
    for (const { entry, titles: read } of readManifestFile(dataDir, entries, { evidence: evidenceWeights.shipped, maxRecords: maxRowsCounted })) {
      for (const item of read) titles.push(item);
      sources.push({ name: entryName(entry), language: entry.language, titles: read.length });
    }
  }
  const schemeFile = path.join(dataDir, 'schemes', `${scheme}.csv`);
  if (fs.existsSync(schemeFile)) {
    const labels = readCodedTitles(schemeFile, { title: 'label', code: 'code' }, evidenceWeights.label);
    for (const item of labels) titles.push(item);
    sources.push({ name: `schemes/${scheme}.csv (labels)`, language: null, titles: labels.length });
  }
  return { titles, sources };
}
