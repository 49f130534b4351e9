import { z } from 'zod';
import { jobProgress, jobStates } from '../jobs/job-kinds.js';

/** `GET /api/jobs/{id}` and each item of `GET /api/jobs`. */
export const jobRun = z.object({
  id: z.string(),
  kind: z.string(),
  label: z.string(),
  state: z.enum(jobStates),
  progress: jobProgress.nullable(),
  error: z.string().nullable(),
  result: z.unknown().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type JobRun = z.infer<typeof jobRun>;

export const jobList = z.object({ jobs: z.array(jobRun) });
export type JobList = z.infer<typeof jobList>;

/** What an endpoint that starts a job answers (202). */
export const jobAccepted = z.object({ jobId: z.string() });
export type JobAccepted = z.infer<typeof jobAccepted>;

/** Header a client may send so a retried start request joins the job it already started. */
export const idempotencyHeaderName = 'idempotency-key';
