import type { Queryable } from '../db/database.js';
import { type SumsRow, sumDatasetRowsByCode, sumPredictionSetByMapping, sumUncodedRowsByMapping } from '../db/queries/conversion-sources.js';
import { datasetHasMappedEntries } from '../db/queries/prediction-sets.js';
import { apportion } from './apportion.js';

/** Rows and each totals column, summed exactly. */
export interface Sums {
  occurrences: bigint;
  totals: bigint[];
}

export const zeroSums = (columns: number): Sums => ({ occurrences: 0n, totals: Array.from({ length: columns }, () => 0n) });

export function addSums(into: Sums, add: Sums): void {
  into.occurrences += add.occurrences;
  for (let index = 0; index < into.totals.length; index++) into.totals[index]! += add.totals[index] ?? 0n;
}

/** What a conversion converts: per source code (`scheme:code`) its sums, and the sums of rows with no code at all. */
export interface SourceSums {
  codes: Map<string, Sums>;
  notCoded: Sums;
}

function sumsOf(row: SumsRow, columns: number): Sums {
  return { occurrences: BigInt(row.occurrences ?? '0'), totals: Array.from({ length: columns }, (_, index) => BigInt(row[`t${index + 1}`] ?? '0')) };
}

/** Adds sums named by several URIs (a reviewer mapped a title to more than one code), split among them in whole equal parts. */
function addSplit(into: SourceSums, uris: string[], sums: Sums, columns: number): void {
  const distinct = [...new Set(uris)];
  if (distinct.length === 0) return addSums(into.notCoded, sums);
  const weights = distinct.map(() => 1);
  const occurrences = apportion(sums.occurrences, weights);
  const totals = sums.totals.map((total) => apportion(total, weights));
  distinct.forEach((uri, index) => {
    let at = into.codes.get(uri);
    if (!at) into.codes.set(uri, (at = zeroSums(columns)));
    addSums(at, { occurrences: occurrences[index]!, totals: totals.map((parts) => parts[index]!) });
  });
}

/**
 * A dataset's sums per source code: its coded rows grouped by code in one pass (the
 * code column's scheme), and its rows without a code through the reviewed mappings of its
 * prediction sets (the latest mapping of each title), grouped by the codes mapped to.
 */
export async function datasetSourceSums(db: Queryable, dataset: { id: string; scheme: string | null }, columns: number): Promise<SourceSums> {
  const sums: SourceSums = { codes: new Map(), notCoded: zeroSums(columns) };
  let uncoded: Sums | null = null;
  for (const row of await sumDatasetRowsByCode(db, dataset.id, columns)) {
    if (row.code === '') {
      uncoded = sumsOf(row, columns);
      continue;
    }
    // A code without a scheme (no code column scheme) is unknown: kept under a scheme no graph has.
    sums.codes.set(`${dataset.scheme ?? 'unknown'}:${row.code}`, sumsOf(row, columns));
  }
  if (!uncoded) return sums;
  if (!(await datasetHasMappedEntries(db, dataset.id))) {
    addSums(sums.notCoded, uncoded);
    return sums;
  }
  for (const row of await sumUncodedRowsByMapping(db, dataset.id, columns)) addSplit(sums, row.uris ?? [], sumsOf(row, columns), columns);
  return sums;
}

/** A prediction set's sums per code its reviewers mapped to; its unmapped entries are not coded. */
export async function predictionSetSourceSums(db: Queryable, setId: string, columns: number): Promise<SourceSums> {
  const sums: SourceSums = { codes: new Map(), notCoded: zeroSums(columns) };
  for (const row of await sumPredictionSetByMapping(db, setId, columns)) addSplit(sums, row.uris, sumsOf(row, columns), columns);
  return sums;
}
