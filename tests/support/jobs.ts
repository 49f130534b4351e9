import type { JobRun } from '../../shared/src/contracts/jobs.js';
import type { HttpClient } from './http-client.js';
import { waitFor } from './wait-for.js';

/** Polls `GET /api/jobs/{id}` until the job is completed or failed. */
export async function waitForJob(client: HttpClient, jobId: string, timeoutMs = 60_000): Promise<JobRun> {
  return waitFor(
    `job ${jobId} to finish`,
    async () => {
      const response = await client.get(`/api/jobs/${encodeURIComponent(jobId)}`);
      if (response.status !== 200) throw new Error(`GET job ${jobId}: ${response.status} ${await response.text()}`);
      const job = (await response.json()) as JobRun;
      return job.state === 'completed' || job.state === 'failed' ? job : null;
    },
    { timeoutMs, intervalMs: 100 },
  );
}
