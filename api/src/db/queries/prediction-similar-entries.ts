import pg from 'pg';
import type { Queryable } from '../database.js';
import { searchLowered } from './prediction-sets.js';

/** Spelled alike (`%`, whole-title similarity) or sharing the entry's words within a longer title (`<%`). */
const alike = (column: string) => `(${searchLowered(column)} % me.lowered OR me.lowered <% ${searchLowered(column)})`;
const similarity = `greatest(similarity(${searchLowered('e.string')}, me.lowered), word_similarity(me.lowered, ${searchLowered('e.string')}))`;

/**
 * The set's unmapped entries most like one entry (issue 29's 'Similar entries'): those with the same
 * normalised title first (the `norm` index), then those spelled alike or sharing its words, by
 * trigram similarity of the lowered titles, most similar first, the most frequent first among
 * equals. The titles alike are found by the trigram index of the set's search table (migration
 * 025), each then looked up by its key; until that table is built (`searchTable` absent), by the
 * partition's own (a set imported before it) or by reading the partition.
 */
export async function findSimilarEntries(
  db: Queryable,
  setId: string,
  string: string,
  limit: number,
  options: { searchTable?: string } = {},
): Promise<{ string: string; occurrences: number; best_conf: number; same_title: boolean; similarity: number }[]> {
  const me = `me AS MATERIALIZED (SELECT norm, ${searchLowered('string')} AS lowered FROM prediction_entries WHERE set_id = $1 AND string = $2)`;
  const select = `SELECT e.string, e.occurrences, e.best_conf, e.norm = me.norm AS same_title, ${similarity} AS similarity`;
  const order = 'ORDER BY same_title DESC, similarity DESC, e.occurrences DESC, e.position LIMIT $3';
  const sql = options.searchTable
    ? `WITH ${me}, found AS (
         SELECT e.string FROM prediction_entries e, me WHERE e.set_id = $1 AND e.norm = me.norm
         UNION
         SELECT s.string FROM ${pg.escapeIdentifier(options.searchTable)} s, me WHERE ${alike('s.string')}
       )
       ${select}
         FROM found f, me, LATERAL (SELECT * FROM prediction_entries WHERE set_id = $1 AND string = f.string OFFSET 0) e
        WHERE NOT e.mapped AND e.string <> $2
        ${order}`
    : `WITH ${me}
       ${select}
         FROM prediction_entries e, me
        WHERE e.set_id = $1 AND NOT e.mapped AND e.string <> $2 AND (e.norm = me.norm OR ${alike('e.string')})
        ${order}`;
  const result = await db.query<{ string: string; occurrences: string; best_conf: number; same_title: boolean; similarity: number }>(sql, [setId, string, limit]);
  return result.rows.map((row) => ({ ...row, occurrences: Number(row.occurrences) }));
}

/** Stores the share of people the set's review stops at (null: none). */
export async function saveReviewGoal(db: Queryable, setId: string, goal: number | null): Promise<void> {
  await db.query('UPDATE prediction_sets SET review_goal = $2 WHERE id = $1', [setId, goal]);
}
