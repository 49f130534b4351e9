import type { Queryable } from '../database.js';
import { loggedMappingSql } from './prediction-mappings.js';
import { shiftMappedCountsStatement } from './prediction-set-counts.js';

/**
 * Bulk acceptance (beyond SPEC): every unmapped entry of a set whose best prediction is
 * at least `minConf` sure is mapped to that prediction (its URIs as the chosen prediction URIs;
 * the entry's tags kept). Done set-based, a page of entries per statement, and written as
 * `writeEntryMapping` (prediction-mappings.ts) writes one review save: the entry's mapping with who, when,
 * how ('bulk') and the batch, its version raised (a reviewer who read it before gets a 409), one
 * log line per entry with the mapping before and after, and the set's counts per thousandth
 * shifted in the same statement.
 *
 * The best prediction is the first of the entry's list: the import stores them most confident
 * first, so its `conf` is the entry's `best_conf` (migration 006). An entry without predictions
 * has nothing to accept. Codes its scheme lacks are accepted as the model named them, as a
 * reviewer's click on the prediction would.
 */

export interface BulkAcceptance {
  setId: string;
  minConf: number;
  batchId: string;
  actorId: string;
}

/**
 * Accepts the next page: the first `limit` entries after `afterPosition` (file order) that qualify,
 * each locked and checked again as it is taken (an entry a reviewer maps meanwhile is left to the
 * reviewer). Answers how many were mapped and the position to go on from, or null when the set
 * has no more qualifying entries. Each page is its own transaction (one statement), so a job that
 * dies half-way keeps the pages done and a retry takes only what is still unmapped.
 */
export async function acceptNextPage(db: Queryable, acceptance: BulkAcceptance, afterPosition: number, limit: number): Promise<{ accepted: number; nextPosition: number | null }> {
  const result = await db.query<{ accepted: number; taken: number; last_position: number | null }>(
    `WITH taken AS (
       SELECT string, position, node_uris, prediction_uris, tags FROM prediction_entries
        WHERE set_id = $1 AND position > $2 AND NOT mapped AND best_conf >= $3::real
          AND json_array_length(predictions) > 0 AND json_array_length(predictions->0->'uris') > 0
        ORDER BY position LIMIT $4
        FOR UPDATE
     ), accepted AS (
       UPDATE prediction_entries e
          SET prediction_uris = ARRAY(SELECT json_array_elements_text(e.predictions->0->'uris')), mapped = true,
              mapped_by = $5, mapped_at = now(), mapping_how = 'bulk', mapping_batch = $6, version = e.version + 1
         FROM taken t
        WHERE e.set_id = $1 AND e.string = t.string
       RETURNING e.string, e.best_conf, e.node_uris, e.prediction_uris, e.tags,
                 t.node_uris AS before_node_uris, t.prediction_uris AS before_prediction_uris, t.tags AS before_tags
     ), logged AS (
       INSERT INTO prediction_mapping_log (set_id, string, user_id, how, batch, before, after)
       SELECT $1, string, $5, 'bulk', $6,
              ${loggedMappingSql({ nodeURIs: 'before_node_uris', predictionURIs: 'before_prediction_uris', tags: 'before_tags' })},
              ${loggedMappingSql({ nodeURIs: 'node_uris', predictionURIs: 'prediction_uris', tags: 'tags' })}
         FROM accepted
     ), counted AS (
       ${shiftMappedCountsStatement('$1', '(SELECT best_conf, 1 AS delta FROM accepted) AS changes')}
     )
     SELECT (SELECT count(*) FROM accepted)::int AS accepted, (SELECT count(*) FROM taken)::int AS taken, (SELECT max(position) FROM taken) AS last_position`,
    [acceptance.setId, afterPosition, acceptance.minConf, limit, acceptance.actorId, acceptance.batchId],
  );
  const row = result.rows[0]!;
  // Fewer than a page taken: the scan reached the end of the set (LIMIT counts only rows that were locked and still qualified).
  return { accepted: row.accepted, nextPosition: row.taken < limit || row.last_position === null ? null : Number(row.last_position) };
}

/** The entries an acceptance at `minConf` would map now (the conditions of {@link acceptNextPage}). */
export async function countAcceptable(db: Queryable, setId: string, minConf: number): Promise<number> {
  const result = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM prediction_entries
      WHERE set_id = $1 AND NOT mapped AND best_conf >= $2::real
        AND json_array_length(predictions) > 0 AND json_array_length(predictions->0->'uris') > 0`,
    [setId, minConf],
  );
  return result.rows[0]!.count;
}

/** How many entries a batch mapped, over every attempt of its job: its log lines. */
export async function countBatchAccepted(db: Queryable, setId: string, batchId: string): Promise<number> {
  const result = await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM prediction_mapping_log WHERE batch = $1 AND set_id = $2 AND how = 'bulk'`, [batchId, setId]);
  return result.rows[0]!.count;
}
