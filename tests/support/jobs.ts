import type { JobRun } from '../../shared/src/contracts/jobs.js';
import type { HttpClient } from './http-client.js';

/** Polls `GET /api/jobs/{id}` until the job is completed or failed. */
export async function waitForJob(client: HttpClient, jobId: string, timeoutMs = 60_000): Promise<JobRun> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await client.get(`/api/jobs/${encodeURIComponent(jobId)}`);
    if (response.status !== 200) throw new Error(`GET job ${jobId}: ${response.status} ${await response.text()}`);
    const job = (await response.json()) as JobRun;
    if (job.state === 'completed' || job.state === 'failed') return job;
    if (Date.now() > deadline) throw new Error(`Job ${jobId} still ${job.state} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
