import crypto from 'node:crypto';
import type { BulkAcceptAccepted, BulkAcceptUndone } from '@og/shared/contracts/predictions';
import { isUuid } from '@og/shared/domain/ids';
import { AppError } from '@og/shared/errors/app-error';
import type { JobInput } from '@og/shared/jobs/job-kinds';
import type { AppContext } from '../context.js';
import { findBulkAcceptanceState } from '../db/queries/prediction-sets.js';
import { restoreBatchMappings } from '../db/queries/prediction-bulk-undo.js';

/**
 * Queues the `predictions.bulk-accept` job of a set under a new batch id. A request repeated with
 * the same Idempotency-Key answers the job (and batch) it started the first time.
 */
export async function startBulkAcceptance(
  app: Pick<AppContext, 'db' | 'jobs'>,
  acceptance: { setId: string; actorId: string; minConf: number },
  requestKey: string,
): Promise<BulkAcceptAccepted> {
  const input: JobInput<'predictions.bulk-accept'> = { predictionSetId: acceptance.setId, minConf: acceptance.minConf, batchId: crypto.randomUUID(), actorId: acceptance.actorId };
  const run = await app.jobs.enqueue(app.db, 'predictions.bulk-accept', input, { ownerId: acceptance.actorId, requestKey });
  const queued = run.input as Partial<JobInput<'predictions.bulk-accept'>> | null;
  if (queued?.predictionSetId !== acceptance.setId || !queued.batchId) {
    throw new AppError('conflict', 'This Idempotency-Key was used for another bulk acceptance; send the request with a new key.');
  }
  return { jobId: run.id, batchId: queued.batchId };
}

/**
 * Undoes a bulk acceptance of the set (db/queries/prediction-bulk-undo.ts): 409 while its job
 * still runs (entries it has yet to reach would be mapped after the undo), 404 for a batch that is
 * not this set's. A batch whose job run has been cleaned up can still be undone from its log.
 */
export async function undoBulkAcceptance(app: Pick<AppContext, 'db'>, undo: { setId: string; batchId: string; actorId: string }): Promise<BulkAcceptUndone> {
  const notFound = new AppError('not_found', 'No such bulk acceptance of this prediction set.');
  if (!isUuid(undo.batchId)) throw notFound;
  const state = await findBulkAcceptanceState(app.db, undo.setId, undo.batchId);
  if (state && state !== 'completed' && state !== 'failed') {
    throw new AppError('conflict', 'The bulk acceptance is still running; undo it once it is done.', { state });
  }
  const restored = await restoreBatchMappings(app.db, undo);
  if (state === null && restored.logged === 0) throw notFound;
  return { undone: restored.undone, skipped: restored.skipped };
}

/**
 * Undoes a batch of a review save (issue 29: an entry saved with the entries ticked beside it, or
 * with the same-titled ones it propagated to): each gets back its mapping from before, except those
 * someone changed since. 404 for a batch that is not this set's.
 */
export async function undoMappingBatch(app: Pick<AppContext, 'db'>, undo: { setId: string; batchId: string; actorId: string }): Promise<BulkAcceptUndone> {
  const notFound = new AppError('not_found', 'No such batch of mappings in this prediction set.');
  if (!isUuid(undo.batchId)) throw notFound;
  const restored = await restoreBatchMappings(app.db, undo);
  if (restored.logged === 0) throw notFound;
  return { undone: restored.undone, skipped: restored.skipped };
}
