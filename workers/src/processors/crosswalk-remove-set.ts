import { findJobRun } from '@og/api/db/queries/job-runs';
import type { JobProcessor, WorkerDeps } from '../processor.js';
import { removeCrosswalkSet } from '../crosswalk-sets/remove-crosswalk-set.js';

/** `crosswalk.remove-set`: takes back a crosswalk set (crosswalk-sets/remove-crosswalk-set.ts) as the admin who asked. */
export function crosswalkRemoveSet(deps: WorkerDeps): JobProcessor<'crosswalk.remove-set'> {
  return async (input, { report, signal, job, linksChanged }) => {
    const actorId = (await findJobRun(deps.db, job.id!))?.owner_id ?? null;
    const { result, pair } = await removeCrosswalkSet({ schemes: deps.schemes, db: deps.db }, input, { actorId, report, signal });
    if (pair) linksChanged(pair[0], pair[1]);
    return result;
  };
}
