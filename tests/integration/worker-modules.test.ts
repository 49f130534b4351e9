import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEnvironment, type TestEnvironment } from '../support/test-environment.js';
import { startWorkerProcess, type WorkerProcess } from '../support/worker-process.js';

const tracer = path.resolve(import.meta.dirname, '../support/trace-imports.mjs');

/** The packages a module URL belongs to (`node_modules/<name>` or `node_modules/@scope/<name>`). */
function packageOf(url: string): string | null {
  const match = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  return match ? match[1]! : null;
}

describe('the workers process (npm run workers)', () => {
  let env: TestEnvironment;
  let workers: WorkerProcess | null = null;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'og-trace-'));
  const trace = path.join(scratch, 'imports.txt');

  beforeAll(async () => {
    env = await startTestEnvironment();
    workers = await startWorkerProcess(env, {
      // Its own embedded store: the test environment's is open in this process.
      DATA_DIR: path.join(scratch, 'data'),
      NODE_OPTIONS: `--import=${tracer}`,
      OG_TRACE_IMPORTS: trace,
    });
  });
  afterAll(async () => {
    await workers?.stop();
    await env?.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it("loads no HTTP side: neither socket.io's server nor its Redis adapter, nor Koa; job events go out through the Redis emitter", () => {
    const urls = fs.readFileSync(trace, 'utf8').split('\n').filter(Boolean);
    const packages = new Set(urls.map(packageOf).filter((name): name is string => name !== null));
    // The trace saw the process start: its own emitter and BullMQ are there.
    expect(packages).toContain('@socket.io/redis-emitter');
    expect(packages).toContain('bullmq');
    for (const server of ['socket.io', '@socket.io/redis-adapter', 'koa', '@koa/router', 'koa-compress', '@bull-board/koa']) {
      expect(packages, `the workers process loaded ${server}`).not.toContain(server);
    }
    // Only the api's declared server core, never its HTTP modules.
    const apiModules = urls.filter((url) => url.includes('/api/dist/')).map((url) => url.replace(/.*\/api\/dist\//, ''));
    expect(apiModules.filter((module) => /^(app|server|routes\/|middleware\/|realtime\/)/.test(module))).toEqual([]);
  });
});
