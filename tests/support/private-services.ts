import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { Redis } from 'ioredis';
import { freePort } from './free-port.js';

/**
 * A PostgreSQL and a Redis of a test's own, for fault tests that stop and restart them: the
 * shared servers on the standard ports are never touched. PostgreSQL is Debian's 15 (initdb and
 * pg_ctl as the postgres user, a data directory under the temp dir, trust auth on 127.0.0.1);
 * Redis is `redis-server` on a free port with no persistence.
 */

const run = promisify(execFile);
const pgBin = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

async function asPostgres(command: string, args: string[]): Promise<void> {
  if (asRoot) await run('runuser', ['-u', 'postgres', '--', command, ...args]);
  else await run(command, args);
}

async function waitUntil(check: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} did not come up within ${timeoutMs} ms`);
}

export interface PrivatePostgres {
  port: number;
  /** A URL of the given database on this server (default `postgres`). */
  url(database?: string): string;
  /** `pg_ctl stop -m fast`: every connection is ended, as in a real restart. */
  stop(): Promise<void>;
  start(): Promise<void>;
  restart(): Promise<void>;
  /** Stops the server and removes its data directory. */
  destroy(): Promise<void>;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const port = await freePort();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'og-pg-'));
  const dataDir = path.join(root, 'data');
  const socketDir = path.join(root, 'socket');
  fs.mkdirSync(dataDir);
  fs.mkdirSync(socketDir);
  if (asRoot) await run('chown', ['-R', 'postgres:postgres', root]);
  await asPostgres(path.join(pgBin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C.UTF-8']);
  const logFile = path.join(root, 'server.log');
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const isUp = async () => {
    const client = new pg.Client({ connectionString: url(), connectionTimeoutMillis: 1_000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('SELECT 1');
      return true;
    } finally {
      await client.end().catch(() => undefined);
    }
  };
  const server: PrivatePostgres = {
    port,
    url,
    async start() {
      await asPostgres(path.join(pgBin, 'pg_ctl'), [
        '-D', dataDir, '-l', logFile, '-w', '-t', '60',
        '-o', `-p ${port} -k ${socketDir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
        'start',
      ]);
      await waitUntil(isUp, `PostgreSQL on port ${port}`);
    },
    async stop() {
      await asPostgres(path.join(pgBin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', '-t', '60', 'stop']);
    },
    async restart() {
      await server.stop();
      await server.start();
    },
    async destroy() {
      await server.stop().catch(() => undefined);
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}

export interface PrivateRedis {
  port: number;
  url: string;
  /** Ends the server at once (SIGKILL): connections drop, and with no persistence every key is lost. */
  kill(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'og-redis-'));
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  const isUp = async () => {
    const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    redis.on('error', () => undefined);
    try {
      await redis.connect();
      return (await redis.ping()) === 'PONG';
    } finally {
      redis.disconnect();
    }
  };
  const server: PrivateRedis = {
    port,
    url,
    async start() {
      child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', directory], { stdio: 'ignore' });
      await waitUntil(isUp, `Redis on port ${port}`);
    },
    async kill() {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    },
    async destroy() {
      await server.kill();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}
