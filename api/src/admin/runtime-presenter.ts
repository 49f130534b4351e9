import type { RuntimeReport } from '@og/shared/contracts/runtime';
import { readEventLoopDelay } from '../lib/event-loop-delay.js';

/** How this server process is doing: its event-loop delay since the count began, and its memory. */
export function presentRuntime(): RuntimeReport {
  const delay = readEventLoopDelay();
  return {
    eventLoopDelayMs: { max: delay.max, p99: delay.p99, mean: delay.mean },
    eventLoopSamples: delay.samples,
    since: delay.since.toISOString(),
    rssBytes: process.memoryUsage.rss(),
  };
}
