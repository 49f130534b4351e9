import { AppError } from '@og/shared/errors/app-error';
import { isJobIdShaped, type JobKind } from '@og/shared/jobs/job-kinds';
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

/** The job run with this id (of this kind, when one is named) if this user may see it; otherwise a 404 saying `notFound`. */
export async function findVisibleJobRunOr404(
  db: Queryable,
  id: string,
  user: Pick<UserRow, 'id' | 'role'>,
  options: { kind?: JobKind; notFound: string },
): Promise<JobRunRow> {
  const row = await findVisibleJobRun(db, id, user);
  if (!row || (options.kind !== undefined && row.kind !== options.kind)) throw new AppError('not_found', options.notFound);
  return row;
}
