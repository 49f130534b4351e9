import type { BulkAcceptUndone } from '@og/shared/contracts/predictions';
import type { Queryable } from '../database.js';
import { loggedMappingSql } from './prediction-mappings.js';
import { shiftMappedCountsStatement } from './prediction-set-counts.js';

/** The arrays of a logged mapping (`before` or `after` of prediction_mapping_log), in SQL. */
const loggedArray = (mapping: string, key: 'nodeURIs' | 'predictionURIs' | 'tags') => `ARRAY(SELECT jsonb_array_elements_text(${mapping}->'${key}'))`;

/**
 * Undoes a batch of mappings (a bulk acceptance, or a review save with the entries ticked beside
 * it and those propagated): every entry the batch mapped gets back the mapping it had before (as
 * the batch's log lines kept it), unless someone changed it since, which the entry tells by its
 * `mapping_batch` no longer being the batch's (a reviewer's save, a propagation or another batch
 * writes its own). One statement, so one transaction: the entries are locked and checked again as
 * they are taken, each restore is logged (how 'undo', under the batch undone) and versioned, and
 * the set's counts shift with it. The entries restored no longer carry the batch, so undoing twice
 * restores nothing more.
 */
export async function restoreBatchMappings(db: Queryable, undo: { setId: string; batchId: string; actorId: string }): Promise<BulkAcceptUndone & { logged: number }> {
  const result = await db.query<{ logged: number; undone: number }>(
    `WITH batch_log AS (
       SELECT DISTINCT ON (string) string, before FROM prediction_mapping_log
        WHERE batch = $2 AND set_id = $1 AND how <> 'undo' ORDER BY string, id
     ), unchanged AS (
       SELECT e.string, e.mapped, e.node_uris, e.prediction_uris, e.tags, l.before
         FROM prediction_entries e JOIN batch_log l ON l.string = e.string
        WHERE e.set_id = $1 AND e.mapping_batch = $2 AND e.mapping_how <> 'undo'
          FOR UPDATE OF e
     ), restored AS (
       UPDATE prediction_entries e
          SET node_uris = ${loggedArray('u.before', 'nodeURIs')}, prediction_uris = ${loggedArray('u.before', 'predictionURIs')}, tags = ${loggedArray('u.before', 'tags')},
              mapped = jsonb_array_length(u.before->'nodeURIs') + jsonb_array_length(u.before->'predictionURIs') > 0,
              mapped_by = $3, mapped_at = now(), mapping_how = 'undo', mapping_batch = NULL, version = e.version + 1
         FROM unchanged u
        WHERE e.set_id = $1 AND e.string = u.string
       RETURNING e.string, e.best_conf, e.mapped, e.node_uris, e.prediction_uris, e.tags,
                 u.mapped AS was_mapped, u.node_uris AS was_node_uris, u.prediction_uris AS was_prediction_uris, u.tags AS was_tags
     ), logged AS (
       INSERT INTO prediction_mapping_log (set_id, string, user_id, how, batch, before, after)
       SELECT $1, string, $3, 'undo', $2,
              ${loggedMappingSql({ nodeURIs: 'was_node_uris', predictionURIs: 'was_prediction_uris', tags: 'was_tags' })},
              ${loggedMappingSql({ nodeURIs: 'node_uris', predictionURIs: 'prediction_uris', tags: 'tags' })}
         FROM restored
     ), counted AS (
       ${shiftMappedCountsStatement('$1', '(SELECT best_conf, mapped::int - was_mapped::int AS delta FROM restored WHERE mapped <> was_mapped) AS changes')}
     )
     SELECT (SELECT count(*) FROM batch_log)::int AS logged, (SELECT count(*) FROM restored)::int AS undone`,
    [undo.setId, undo.batchId, undo.actorId],
  );
  const { logged, undone } = result.rows[0]!;
  return { undone, skipped: logged - undone, logged };
}
