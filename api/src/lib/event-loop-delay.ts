import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * The delay of this process's event loop: a libuv timer due every {@link resolutionMs} notes how
 * late it ran, into a histogram kept from when this module is loaded (the api builds its routes
 * as the process starts) until {@link resetEventLoopDelay}. With the workers in the api's process
 * (`npm start`), a job step that holds the loop shows here as the time requests waited for it.
 *
 * Why 10 ms: Node's default, and the cost against the precision. A finer timer costs an idle
 * process several times the CPU and a coarser one saves little, while at 10 ms a stretch the loop
 * is held reads at most 10 ms short: a tenth of the 100 ms a job may hold it.
 */
const resolutionMs = 10;

const histogram = monitorEventLoopDelay({ resolution: resolutionMs });
histogram.enable();
let since = new Date();

export interface EventLoopDelay {
  /** Milliseconds the timer ran late: the longest, the 99th percentile, the mean. */
  max: number;
  p99: number;
  mean: number;
  /** How many times the timer ran. */
  samples: number;
  since: Date;
}

/** The delay since the process started or the last reset. */
export function readEventLoopDelay(): EventLoopDelay {
  // The histogram holds the time between two runs of the timer (ns): the delay is what passes its interval.
  const late = (nanoseconds: number) => (histogram.count ? Math.max(0, nanoseconds / 1e6 - resolutionMs) : 0);
  return { max: late(histogram.max), p99: late(histogram.percentile(99)), mean: late(histogram.mean), samples: histogram.count, since };
}

/** Starts the histogram afresh (the timer's next run only notes the time: a stretch held across the reset is not counted). */
export function resetEventLoopDelay(): void {
  histogram.reset();
  since = new Date();
}
