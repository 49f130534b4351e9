import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { childProcessEnv, type TestEnvironment } from './test-environment.js';

const root = path.resolve(import.meta.dirname, '../..');

export interface WorkerProcess {
  child: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
  /** SIGTERM, then SIGKILL after 10 s. */
  stop(): Promise<void>;
}

/**
 * `node workers/dist/main.js` as `npm run workers` runs it, against the environment's database,
 * Redis prefix and DATA_DIR (or the given overrides); answers once it says 'workers ready'.
 */
export async function startWorkerProcess(env: Pick<TestEnvironment, 'config'>, overrides: NodeJS.ProcessEnv = {}): Promise<WorkerProcess> {
  const child = spawn(process.execPath, ['workers/dist/main.js'], {
    cwd: root,
    env: childProcessEnv(env, { LOG_LEVEL: 'info', ...overrides }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The workers process did not start within 60 s:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('workers ready')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The workers process exited with ${code}:\n${output}`));
    });
  });
  await ready;
  return {
    child,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
    },
  };
}
