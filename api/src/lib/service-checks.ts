import net from 'node:net';
import pg from 'pg';
import { Redis } from 'ioredis';
import { pingDatabase, splitDatabaseUrl } from '../db/database.js';

/**
 * Start-up checks: a service that cannot be reached stops start-up with one line saying
 * what, where, and how to start it.
 */

export class ServiceUnavailableError extends Error {}

function hostPort(url: URL, defaultPort: number): string {
  return `${url.hostname || '127.0.0.1'}:${url.port || defaultPort}`;
}

function reason(error: unknown): string {
  const err = error as { code?: string; message?: string };
  return err.code ?? err.message ?? String(error);
}

export async function checkPostgres(databaseUrl: string): Promise<void> {
  const { maintenanceUrl } = splitDatabaseUrl(databaseUrl);
  const where = hostPort(new URL(databaseUrl), 5432);
  const client = new pg.Client({ connectionString: maintenanceUrl, connectionTimeoutMillis: 5_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await pingDatabase(client);
  } catch (error) {
    throw new ServiceUnavailableError(
      `PostgreSQL is not reachable at ${where} (${reason(error)}). Start it with 'pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start' (or 'npm test' installs and starts it), or set DATABASE_URL.`,
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function checkRedis(redisUrl: string): Promise<void> {
  const where = hostPort(new URL(redisUrl), 6379);
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 5_000 });
  let connectionError: unknown;
  redis.on('error', (error) => (connectionError ??= error));
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw new ServiceUnavailableError(
      `Redis is not reachable at ${where} (${reason(connectionError ?? error)}). Start it with 'redis-server --daemonize yes --port 6379' (or 'npm test' installs and starts it), or set REDIS_URL.`,
    );
  } finally {
    redis.disconnect();
  }
}

/** Checks that something listens at an HTTP URL's host and port (the external SPARQL store). */
export async function checkHttpService(name: string, url: string, hint: string): Promise<void> {
  const parsed = new URL(url);
  const port = Number(parsed.port || (parsed.protocol === 'https:' ? 443 : 80));
  await new Promise<void>((resolve, reject) => {
    const socket = net.connect({ host: parsed.hostname, port, timeout: 5_000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve();
    });
    const fail = (error: unknown) => {
      socket.destroy();
      reject(new ServiceUnavailableError(`${name} is not reachable at ${parsed.host} (${reason(error)}). ${hint}`));
    };
    socket.once('timeout', () => fail(new Error('timed out')));
    socket.once('error', fail);
  });
}
