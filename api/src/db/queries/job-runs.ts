import type { JobProgress, JobState } from '@og/shared/jobs/job-kinds';
import type { Queryable } from '../database.js';

/** The lasting record of a job: BullMQ forgets finished jobs, this row does not. */
export interface JobRunRow {
  id: string;
  kind: string;
  state: JobState;
  owner_id: string | null;
  input: unknown;
  progress: JobProgress | null;
  result: unknown;
  error: string | null;
  attempts: number;
  created_at: Date;
  updated_at: Date;
  finished_at: Date | null;
}

/** Records a queued job; when the id exists already (a retried request), answers the existing row. */
export async function insertJobRun(
  db: Queryable,
  run: { id: string; kind: string; ownerId: string | null; input: unknown },
): Promise<{ row: JobRunRow; created: boolean }> {
  const inserted = await db.query<JobRunRow>(
    `INSERT INTO job_runs (id, kind, state, owner_id, input) VALUES ($1, $2, 'queued', $3, $4)
     ON CONFLICT (id) DO NOTHING RETURNING *`,
    [run.id, run.kind, run.ownerId, JSON.stringify(run.input)],
  );
  if (inserted.rows[0]) return { row: inserted.rows[0], created: true };
  return { row: (await findJobRun(db, run.id))!, created: false };
}

export async function findJobRun(db: Queryable, id: string): Promise<JobRunRow | null> {
  const result = await db.query<JobRunRow>('SELECT * FROM job_runs WHERE id = $1', [id]);
  return result.rows[0] ?? null;
}

export async function listJobRunsOfOwner(db: Queryable, ownerId: string, limit: number): Promise<JobRunRow[]> {
  const result = await db.query<JobRunRow>(
    'SELECT * FROM job_runs WHERE owner_id = $1 ORDER BY created_at DESC LIMIT $2',
    [ownerId, limit],
  );
  return result.rows;
}

export async function markJobRunActive(db: Queryable, id: string, attempts: number): Promise<JobRunRow | null> {
  const result = await db.query<JobRunRow>(
    `UPDATE job_runs SET state = 'active', attempts = $2, error = NULL, updated_at = now() WHERE id = $1 RETURNING *`,
    [id, attempts],
  );
  return result.rows[0] ?? null;
}

export async function updateJobRunProgress(db: Queryable, id: string, progress: JobProgress): Promise<JobRunRow | null> {
  const result = await db.query<JobRunRow>(
    `UPDATE job_runs SET progress = $2, updated_at = now() WHERE id = $1 AND state = 'active' RETURNING *`,
    [id, JSON.stringify(progress)],
  );
  return result.rows[0] ?? null;
}

export async function finishJobRun(
  db: Queryable,
  id: string,
  outcome: { state: 'completed'; result: unknown } | { state: 'failed' | 'retrying'; error: string },
): Promise<JobRunRow | null> {
  const result = await db.query<JobRunRow>(
    `UPDATE job_runs
        SET state = $2, result = $3, error = $4, updated_at = now(),
            finished_at = CASE WHEN $2 IN ('completed', 'failed') THEN now() ELSE NULL END
      WHERE id = $1 RETURNING *`,
    [
      id,
      outcome.state,
      outcome.state === 'completed' ? JSON.stringify(outcome.result ?? null) : null,
      outcome.state === 'completed' ? null : outcome.error,
    ],
  );
  return result.rows[0] ?? null;
}

export async function deleteJobRun(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM job_runs WHERE id = $1', [id]);
}

/** The upload files that jobs not yet over will read (their input's `path`). */
export async function findPendingUploadPaths(db: Queryable): Promise<string[]> {
  const result = await db.query<{ path: string }>(
    `SELECT input->>'path' AS path FROM job_runs WHERE state NOT IN ('completed', 'failed') AND input->>'path' IS NOT NULL`,
  );
  return result.rows.map((row) => row.path);
}

/** The rows of several jobs (a prediction run's chunks), in no particular order. */
export async function findJobRuns(db: Queryable, ids: string[]): Promise<JobRunRow[]> {
  const result = await db.query<JobRunRow>('SELECT * FROM job_runs WHERE id = ANY($1::text[])', [ids]);
  return result.rows;
}

/** Job runs not over whose row has not changed for `idleMs`: those the reconciler checks against the queue. */
export async function findIdleUnfinishedJobRuns(db: Queryable, idleMs: number, limit = 500): Promise<JobRunRow[]> {
  const result = await db.query<JobRunRow>(
    `SELECT * FROM job_runs
      WHERE state IN ('queued', 'active', 'retrying') AND updated_at < now() - make_interval(secs => $1 / 1000.0)
      ORDER BY updated_at LIMIT $2`,
    [idleMs, limit],
  );
  return result.rows;
}

/**
 * Takes a job run for reconciling: answers true for the one process that finds it still idle for
 * `idleMs` and not over (the claim touches it), so two workers never settle the same run twice.
 */
export async function claimIdleJobRun(db: Queryable, id: string, idleMs: number): Promise<boolean> {
  const result = await db.query(
    `UPDATE job_runs SET updated_at = now()
      WHERE id = $1 AND state IN ('queued', 'active', 'retrying') AND updated_at < now() - make_interval(secs => $2 / 1000.0)`,
    [id, idleMs],
  );
  return result.rowCount === 1;
}

/** The run of this id and those whose ids start with `prefix` (a series of retries), oldest first. */
export async function listJobRunsWithIdPrefix(db: Queryable, id: string, prefix: string): Promise<JobRunRow[]> {
  const result = await db.query<JobRunRow>('SELECT * FROM job_runs WHERE id = $1 OR starts_with(id, $2) ORDER BY created_at, id', [id, prefix]);
  return result.rows;
}
