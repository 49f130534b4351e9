import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { childProcessEnv, type TestEnvironment } from './test-environment.js';

const root = path.resolve(import.meta.dirname, '../..');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a built command-line script (`api/dist/cli/…`, `workers/dist/cli/…`) as `npm run` would,
 * with the test environment's database and Redis prefix, the embedded store under `dataDir`.
 */
export function runCli(env: Pick<TestEnvironment, 'config'>, script: string, args: string[], dataDir = env.config.dataDir): Promise<CliRun> {
  const childEnv = childProcessEnv(env, { DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  for (const name of ['SPARQL_QUERY_URL', 'SPARQL_UPDATE_URL', 'SPARQL_GSP_URL']) delete childEnv[name];
  const file = path.join(root, script);
  if (!fs.existsSync(file)) return Promise.reject(new Error(`${file} is missing: build first (npx tsc -b)`));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [file, ...args], { cwd: root, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), 50_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
