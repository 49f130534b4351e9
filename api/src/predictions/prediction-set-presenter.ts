import type { PredictionSetProgress, PredictionSetSummary } from '@og/shared/contracts/datasets';
import { noConfidenceBest, type SetConfidences, setConfidences } from '@og/shared/contracts/prediction-reading';
import type { ListedPredictionSet, MappingSaved, NoEntrySummary, PredictionEntryAnswer, PredictionSetCount, PredictionSetDetail, SearchOptions } from '@og/shared/contracts/predictions';
import type { DatasetViewer } from '../db/queries/datasets.js';
import type { EntryRow, ReviewScope } from '../db/queries/prediction-entry-navigation.js';
import type { ListedPredictionSetRow, PredictionSetRecord } from '../db/queries/prediction-sets.js';
import type { CodeDetails } from './node-details.js';
import type { SavedMapping } from './save-mapping.js';

/** A prediction set as lists show it to `viewerId` (SPEC §3's fields first), with its progress where the list counted it. */
export function presentPredictionSet(row: PredictionSetRecord, viewerId: string, progress: PredictionSetProgress | null = null): PredictionSetSummary {
  return {
    id: row.id,
    dataset_id: row.dataset_id,
    slug: row.slug,
    table_name: row.name,
    threshold: row.threshold,
    filter: row.filter,
    total: Number(row.total),
    created_at: new Date(row.created_at).toISOString(),
    name: row.name,
    state: row.state,
    error: row.error,
    jobId: row.job_id,
    format: row.format,
    reviewOrder: row.review_order,
    isOwner: row.owner_id === viewerId,
    confidences: row.state === 'ready' ? confidencesOf(row.stats) : null,
    progress: row.state === 'ready' ? progress : null,
    indexing: row.state === 'ready' && row.indexing === true,
  };
}

/** How a ready set's confidences came, as its import recorded it (a set imported before readings had them from its file). */
function confidencesOf(stats: Record<string, unknown> | null): SetConfidences {
  const recorded = setConfidences.safeParse(stats?.confidences);
  return recorded.success ? recorded.data : { source: 'file', given: null };
}

/**
 * A set as `/review` lists it to `viewer`: with its dataset's id and title (both null for a
 * standalone set), and whether the viewer may delete it (as `requirePredictionSetManager` says).
 */
export function presentListedPredictionSet(row: ListedPredictionSetRow, viewer: DatasetViewer): ListedPredictionSet {
  const manager = row.dataset_id ? row.dataset_owner_id : row.owner_id;
  return {
    ...presentPredictionSet(row, viewer.id),
    datasetId: row.dataset_id,
    datasetName: row.dataset_id ? row.dataset_title : null,
    canDelete: manager === viewer.id || viewer.role === 'admin',
  };
}

/** Every URI an entry names: its predictions' and its mapping's. */
export const entryUris = (entry: EntryRow): string[] => [...entry.predictions.flatMap((prediction) => prediction.uris), ...entry.node_uris, ...entry.prediction_uris];

/** SPEC §3 "Prediction entry" with the details of every URI it names, and the entries before and after it in the review. */
export function presentEntry(entry: EntryRow, around: { prev: string | null; next: string | null }, details: CodeDetails): PredictionEntryAnswer {
  return {
    predictionEntry: {
      string: entry.string,
      prev: around.prev,
      next: around.next,
      predictions: entry.predictions,
      mappings: { treeNodes: details.treeNodes(entry.node_uris), nodeURIs: entry.node_uris, predictionURIs: entry.prediction_uris, tags: entry.tags as PredictionEntryAnswer['predictionEntry']['mappings']['tags'] },
      version: entry.version,
      totals: entry.totals.map(Number),
      occurrences: Number(entry.occurrences),
      unknownURIs: entry.unknown_uris,
    },
    nodeDetails: details.details(entryUris(entry)),
  };
}

/** What SPEC §8's 'No {filter} entry found in dataset' table shows. */
export function presentNoEntrySummary(set: PredictionSetRecord, scope: ReviewScope, counts: PredictionSetCount, datasetTitle: string | null): NoEntrySummary {
  return {
    datasetTitle,
    totalEntries: Number(set.total),
    filter: scope.filter,
    threshold: scope.threshold,
    belowThreshold: counts.totalBelowThreshold,
    mapped: counts.mappedCount,
    unmapped: counts.totalBelowThreshold - counts.mappedCount,
  };
}

/** A review's search result: an entry's string, whether it is mapped and its best prediction's confidence. */
export function presentSearchOption(row: { string: string; mapped: boolean; best_conf: number }): SearchOptions['options'][number] {
  return { string: row.string, mapped: row.mapped, bestConf: row.best_conf === noConfidenceBest ? null : row.best_conf };
}

/** Beyond SPEC: the set as lists show it, with its dataset's title and totals columns, for the review's header. */
export function presentPredictionSetDetail(
  set: PredictionSetRecord,
  viewerId: string,
  dataset: { id: string; title: string; totalsColumns: string[] } | null,
): PredictionSetDetail {
  return { predictionSet: presentPredictionSet(set, viewerId), dataset: dataset ? { id: dataset.id, title: dataset.title, totalsColumns: dataset.totalsColumns } : null };
}

/** A saved mapping, with the set's mapped count under the threshold the reviewer works at. */
export function presentMappingSaved(saved: SavedMapping, counts: PredictionSetCount): MappingSaved {
  return { version: saved.version, propagated: saved.propagated, mappedCount: counts.mappedCount, sameTitle: saved.sameTitle };
}
