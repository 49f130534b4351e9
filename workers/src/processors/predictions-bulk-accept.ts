import { lastEntryPosition } from '@og/api/db/queries/prediction-entries';
import { findPredictionSet } from '@og/api/db/queries/prediction-sets';
import { acceptNextPage, countBatchAccepted } from '@og/api/db/queries/prediction-bulk-accept';
import type { JobProcessor, WorkerDeps } from '../processor.js';

/** Entries mapped per statement (and per progress report). */
const pageSize = 5_000;
/** Watchers of the set hear about the pages accepted at most this often, and once at the end. */
const changedEveryMs = 1_000;

/**
 * `predictions.bulk-accept`: maps every unmapped entry of the set whose best prediction is at least
 * `minConf` sure to that prediction, a page at a time in the file's order (api/src/db/queries/
 * prediction-bulk-accept.ts: each page one statement that maps, logs under the batch and keeps the counts),
 * reporting how far through the set it is. A retry carries on: what an earlier attempt mapped is
 * mapped already and is not taken again; the result counts the batch's log, every attempt's pages.
 * A set deleted meanwhile ends the job with what was done.
 */
export function predictionsBulkAccept(deps: WorkerDeps): JobProcessor<'predictions.bulk-accept'> {
  return async (input, { report, signal, predictionSetChanged }) => {
    const set = await findPredictionSet(deps.db, input.predictionSetId);
    if (!set || set.state !== 'ready') return { accepted: 0, batchId: input.batchId };
    const acceptance = { setId: set.id, minConf: input.minConf, batchId: input.batchId, actorId: input.actorId };
    // Pages go by position: the last position is the total.
    const total = await lastEntryPosition(deps.db, set.id);
    let position: number | null = 0;
    let accepted = 0;
    let toldAt = Date.now();
    await report({ phase: 'accepting', done: 0, total, unit: 'positions', message: 'Accepting predictions' });
    try {
      while (position !== null) {
        signal.throwIfAborted();
        const page = await acceptNextPage(deps.db, acceptance, position, pageSize);
        position = page.nextPosition;
        accepted += page.accepted;
        await report({ phase: 'accepting', done: position ?? total, total, unit: 'positions', message: `${accepted} accepted` });
        if (page.accepted && Date.now() - toldAt >= changedEveryMs) {
          predictionSetChanged(set.id, []);
          toldAt = Date.now();
        }
      }
    } finally {
      if (accepted) predictionSetChanged(set.id, []);
    }
    const result = { accepted: await countBatchAccepted(deps.db, set.id, input.batchId), batchId: input.batchId };
    await report({ phase: 'done', done: total, total, unit: 'positions', message: `${result.accepted} accepted` });
    return result;
  };
}
