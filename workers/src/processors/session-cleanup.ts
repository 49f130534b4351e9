import { removeStrayUploads } from '@og/api/jobs/remove-stray-uploads';
import { countExpiredSessions, deleteExpiredSessionsBatch } from '@og/api/db/queries/sessions';
import type { JobProcessor, WorkerDeps } from '../processor.js';

/** `session.cleanup`: deletes sessions that expired before the job started, batch by batch, then stray upload files. */
export function sessionCleanup(deps: WorkerDeps): JobProcessor<'session.cleanup'> {
  return async (input, { report, signal }) => {
    const now = new Date();
    const total = await countExpiredSessions(deps.db, now);
    let deleted = 0;
    await report({ phase: 'deleting', done: 0, total, unit: 'sessions' });
    for (;;) {
      signal.throwIfAborted();
      const batch = await deleteExpiredSessionsBatch(deps.db, now, input.batchSize);
      if (batch === 0) break;
      deleted += batch;
      await report({ phase: 'deleting', done: deleted, total: Math.max(total, deleted), unit: 'sessions' });
    }
    const strayUploads = await removeStrayUploads(deps.config, deps.db);
    await report({ phase: 'done', done: deleted, total: Math.max(total, deleted), unit: 'sessions' });
    return { deleted, strayUploads };
  };
}
