import { isJobIdShaped } from '@og/shared/jobs/job-kinds';
import type { Queryable } from '../db/database.js';
import { isCollaboratorOnJobDataset } from '../db/queries/datasets.js';
import { findJobRun, type JobRunRow } from '../db/queries/job-runs.js';
import type { UserRow } from '../db/queries/users.js';

/**
 * The job run with this id if this user may see it (its owner, or any admin; with
 * `sharedDatasets`, also a collaborator on the dataset the job ingests); otherwise null, so an
 * unknown job and someone else's job look the same (404).
 */
export async function findVisibleJobRun(
  db: Queryable,
  id: string,
  user: Pick<UserRow, 'id' | 'role'>,
  options: { sharedDatasets?: boolean } = {},
): Promise<JobRunRow | null> {
  if (!isJobIdShaped(id)) return null;
  const row = await findJobRun(db, id);
  if (!row) return null;
  if (user.role === 'admin' || row.owner_id === user.id) return row;
  return options.sharedDatasets && (await isCollaboratorOnJobDataset(db, id, user.id)) ? row : null;
}
