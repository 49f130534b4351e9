import type { JobAccepted } from '@og/shared/contracts/jobs';
import type { CrosswalkSets } from '@og/shared/contracts/links';
import { isUuid } from '@og/shared/domain/ids';
import type { SchemeId } from '@og/shared/domain/schemes';
import { AppError } from '@og/shared/errors/app-error';
import type { AppContext } from '../context.js';
import { findCrosswalkSet, listCrosswalkSetsOfPair } from '../db/queries/crosswalk-sets.js';
import { presentCrosswalkSet } from './crosswalk-set-presenter.js';

/** The crosswalk sets of two schemes, either direction, oldest first, each with how many links are still its own. */
export async function listCrosswalkSets(app: Pick<AppContext, 'db'>, pair: [SchemeId, SchemeId]): Promise<CrosswalkSets> {
  const rows = await listCrosswalkSetsOfPair(app.db, pair[0], pair[1]);
  return { sets: rows.map(presentCrosswalkSet) };
}

/**
 * Queues the removal of a crosswalk set (`crosswalk.remove-set`): its links that no one edited or
 * confirmed since go, the others stay. 404 for a set that is not (or no longer) there.
 */
export async function startCrosswalkSetRemoval(
  app: Pick<AppContext, 'db' | 'jobs'>,
  setId: string,
  run: { ownerId: string; requestKey: string },
): Promise<JobAccepted> {
  const set = isUuid(setId) ? await findCrosswalkSet(app.db, setId) : null;
  if (!set) throw new AppError('not_found', 'No such crosswalk set.');
  const queued = await app.jobs.enqueue(app.db, 'crosswalk.remove-set', { setId: set.id }, run);
  return { jobId: queued.id };
}
