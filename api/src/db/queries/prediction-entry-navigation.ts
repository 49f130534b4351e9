import pg from 'pg';
import type { PredictionFilter, ReviewOrder } from '@og/shared/contracts/predictions';
import { languageContextKey } from '@og/shared/contracts/prediction-reading';
import type { StoredContext } from '../../predictions/entry-context.js';
import type { Queryable } from '../database.js';
import { searchLowered } from './prediction-sets.js';

/** The entries a review walks: below the threshold, under the filter. */
export interface ReviewScope {
  setId: string;
  threshold: number;
  filter: PredictionFilter;
  order: ReviewOrder;
}

export interface EntryRow {
  string: string;
  position: number;
  predictions: { uris: string[]; conf: number | null }[];
  best_conf: number;
  unknown_uris: string[];
  occurrences: number;
  totals: number[];
  mapped: boolean;
  node_uris: string[];
  prediction_uris: string[];
  tags: string[];
  version: number;
  /** The kept columns of its rows and their languages (migration 018); null when its set keeps none. */
  context: StoredContext | null;
}

/** An entry's place in an order: what keyset queries compare. */
type EntryKey = Pick<EntryRow, 'position' | 'best_conf' | 'occurrences'>;

/**
 * The query of a walk over a set's entries in one order, under a filter (`where` leaves out the
 * filter; `orderBy` names only columns `select` gives). Each review order has one index, the
 * filtered walk's (set_id, mapped, then the order: migration 024): a walk under a filter reads it
 * as one range, an unfiltered walk reads both its ranges, mapped and unmapped, and merges them
 * (a Merge Append that pulls from each only as far as the merge needs), so a partition keeps no
 * index of the unfiltered orders.
 */
export function walkSql(filter: PredictionFilter, walk: { select: string; where: string; orderBy: string; limit: string }): string {
  const range = (mapped: boolean) => `SELECT ${walk.select} FROM prediction_entries WHERE ${walk.where} AND mapped = ${mapped} ORDER BY ${walk.orderBy} LIMIT ${walk.limit}`;
  if (filter !== 'all') return range(filter === 'mapped');
  return `(${range(false)}) UNION ALL (${range(true)}) ORDER BY ${walk.orderBy} LIMIT ${walk.limit}`;
}

/**
 * Each order as its index walks it (migration 024): the file's order; most frequent first; least
 * sure first. `after`/`before` are the keyset conditions against an entry's key (`key` names the
 * parameters $3… they take), each answered by an index range, never a scan of the set.
 */
const orders: Record<ReviewOrder, { forward: string; backward: string; after: string; before: string; key: (key: EntryKey) => unknown[] }> = {
  file: {
    forward: 'position',
    backward: 'position DESC',
    after: 'position > $3',
    before: 'position < $3',
    key: (key) => [key.position],
  },
  totals: {
    forward: 'occurrences DESC, position',
    backward: 'occurrences, position DESC',
    after: '(occurrences < $4 OR (occurrences = $4 AND position > $3))',
    before: '(occurrences > $4 OR (occurrences = $4 AND position < $3))',
    key: (key) => [key.position, key.occurrences],
  },
  confidence: {
    forward: 'best_conf, position',
    backward: 'best_conf DESC, position DESC',
    after: '(best_conf, position) > ($4::real, $3)',
    before: '(best_conf, position) < ($4::real, $3)',
    key: (key) => [key.position, key.best_conf],
  },
};

const entryColumns = 'string, position, predictions, best_conf, unknown_uris, occurrences, totals, mapped, node_uris, prediction_uris, tags, version, context';

/** The review's scope but for its filter, which {@link walkSql} adds. */
const belowThreshold = 'set_id = $1 AND best_conf < $2::real';

/** The first entry of the review, or null when none is in scope. */
export async function firstEntry(db: Queryable, scope: ReviewScope): Promise<EntryRow | null> {
  const sql = walkSql(scope.filter, { select: entryColumns, where: belowThreshold, orderBy: orders[scope.order].forward, limit: '1' });
  const result = await db.query<EntryRow>(sql, [scope.setId, scope.threshold]);
  return result.rows[0] ?? null;
}

/** An entry by its string, whether in scope or not (it may just have been mapped). */
export async function findEntry(db: Queryable, setId: string, string: string): Promise<EntryRow | null> {
  const result = await db.query<EntryRow>(`SELECT ${entryColumns} FROM prediction_entries WHERE set_id = $1 AND string = $2`, [setId, string]);
  return result.rows[0] ?? null;
}

/** The strings before and after an entry in the review's order, within its scope. */
export async function neighbours(db: Queryable, scope: ReviewScope, key: EntryKey): Promise<{ prev: string | null; next: string | null }> {
  const order = orders[scope.order];
  const parameters = [scope.setId, scope.threshold, ...order.key(key)];
  const select = 'string, position, occurrences, best_conf';
  const [prev, next] = await Promise.all([
    db.query<{ string: string }>(walkSql(scope.filter, { select, where: `${belowThreshold} AND ${order.before}`, orderBy: order.backward, limit: '1' }), parameters),
    db.query<{ string: string }>(walkSql(scope.filter, { select, where: `${belowThreshold} AND ${order.after}`, orderBy: order.forward, limit: '1' }), parameters),
  ]);
  return { prev: prev.rows[0]?.string ?? null, next: next.rows[0]?.string ?? null };
}

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * Entries in scope whose string contains `q`, letter case aside in every script (lowered under the database's collation, migration 008), at most `limit`, shown in the file's
 * order. The trigram index of the set's search table finds them (migration 025; until it is built,
 * `searchTable` is absent and the partition is read); they are the first `limit` it finds, not
 * the first in the review's order: ordering every match of a short fragment first (hundreds of
 * thousands in a large set) would cost more than the whole search may take.
 */
export async function searchEntries(
  db: Queryable,
  scope: ReviewScope,
  q: string,
  limit: number,
  options: { inContext?: boolean; searchTable?: string } = {},
): Promise<{ string: string; mapped: boolean; best_conf: number }[]> {
  // The scope is checked on the rows the trigram index finds, written so that no other index takes
  // part: ANDed with the confidence index's hundreds of thousands of entries below the threshold,
  // a short fragment's search is slower.
  const mappedTest = { all: 'TRUE', mapped: 'mapped::int = 1', unmapped: 'mapped::int = 0' }[scope.filter];
  const matches = (column: string) => `${searchLowered(column)} LIKE '%' || ${searchLowered('$3')} || '%'`;
  // From the search table, each string found under the threshold is looked up by its key for
  // whether it is mapped, one at a time (OFFSET 0 keeps the lookup from being planned as a join
  // over the whole partition).
  const sql = options.searchTable
    ? `SELECT s.string, e.mapped, s.best_conf, s.position FROM ${pg.escapeIdentifier(options.searchTable)} s,
         LATERAL (SELECT mapped FROM prediction_entries WHERE set_id = $1 AND string = s.string AND ${mappedTest} OFFSET 0) e
        WHERE s.best_conf < $2::real AND ${matches('s.string')} LIMIT $4`
    : `SELECT string, mapped, best_conf, position FROM prediction_entries
        WHERE set_id = $1 AND best_conf + 0 < $2::real AND ${mappedTest} AND ${matches('string')} LIMIT $4`;
  const result = await db.query<{ string: string; mapped: boolean; best_conf: number; position: number }>(sql, [scope.setId, scope.threshold, likeLiteral(q), limit]);
  const found = result.rows;
  // A set that keeps columns is searched in them too (a year, a place, a reference code): read
  // from the set's rows, without an index of their own, only when the titles leave room.
  if (options.inContext && found.length < limit) {
    const inContext = await db.query<{ string: string; mapped: boolean; best_conf: number; position: number }>(
      walkSql(scope.filter, {
        select: 'string, mapped, best_conf, position',
        where: `${belowThreshold} AND context IS NOT NULL
          AND EXISTS (SELECT 1 FROM jsonb_each(context) kept, jsonb_array_elements(kept.value) counted
                       WHERE kept.key <> $6 AND lower((counted->>0) COLLATE "default") LIKE '%' || lower($3 COLLATE "default") || '%')
          AND NOT (string = ANY($5::text[]))`,
        orderBy: 'position',
        limit: '$4',
      }),
      [scope.setId, scope.threshold, likeLiteral(q), limit - found.length, found.map((row) => row.string), languageContextKey],
    );
    found.push(...inContext.rows);
  }
  return found.sort((a, b) => Number(a.position) - Number(b.position));
}
