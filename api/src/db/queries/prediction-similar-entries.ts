import type { Queryable } from '../database.js';

/**
 * The set's unmapped entries most like one entry (issue 29's 'Similar entries'): those with the same
 * normalised title first (the `norm` index), then those spelled alike or sharing its words, by
 * trigram similarity of the lowered titles (the trigram index, migration 006: `%` for whole-title
 * similarity, `<%` for the entry's words within a longer title), most similar first, the most
 * frequent first among equals.
 */
export async function findSimilarEntries(
  db: Queryable,
  setId: string,
  string: string,
  limit: number,
): Promise<{ string: string; occurrences: number; best_conf: number; same_title: boolean; similarity: number }[]> {
  const result = await db.query<{ string: string; occurrences: string; best_conf: number; same_title: boolean; similarity: number }>(
    `WITH me AS (SELECT norm, lower(string COLLATE "default") AS lowered FROM prediction_entries WHERE set_id = $1 AND string = $2)
     SELECT e.string, e.occurrences, e.best_conf, e.norm = me.norm AS same_title,
            greatest(similarity(lower(e.string COLLATE "default"), me.lowered), word_similarity(me.lowered, lower(e.string COLLATE "default"))) AS similarity
       FROM prediction_entries e, me
      WHERE e.set_id = $1 AND NOT e.mapped AND e.string <> $2
        AND (e.norm = me.norm OR lower(e.string COLLATE "default") % me.lowered OR me.lowered <% lower(e.string COLLATE "default"))
      ORDER BY same_title DESC, similarity DESC, e.occurrences DESC, e.position
      LIMIT $3`,
    [setId, string, limit],
  );
  return result.rows.map((row) => ({ ...row, occurrences: Number(row.occurrences) }));
}

/** Stores the share of people the set's review stops at (null: none). */
export async function saveReviewGoal(db: Queryable, setId: string, goal: number | null): Promise<void> {
  await db.query('UPDATE prediction_sets SET review_goal = $2 WHERE id = $1', [setId, goal]);
}
