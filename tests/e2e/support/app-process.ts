import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { Redis } from 'ioredis';
import { postgresUrl, redisUrl } from '../../support/test-environment.js';
import { freePort } from '../../support/free-port.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The built app as a user runs it (`node workers/dist/serve-all.js`), on a free port, with its own database and Redis prefix. */
export interface AppProcess {
  url: string;
  databaseUrl: string;
  admin: { username: string; password: string };
  output(): string;
  /** Whether the process is still running. */
  alive(): boolean;
  addUser(username: string, role: 'admin' | 'member', password: string): void;
  stop(): Promise<void>;
}

export async function startAppProcess(extraEnv: Record<string, string> = {}): Promise<AppProcess> {
  const id = crypto.randomBytes(5).toString('hex');
  const port = await freePort();
  const database = new URL(postgresUrl);
  database.pathname = `/og_e2e_${id}`;
  const admin = { username: 'admin', password: `admin-${id}-pw` };
  const env = {
    ...process.env,
    PORT: String(port),
    DATABASE_URL: database.toString(),
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `oge2e-${id}`,
    DATA_DIR: `/tmp/og-e2e-${id}`,
    OG_ADMIN_USER: admin.username,
    OG_ADMIN_PASSWORD: admin.password,
    LOG_LEVEL: 'warn',
    ...extraEnv,
  };
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['workers/dist/serve-all.js'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));

  const url = `http://localhost:${port}`;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The app did not start within 60 s:\n${output}`)), 60_000);
    const check = () => {
      if (output.includes('is running at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The app exited with ${code}:\n${output}`));
    });
  });

  return {
    url,
    databaseUrl: database.toString(),
    admin,
    output: () => output,
    alive: () => child.exitCode === null && child.signalCode === null,
    addUser(username, role, password) {
      const result = spawnSync(process.execPath, ['api/dist/cli/user-add.js', '--username', username, '--role', role], {
        cwd: root,
        env,
        input: `${password}\n`,
        encoding: 'utf8',
      });
      if (result.status !== 0) throw new Error(`user:add failed: ${result.stderr}${result.stdout}`);
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(`og_e2e_${id}`)} WITH (FORCE)`);
      await client.end();
      const redis = new Redis(redisUrl);
      const keys = await redis.keys(`oge2e-${id}:*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
    },
  };
}
