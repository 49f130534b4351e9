import type { JobRun } from '@og/shared/contracts/jobs';
import { isJobKind, jobKinds } from '@og/shared/jobs/job-kinds';
import type { JobRunRow } from '../db/queries/job-runs.js';

/** The JSON a client sees of a job run (`GET /api/jobs/{id}` and every socket event). */
export function presentJobRun(row: JobRunRow): JobRun {
  return {
    id: row.id,
    kind: row.kind,
    label: isJobKind(row.kind) ? jobKinds[row.kind].label : row.kind,
    state: row.state,
    progress: row.progress,
    error: row.error,
    result: row.result ?? null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
