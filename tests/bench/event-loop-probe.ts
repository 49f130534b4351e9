import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { runtimeReport } from '../../shared/src/contracts/runtime.js';
import { type AppProcess, startAppProcess } from '../e2e/support/app-process.js';
import { HttpClient } from '../support/http-client.js';
import type { BenchRow } from './bench-table.js';

/** How late the process's event loop ran a timer (ms) over a stretch of `seconds`: `GET /api/admin/runtime`. */
export interface EventLoopDelay {
  max: number;
  p99: number;
  mean: number;
  seconds: number;
}

/** The target of every job's bench: no job holds the api's event loop longer than this. */
export const eventLoopTargetMs = 100;

/**
 * The all-in-one process as `npm start` runs it (`node workers/dist/serve-all.js`: api, web app
 * and workers in one process, with its own database, Redis prefix and data directory), an admin
 * logged in, and its event-loop delay read from outside. A job's bench runs its job here, inside
 * {@link EventLoopProbe.measure}, to show whether the job held the loop every request waits on.
 */
export class EventLoopProbe {
  private constructor(
    readonly app: AppProcess,
    /** The admin's session. */
    readonly client: HttpClient,
    private readonly dataDir: string,
  ) {}

  static async start(): Promise<EventLoopProbe> {
    const dataDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'og-bench-app-'));
    let app: AppProcess | null = null;
    try {
      app = await startAppProcess({ DATA_DIR: dataDir });
      const client = new HttpClient(app.url);
      const login = await client.login(app.admin.username, app.admin.password);
      if (login.status !== 200) throw new Error(`The admin's login answered ${login.status}`);
      return new EventLoopProbe(app, client, dataDir);
    } catch (error) {
      await app?.stop();
      await fs.promises.rm(dataDir, { recursive: true, force: true });
      throw error;
    }
  }

  /**
   * Starts the delay's count afresh, then lets the process's timer run once (a stretch held across
   * a reset is not counted); answers when (`performance.now()`), for {@link read}.
   */
  async reset(): Promise<number> {
    const response = await this.client.post('/api/admin/runtime/reset');
    if (response.status !== 204) throw new Error(`POST /api/admin/runtime/reset answered ${response.status}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    return performance.now();
  }

  /** The delay since the last reset, which {@link reset} answered was at `since`. */
  async read(since: number): Promise<EventLoopDelay> {
    const response = await this.client.get('/api/admin/runtime');
    if (response.status !== 200) throw new Error(`GET /api/admin/runtime answered ${response.status}`);
    const report = runtimeReport.parse(await response.json());
    if (!report.eventLoopSamples) throw new Error('The process timed its event loop not once.');
    return { ...report.eventLoopDelayMs, seconds: (performance.now() - since) / 1000 };
  }

  /** Runs `work` (which drives the process: uploads, jobs) and answers the delay while it ran. */
  async measure<T>(work: () => Promise<T>): Promise<{ result: T; delay: EventLoopDelay }> {
    const started = await this.reset();
    const result = await work();
    return { result, delay: await this.read(started) };
  }

  /** The delay of the process doing nothing but its own timers: the baseline of {@link measure}. */
  async idle(ms: number): Promise<EventLoopDelay> {
    return (await this.measure(() => new Promise((resolve) => setTimeout(resolve, ms)))).delay;
  }

  async stop(): Promise<void> {
    await this.app.stop();
    await fs.promises.rm(this.dataDir, { recursive: true, force: true });
  }
}

export function formatDelay(delay: Pick<EventLoopDelay, 'max' | 'p99'>): string {
  return `max ${delay.max.toFixed(0)} ms, p99 ${delay.p99.toFixed(0)} ms`;
}

/**
 * The baseline row every job's event-loop rows stand beside. The machine's load average (1 min,
 * `loadBefore` as the baseline began) says whether the process may have waited for a core too.
 */
export function idleEventLoopRow(delay: EventLoopDelay, loadBefore: number): BenchRow {
  return {
    measure: 'Event-loop delay of the all-in-one process, idle (baseline)',
    value: formatDelay(delay),
    detail: `the same process over ${delay.seconds.toFixed(0)} s before the jobs; mean ${delay.mean.toFixed(1)} ms; load average (1 min) ${loadBefore.toFixed(2)}`,
  };
}
