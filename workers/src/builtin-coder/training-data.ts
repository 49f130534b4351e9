import { datasetCodedTitles, reviewedCodedTitles } from '@og/api/db/queries/coder-training';
import type { DatasetViewer } from '@og/api/db/queries/datasets';
import type { Queryable } from '@og/api/db/database';
import type { SchemeId } from '@og/shared/domain/schemes';
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
 * Everything the built-in coder learns from for a scheme and a person (issue 13): the titles
 * shipped for the scheme and its own labels (from SEED_DIR), the coded titles of the datasets
 * they may see, and every review mapping into the scheme, each with its weight. Read at the start
 * of each run, so a mapping saved a minute ago counts in the next run.
 */
export async function gatherTraining(
  db: Queryable,
  input: { scheme: SchemeId; viewer: DatasetViewer; seedDir: string | null },
): Promise<{ titles: CodedTitle[]; summary: TrainingSummary }> {
  const titles: CodedTitle[] = [];
  const sources: TrainingSummary['sources'] = [];
  if (input.seedDir) {
    const shipped = shippedTraining(input.seedDir, input.scheme);
    titles.push(...shipped.titles);
    if (shipped.titles.length) sources.push({ name: `shipped titles (${shipped.sources.join(', ')})`, titles: shipped.titles.length });
  }
  const datasetRows = await datasetCodedTitles(db, input.scheme, input.viewer);
  for (const row of datasetRows) {
    titles.push({ norm: coderNorm(row.title), code: row.code, weight: evidenceWeights.dataset * Math.min(maxRowsCounted, Number(row.occurrences)) });
  }
  if (datasetRows.length) sources.push({ name: 'coded datasets', titles: datasetRows.length });
  const reviewed = await reviewedCodedTitles(db, input.scheme, input.viewer);
  for (const row of reviewed) titles.push({ norm: coderNorm(row.string), code: row.code, weight: evidenceWeights.review });
  if (reviewed.length) sources.push({ name: 'review mappings', titles: reviewed.length });
  return { titles, summary: { titles: titles.length, sources } };
}
