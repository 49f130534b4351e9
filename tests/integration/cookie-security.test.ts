import { afterAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../support/http-client.js';
import { startTestEnvironment, type TestEnvironment } from '../support/test-environment.js';

const environments: TestEnvironment[] = [];
afterAll(async () => {
  for (const env of environments) await env.close();
});

/** Logs in on an app started with these settings; answers the Set-Cookie headers of the login. */
async function loginCookies(settings: Record<string, string>, headers: Record<string, string> = {}): Promise<string[]> {
  const env = await startTestEnvironment({ env: settings });
  environments.push(env);
  const user = await env.addUser('cora', 'member');
  const client = new HttpClient(env.url);
  const csrf = await client.request('GET', '/api/auth/csrf', { headers });
  expect(csrf.status).toBe(204);
  const login = await client.request('POST', '/api/auth/login', { json: { username: user.username, password: user.password, project: 'occpast' }, headers });
  expect(login.status).toBe(200);
  return client.lastSetCookies;
}

const secureFlag = (cookies: string[]) => cookies.map((cookie) => /;\s*secure/i.test(cookie));

describe('the Secure flag of the session and CSRF cookies', () => {
  it('follows the request in production: plain HTTP on localhost (npm start) logs in without it', async () => {
    const cookies = await loginCookies({ NODE_ENV: 'production' });
    expect(cookies).toHaveLength(2);
    expect(secureFlag(cookies)).toEqual([false, false]);
  });

  it('is set for HTTPS said by a trusted proxy', async () => {
    const cookies = await loginCookies({ NODE_ENV: 'production', TRUST_PROXY: 'true' }, { 'x-forwarded-proto': 'https' });
    expect(secureFlag(cookies)).toEqual([true, true]);
  });

  it('is set for HTTPS said by a trusted proxy with COOKIE_SECURE=auto written out (not read as false)', async () => {
    const cookies = await loginCookies({ NODE_ENV: 'production', COOKIE_SECURE: 'auto', TRUST_PROXY: 'true' }, { 'x-forwarded-proto': 'https' });
    expect(secureFlag(cookies)).toEqual([true, true]);
    expect(secureFlag(await loginCookies({ NODE_ENV: 'production', COOKIE_SECURE: 'auto', TRUST_PROXY: 'true' }))).toEqual([false, false]);
  });

  it('is always set with COOKIE_SECURE=true (TLS ends at a proxy the app is not told about), never with false', async () => {
    expect(secureFlag(await loginCookies({ COOKIE_SECURE: 'true' }))).toEqual([true, true]);
    expect(secureFlag(await loginCookies({ COOKIE_SECURE: 'false', TRUST_PROXY: 'true' }, { 'x-forwarded-proto': 'https' }))).toEqual([false, false]);
  });
});
