import { datasetCodedTitles, reviewedCodedTitles } from '@og/api/db/queries/coder-training';
import type { DatasetViewer } from '@og/api/db/queries/datasets';
import type { Queryable } from '@og/api/db/database';
import type { CodeRecord } from '@og/shared/contracts/schemes';
import type { SchemeId } from '@og/shared/domain/schemes';
import { evidenceWeights, maxRowsCounted } from '../builtin-coder/shipped-titles.js';
import { coderNorm } from '../builtin-coder/title-features.js';
import { readManifestFile, readTitleManifest, type TitleManifestEntry } from '../builtin-coder/title-manifest.js';

/**
 * The titles known to be coded in a scheme, as the built-in coder learns them (the shipped titles
 * of the titles manifest, the coded titles of the datasets the admin may see, the reviews' mappings)
 * but without the scheme's own labels, which are its codes' words, not titles coded by someone:
 * normalised title → code value → weight.
 */
export type KnownTitles = Map<string, Map<string, number>>;

export async function gatherKnownTitles(
  db: Queryable,
  input: { scheme: SchemeId; viewer: DatasetViewer; seedDir: string | null; lookup: Readonly<Record<string, CodeRecord>> },
): Promise<KnownTitles> {
  const valueOfLabel = new Map<string, string>();
  for (const record of Object.values(input.lookup)) valueOfLabel.set(record.label, record.value);
  const known: KnownTitles = new Map();
  const add = (norm: string, label: string, weight: number, byValue = false) => {
    const value = byValue ? (input.lookup[label] ? label : undefined) : valueOfLabel.get(label);
    if (!norm || value === undefined) return;
    const codes = known.get(norm) ?? new Map<string, number>();
    known.set(norm, codes);
    codes.set(value, (codes.get(value) ?? 0) + weight);
  };
  if (input.seedDir) {
    const byFile = new Map<string, TitleManifestEntry[]>();
    for (const entry of readTitleManifest(input.seedDir) ?? []) {
      if (entry.scheme === input.scheme) byFile.set(entry.file, [...(byFile.get(entry.file) ?? []), entry]);
    }
    for (const entries of byFile.values()) {
      for (const { titles } of readManifestFile(input.seedDir, entries, { evidence: evidenceWeights.shipped, maxRecords: maxRowsCounted })) {
        for (const title of titles) add(title.norm, title.code, title.weight);
      }
    }
  }
  for (const row of await datasetCodedTitles(db, input.scheme, input.viewer)) {
    add(coderNorm(row.title), row.code, evidenceWeights.dataset * Math.min(maxRowsCounted, Number(row.occurrences)));
  }
  // A review names codes by their value (the URI's end).
  for (const row of await reviewedCodedTitles(db, input.scheme, input.viewer)) add(coderNorm(row.string), row.code, evidenceWeights.review, true);
  return known;
}

/**
 * Titles coded in both schemes: for each source code, the target codes its titles also carry
 * and how many titles do, with the number of its titles that carry any target code.
 */
export function coCodedTitles(source: KnownTitles, target: KnownTitles): Map<string, { titles: number; targets: Map<string, number> }> {
  const found = new Map<string, { titles: number; targets: Map<string, number> }>();
  for (const [norm, sourceCodes] of source) {
    const targetCodes = target.get(norm);
    if (!targetCodes) continue;
    for (const sourceCode of sourceCodes.keys()) {
      const entry = found.get(sourceCode) ?? { titles: 0, targets: new Map<string, number>() };
      found.set(sourceCode, entry);
      entry.titles++;
      for (const targetCode of targetCodes.keys()) entry.targets.set(targetCode, (entry.targets.get(targetCode) ?? 0) + 1);
    }
  }
  return found;
}

/** Each code's known titles, the heaviest first (what the target's coder is asked to read besides the code's name). */
export function titlesByCode(known: KnownTitles): Map<string, string[]> {
  const weighted = new Map<string, { norm: string; weight: number }[]>();
  for (const [norm, codes] of known) {
    for (const [code, weight] of codes) {
      const list = weighted.get(code);
      if (list) list.push({ norm, weight });
      else weighted.set(code, [{ norm, weight }]);
    }
  }
  return new Map([...weighted].map(([code, list]) => [code, list.sort((a, b) => b.weight - a.weight || (a.norm < b.norm ? -1 : 1)).map((item) => item.norm)]));
}
