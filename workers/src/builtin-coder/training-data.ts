import { type DatasetCodedTitle, datasetCodedTitles, reviewedCodedTitles } from '@og/api/db/queries/coder-training';
import type { DatasetViewer } from '@og/api/db/queries/datasets';
import type { Queryable } from '@og/api/db/database';
import { readLinkMaps } from '@og/api/links/link-maps';
import type { SchemeContext } from '@og/api/schemes/scheme-context';
import { titleLanguage } from '@og/shared/domain/languages';
import { isSchemeId, type SchemeId } from '@og/shared/domain/schemes';
import { evidenceWeights, maxRowsCounted, shippedTraining, type TrainingSource } from './shipped-titles.js';
import { coderNorm } from './title-features.js';
import type { CodedTitle } from './title-index.js';
import { readTitleVariants, variantTitles } from './title-variants.js';

export interface TrainingSummary {
  titles: number;
  /** Per source and language (null: not known), the coded titles it gave. */
  sources: TrainingSource[];
}

/**
 * Everything the built-in coder learns from for a scheme and a person: the titles
 * shipped for the scheme (as SEED_DIR's titles manifest lists them) and its own labels, the coded
 * titles of the datasets they may see, every review mapping into the scheme, and the spellings
 * of those titles that SEED_DIR's spellings files list, each with its weight and, where its
 * source says, its language. Read at the start of each run, so a mapping
 * saved a minute ago counts in the next run. A malformed titles manifest throws (TitleManifestError).
 */
export async function gatherTraining(
  db: Queryable,
  input: { scheme: SchemeId; viewer: DatasetViewer; seedDir: string | null; schemes?: SchemeContext; exceptLinked?: SchemeId },
): Promise<{ titles: CodedTitle[]; summary: TrainingSummary }> {
  const titles: CodedTitle[] = [];
  const sources: TrainingSource[] = [];
  if (input.seedDir) {
    const shipped = shippedTraining(input.seedDir, input.scheme);
    for (const item of shipped.titles) titles.push(item);
    for (const source of shipped.sources) if (source.titles) sources.push(source);
  }
  const datasetRows = await datasetCodedTitles(db, input.scheme, input.viewer);
  const datasetTitles: CodedTitle[] = [];
  for (const row of datasetRows) {
    const lang = rowLanguage(row);
    datasetTitles.push({ norm: coderNorm(row.title), code: row.code, weight: evidenceWeights.dataset * Math.min(maxRowsCounted, Number(row.occurrences)), ...(lang ? { lang } : {}) });
  }
  for (const item of datasetTitles) titles.push(item);
  for (const source of perLanguage('coded datasets', datasetTitles)) sources.push(source);
  const reviewed = await reviewedCodedTitles(db, input.scheme, input.viewer);
  // A review names codes by their value (the URI); every other source by their code string.
  const lookup = input.schemes ? (await input.schemes.trees.get(input.scheme)).tree.lookup : undefined;
  for (const row of reviewed) titles.push({ norm: coderNorm(row.string), code: lookup?.[row.code]?.label ?? row.code, weight: evidenceWeights.review });
  if (reviewed.length) sources.push({ name: 'review mappings', language: null, titles: reviewed.length });
  if (input.schemes) {
    for (const linked of await linkedTraining(db, input.schemes, input)) {
      for (const item of linked.titles) titles.push(item);
      for (const source of perLanguage(`titles coded in ${linked.scheme}, through links`, linked.titles)) sources.push(source);
    }
  }
  if (input.seedDir) {
    const spelt = variantTitles(titles, readTitleVariants(input.seedDir));
    for (const item of spelt.titles) titles.push(item);
    for (const source of spelt.sources) sources.push(source);
  }
  return { titles, summary: { titles: titles.length, sources } };
}

/** A coded dataset title's language: from its rows' language column values, or the dataset's language (none for several). */
function rowLanguage(row: DatasetCodedTitle): string | undefined {
  return titleLanguage({ language: row.language, languageColumn: row.language_column }, (row.language_values ?? []).map(({ value, occurrences }) => ({ value, occurrences: Number(occurrences) }))) ?? undefined;
}

/** One source's titles counted per language, as sources of the summary (none when it gave no titles). */
function perLanguage(name: string, titles: readonly CodedTitle[]): TrainingSource[] {
  const counts = new Map<string | null, number>();
  for (const title of titles) counts.set(title.lang ?? null, (counts.get(title.lang ?? null) ?? 0) + 1);
  return [...counts].map(([language, count]) => ({ name, language, titles: count }));
}

/** The languages the coder has coded titles in (its sources' languages, those that gave titles). */
export function trainedLanguages(summary: TrainingSummary): Set<string> {
  return new Set(summary.sources.flatMap((source) => (source.language && source.titles > 0 ? [source.language] : [])));
}

/**
 * Titles coded in another scheme, carried into this one through the links between the two,
 * each weighing less than direct evidence and sharing its weight among the codes it
 * is linked to. Only schemes with links to this one are read, but `exceptLinked` (link
 * suggestions for that scheme never learn from the pair's own links).
 */
async function linkedTraining(
  db: Queryable,
  schemes: SchemeContext,
  input: { scheme: SchemeId; viewer: DatasetViewer; seedDir: string | null; exceptLinked?: SchemeId },
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
      if (!isSchemeId(other) || other === input.scheme || other === input.exceptLinked) continue;
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
    for (const row of await datasetCodedTitles(db, other, input.viewer)) {
      const lang = rowLanguage(row);
      coded.push({ norm: coderNorm(row.title), code: row.code, weight: evidenceWeights.dataset, ...(lang ? { lang } : {}) });
    }
    const otherLookup = (await schemes.trees.get(other)).tree.lookup;
    for (const row of await reviewedCodedTitles(db, other, input.viewer)) coded.push({ norm: coderNorm(row.string), code: otherLookup[row.code]?.label ?? row.code, weight: evidenceWeights.review });
    const titles: CodedTitle[] = [];
    for (const example of coded) {
      const codes = inverse.get(example.code);
      if (!codes) continue;
      for (const code of codes) titles.push({ norm: example.norm, code, weight: (evidenceWeights.linked * example.weight) / codes.length, ...(example.lang ? { lang: example.lang } : {}) });
    }
    if (titles.length) found.push({ scheme: other, titles });
  }
  return found;
}
