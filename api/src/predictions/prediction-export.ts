import { Readable } from 'node:stream';
import type { PredictionExportFormat } from '@og/shared/contracts/predictions';
import { csvLines, utf8Bom } from '@og/shared/domain/csv-writer';
import type { Queryable } from '../db/database.js';
import type { SchemeContext } from '../schemes/scheme-context.js';
import { entryPages } from '../db/queries/prediction-entry-pages.js';
import { flattenedHeader, flattenedRows, type FlattenedLayout } from './flattened-export.js';
import { nestedLines } from './nested-export.js';
import { keptColumns, setReading } from './entry-context.js';
import { CodeDetails } from './node-details.js';

/** What an export covers: one set (`sets` holds it), or every ready set of a dataset (in the order they were made). */
export interface ExportScope {
  kind: 'set' | 'dataset';
  /** The dataset the sets belong to (its title and totals columns); null for a standalone set. */
  dataset: { title: string; totalsColumns: string[] } | null;
  sets: { id: string; name: string; slug: string; stats?: Record<string, unknown> | null }[];
  /** Names the file: the set's or the dataset's name. */
  name: string;
  /** Who downloads it: an entry waiting for a second opinion is written unmapped unless they coded it first. */
  viewerId: string;
}

export interface ExportFile {
  fileName: string;
  contentType: string;
  /** The file as it is read from the database: a page of entries at a time, as fast as the client takes it. */
  body: Readable;
}

/** A name fit for a file on any system (what Content-Disposition carries; the header itself is encoded by Koa). */
export function exportFileName(name: string, format: PredictionExportFormat): string {
  const safe = name
    .replace(/[\p{Cc}"*/:<>?\\|]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+/, '')
    .slice(0, 150)
    .trim();
  return `${safe || 'predictions'} (${format}).${format === 'flattened' ? 'csv' : 'json'}`;
}

/**
 * The 'Flattened' or 'Nested' export of a set or a dataset (SPEC §2 Export menus), streamed: the
 * entries are read a page at a time (db/queries/prediction-entry-pages.ts) only when the response
 * has room for more, so neither the file nor the set is ever held whole, and a client that goes
 * away stops the reading.
 */
export function predictionExport(deps: { db: Queryable; schemes: SchemeContext }, scope: ExportScope, format: PredictionExportFormat): ExportFile {
  const text = format === 'flattened' ? flattenedText(deps, scope) : nestedText(deps.db, scope);
  return {
    fileName: exportFileName(scope.name, format),
    contentType: format === 'flattened' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
    body: Readable.from(utf8Pieces(text), { objectMode: false, highWaterMark: 64 * 1024 }),
  };
}

async function* utf8Pieces(text: AsyncIterable<string>): AsyncGenerator<Buffer> {
  for await (const piece of text) if (piece) yield Buffer.from(piece, 'utf8');
}

async function* flattenedText(deps: { db: Queryable; schemes: SchemeContext }, scope: ExportScope): AsyncGenerator<string> {
  const layout: FlattenedLayout = {
    withSetName: scope.kind === 'dataset',
    totalsColumns: scope.dataset?.totalsColumns ?? null,
    contextColumns: keptColumns(scope.sets.map((set) => setReading(set.stats))),
  };
  yield utf8Bom + csvLines([flattenedHeader(layout)]);
  for (const set of scope.sets) {
    for await (const page of entryPages(deps.db, set.id, scope.viewerId)) {
      const details = await CodeDetails.of(deps.schemes, page.flatMap((entry) => [...entry.prediction_uris, ...entry.node_uris]));
      yield csvLines(page.flatMap((entry) => flattenedRows(entry, layout, (uri) => details.code(uri), set.name)));
    }
  }
}

async function* nestedText(db: Queryable, scope: ExportScope): AsyncGenerator<string> {
  const withTotals = scope.dataset !== null;
  async function* entries(setId: string): AsyncGenerator<string> {
    let first = true;
    for await (const page of entryPages(db, setId, scope.viewerId)) {
      yield nestedLines(page, withTotals, first);
      first = false;
    }
    yield '\n]';
  }
  if (scope.kind === 'set') {
    yield '[';
    yield* entries(scope.sets[0]!.id);
    yield '\n';
    return;
  }
  yield `{"dataset":${JSON.stringify(scope.dataset?.title ?? scope.name)},"totalsColumns":${JSON.stringify(scope.dataset?.totalsColumns ?? [])},"predictionSets":[`;
  for (const [index, set] of scope.sets.entries()) {
    yield `${index ? ',' : ''}\n{"id":${JSON.stringify(set.id)},"name":${JSON.stringify(set.name)},"slug":${JSON.stringify(set.slug)},"entries":[`;
    yield* entries(set.id);
    yield '}';
  }
  yield '\n]}\n';
}
