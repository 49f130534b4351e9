import { datasetCodedTitles, reviewedCodedTitles } from '@og/api/db/queries/coder-training';
import type { DatasetViewer } from '@og/api/db/queries/datasets';
import type { Queryable } from '@og/api/db/database';
import { readLinkMaps } from '@og/api/links/link-maps';
import type { SchemeContext } from '@og/api/schemes/scheme-context';
import { isSchemeId, type SchemeId } from '@og/shared/domain/schemes';
import { evidenceWeights, shippedTraining } from './shipped-titles.js';
import { coderNorm } from './title-features.js';
import type { CodedTitle } from './title-index.js';

export interface TrainingSummary {
  titles: number;
  sources: { name: string; titles: number }[];
}

/** Rows of a dataset count by their number, up to this many (a title on 10,000 rows is not 10,000 times the evidence). */
const maxRowsCounted = 20;

/**
 * Everything the built-in coder learns from for a scheme and a person: the titles
 * shipped for the scheme and its own labels (from SEED_DIR), the coded titles of the datasets
 * they may see, and every review mapping into the scheme, each with its weight. Read at the start
 * of each run, so a mapping saved a minute ago counts in the next run.
 */
export async function gatherTraining(
  db: Queryable,
  input: { scheme: SchemeId; viewer: DatasetViewer; seedDir: string | null; schemes?: SchemeContext },
): Promise<{ titles: CodedTitle[]; summary: TrainingSummary }> {
  const titles: CodedTitle[] = [];
  const sources: TrainingSummary['sources'] = [];
  if (input.seedDir) {
    const shipped = shippedTraining(input.seedDir, input.scheme);
    for (const item of shipped.titles) titles.push(item);
    if (shipped.titles.length) sources.push({ name: `shipped titles (${shipped.sources.join(', ')})`, titles: shipped.titles.length });
  }
  const datasetRows = await datasetCodedTitles(db, input.scheme, input.viewer);
  for (const row of datasetRows) {
    titles.push({ norm: coderNorm(row.title), code: row.code, weight: evidenceWeights.dataset * Math.min(maxRowsCounted, Number(row.occurrences)) });
  }
  if (datasetRows.length) sources.push({ name: 'coded datasets', titles: datasetRows.length });
  const reviewed = await reviewedCodedTitles(db, input.scheme, input.viewer);
  // A review names codes by their value (the URI); every other source by their code string.
  const lookup = input.schemes ? (await input.schemes.trees.get(input.scheme)).tree.lookup : undefined;
  for (const row of reviewed) titles.push({ norm: coderNorm(row.string), code: lookup?.[row.code]?.label ?? row.code, weight: evidenceWeights.review });
  if (reviewed.length) sources.push({ name: 'review mappings', titles: reviewed.length });
  if (input.schemes) {
    for (const linked of await linkedTraining(db, input.schemes, input)) {
      for (const item of linked.titles) titles.push(item);
      sources.push({ name: `titles coded in ${linked.scheme}, through links`, titles: linked.titles.length });
    }
  }
  return { titles, summary: { titles: titles.length, sources } };
}

/**
 * Titles coded in another scheme, carried into this one through the links between the two,
 * each weighing less than direct evidence and sharing its weight among the codes it
 * is linked to. Only schemes with links to this one are read.
 */
async function linkedTraining(
  db: Queryable,
  schemes: SchemeContext,
  input: { scheme: SchemeId; viewer: DatasetViewer; seedDir: string | null },
): Promise<{ scheme: SchemeId; titles: CodedTitle[] }[]> {
  const maps = await readLinkMaps(schemes, [input.scheme]);
  const target = (await schemes.trees.get(input.scheme)).tree.lookup;
  const found: { scheme: SchemeId; titles: CodedTitle[] }[] = [];
  // code of the other scheme (its label) → linked code labels of this one.
  const towards = new Map<SchemeId, Map<string, string[]>>();
  for (const [value, byScheme] of Object.entries(maps.maps[input.scheme] ?? {})) {
    const label = target[value]?.label;
    if (!label) continue;
    for (const [other, values] of Object.entries(byScheme)) {
      if (!isSchemeId(other) || other === input.scheme) continue;
      const otherLookup = (await schemes.trees.get(other)).tree.lookup;
      const inverse = towards.get(other) ?? new Map<string, string[]>();
      towards.set(other, inverse);
      for (const linkedValue of values) {
        const otherLabel = otherLookup[linkedValue]?.label;
        if (otherLabel) inverse.set(otherLabel, [...(inverse.get(otherLabel) ?? []), label]);
      }
    }
  }
  for (const [other, inverse] of towards) {
    if (inverse.size === 0) continue;
    const coded: CodedTitle[] = [];
    if (input.seedDir) for (const item of shippedTraining(input.seedDir, other).titles) coded.push(item);
    for (const row of await datasetCodedTitles(db, other, input.viewer)) coded.push({ norm: coderNorm(row.title), code: row.code, weight: evidenceWeights.dataset });
    const otherLookup = (await schemes.trees.get(other)).tree.lookup;
    for (const row of await reviewedCodedTitles(db, other, input.viewer)) coded.push({ norm: coderNorm(row.string), code: otherLookup[row.code]?.label ?? row.code, weight: evidenceWeights.review });
    const titles: CodedTitle[] = [];
    for (const example of coded) {
      const codes = inverse.get(example.code);
      if (!codes) continue;
      for (const code of codes) titles.push({ norm: example.norm, code, weight: (evidenceWeights.linked * example.weight) / codes.length });
    }
    if (titles.length) found.push({ scheme: other, titles });
  }
  return found;
}
