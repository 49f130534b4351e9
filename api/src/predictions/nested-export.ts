import type { NestedExportEntry } from '@og/shared/contracts/predictions';
import type { ExportedEntry } from '../db/queries/prediction-entry-pages.js';
import { contextValues } from './entry-context.js';

/**
 * The 'Nested' export (SPEC §2 Export menus): the OCCPAST list a prediction file is,
 *
 *     [{"string": "smith", "predictions": [{"uris": ["hisco:83110"], "conf": 0.93}],
 *       "mappings": {"nodeURIs": [], "predictionURIs": ["hisco:83110"], "tags": [], "mappedBy": "rhea", "mappedAt": "2025-…Z"},
 *       "occurrences": 12, "totals": [7, 5]}, …]
 *
 * one entry a line, in the file's order, with the predictions as stored (most confident first).
 * `occurrences` and `totals` only for a set of a dataset; `context` (`{"Year": [{"value": "1881",
 * "count": 3}]}`) only for an entry that kept columns of its file. A prediction the file gave no
 * confidence has `"conf": null`. The importer reads `string` and
 * `predictions` and ignores the rest, so the export of a set uploaded again is the same set.
 *
 * A dataset's export is one object: `{"dataset": title, "totalsColumns": […], "predictionSets":
 * [{"id", "name", "slug", "entries": [the entries as above]}, …]}` (contract: nestedDatasetExport).
 */
export function nestedEntry(entry: ExportedEntry, withTotals: boolean): NestedExportEntry {
  const kept = contextValues(entry.context);
  return {
    string: entry.string,
    predictions: entry.predictions.map((prediction) => ({ uris: prediction.uris, conf: prediction.conf })),
    mappings: {
      nodeURIs: entry.node_uris,
      predictionURIs: entry.prediction_uris,
      tags: entry.tags,
      mappedBy: entry.mapped_by,
      mappedAt: entry.mapped_at ? entry.mapped_at.toISOString() : null,
    },
    ...(withTotals ? { occurrences: entry.occurrences, totals: entry.totals } : {}),
    ...(kept ? { context: kept } : {}),
  };
}

/**
 * A page of entries as the text of a JSON list's items, one a line; `first` says whether the list
 * has no item yet (no comma before this page's first).
 */
export function nestedLines(entries: ExportedEntry[], withTotals: boolean, first: boolean): string {
  if (entries.length === 0) return '';
  const lines = entries.map((entry) => JSON.stringify(nestedEntry(entry, withTotals)));
  return `${first ? '' : ','}\n${lines.join(',\n')}`;
}
