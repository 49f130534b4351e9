import { z } from 'zod';

/**
 * `GET /api/admin/runtime` (admins): how the server process is doing. `eventLoopDelayMs` is how
 * late the process's event loop ran a timer due every 10 ms — the time a request or job event
 * waited for whatever held the loop — since `since`: the process's start, or the last
 * `POST /api/admin/runtime/reset`. `eventLoopSamples` is how many times the timer ran meanwhile.
 */
export const runtimeReport = z.object({
  eventLoopDelayMs: z.object({ max: z.number().nonnegative(), p99: z.number().nonnegative(), mean: z.number().nonnegative() }),
  eventLoopSamples: z.number().int().nonnegative(),
  since: z.string(),
  rssBytes: z.number().int().nonnegative(),
});
export type RuntimeReport = z.infer<typeof runtimeReport>;

/**
 * `GET /api/health` (everyone, not rate-limited: for health checks of a container or a load
 * balancer): 200 with this when PostgreSQL and Redis both answer; otherwise 503 `unavailable`,
 * its details naming each service as 'ok' or 'down'.
 */
export const healthReport = z.object({ status: z.literal('ok') });
export type HealthReport = z.infer<typeof healthReport>;
