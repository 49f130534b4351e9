import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverUnavailableMessage } from '../../shared/src/errors/spec-messages.js';
import { HttpClient } from '../support/http-client.js';
import { type PrivatePostgres, type PrivateRedis, startPrivatePostgres, startPrivateRedis } from '../support/private-services.js';
import { startTestEnvironment, type TestEnvironment } from '../support/test-environment.js';
import { waitFor } from '../support/wait-for.js';

/**
 * While PostgreSQL or Redis is down the API answers 503 `unavailable` with
 * `Retry-After` (not 500, and not after waiting for the store to return), the process serves on,
 * and the same calls answer 200 once the store is back. The app runs against a PostgreSQL and a
 * Redis of this file's own, stopped and started here; the shared servers are never touched.
 */

let postgres: PrivatePostgres;
let redis: PrivateRedis;
let env: TestEnvironment;

beforeAll(async () => {
  [postgres, redis] = await Promise.all([startPrivatePostgres(), startPrivateRedis()]);
  env = await startTestEnvironment({ services: { postgresUrl: postgres.url(), redisUrl: redis.url } });
});

afterAll(async () => {
  // Both back up (a failed test may have left one down), so the environment can drop its database and keys.
  await postgres?.start().catch(() => undefined);
  await redis?.start().catch(() => undefined);
  await env?.close();
  await Promise.all([postgres?.destroy(), redis?.destroy()]);
});

/** An answer, and how long it took. */
async function timed(call: () => Promise<Response>): Promise<{ response: Response; ms: number }> {
  const started = Date.now();
  const response = await call();
  return { response, ms: Date.now() - started };
}

/** Asserts the outage answer: 503, `{ error: { code: 'unavailable', message } }`, `Retry-After`. */
async function expectUnavailable(response: Response): Promise<void> {
  expect(response.status).toBe(503);
  expect(response.headers.get('retry-after')).toBe('5');
  expect(await response.json()).toEqual({ error: { code: 'unavailable', message: serverUnavailableMessage } });
}

/** Logs in from a fresh client (its own CSRF cookie): the login's answer. */
async function logIn(username: string, password: string): Promise<Response> {
  return new HttpClient(env.url).login(username, password);
}

describe('with PostgreSQL down', () => {
  it('answers every logged-in call 503 with Retry-After, serves on, and answers 200 again once PostgreSQL is back', async () => {
    const { client, user } = await env.signIn('pia', 'member');
    expect((await client.get('/api/auth/validate')).status).toBe(200);
    expect((await client.get('/api/datasets')).status).toBe(200);

    await postgres.stop();
    try {
      // The session lookup fails first, for every logged-in call.
      for (const path of ['/api/auth/validate', '/api/datasets', '/api/jobs']) {
        const { response, ms } = await timed(() => client.get(path));
        await expectUnavailable(response);
        expect(ms, path).toBeLessThan(5_000);
      }
      await expectUnavailable(await logIn(user.username, user.password));

      // The process is up and says what is missing.
      const health = await new HttpClient(env.url).get('/api/health');
      expect(health.status).toBe(503);
      expect(((await health.json()) as { error: { details: unknown } }).error.details).toEqual({ postgres: 'down', redis: 'ok' });
    } finally {
      await postgres.start();
    }

    // The pool makes new connections: the same session answers again.
    await waitFor('the session to answer again', async () => (await client.get('/api/auth/validate')).status === 200, { timeoutMs: 15_000, intervalMs: 200 });
    expect((await client.get('/api/datasets')).status).toBe(200);
    expect((await logIn(user.username, user.password)).status).toBe(200);
    expect((await new HttpClient(env.url).get('/api/health')).status).toBe(200);
  });
});

describe('with Redis down', () => {
  it('answers logins and anonymous reads 503 with Retry-After within seconds, serves on, and answers 200 again once Redis is back', async () => {
    const user = await env.addUser('rolf', 'member');
    const anonymous = new HttpClient(env.url);
    expect((await anonymous.get('/api/links/count')).status).toBe(200);
    expect((await logIn(user.username, user.password)).status).toBe(200);
    const { client } = await env.signIn('rhea', 'member');

    await redis.kill();
    try {
      for (let attempt = 0; attempt < 3; attempt++) {
        const read = await timed(() => anonymous.get('/api/links/count'));
        await expectUnavailable(read.response);
        expect(read.ms).toBeLessThan(6_000);
        const login = await timed(() => logIn(user.username, user.password));
        await expectUnavailable(login.response);
        expect(login.ms).toBeLessThan(6_000);
      }
      // The process is up: a logged-in call that needs no Redis still answers.
      expect((await client.get('/api/auth/validate')).status).toBe(200);
      const health = await anonymous.get('/api/health');
      expect(health.status).toBe(503);
      expect(((await health.json()) as { error: { details: unknown } }).error.details).toEqual({ postgres: 'ok', redis: 'down' });
    } finally {
      await redis.start();
    }

    await waitFor('anonymous reads to answer again', async () => (await anonymous.get('/api/links/count')).status === 200, { timeoutMs: 15_000, intervalMs: 200 });
    expect((await logIn(user.username, user.password)).status).toBe(200);
    expect((await anonymous.get('/api/health')).status).toBe(200);
  });
});
