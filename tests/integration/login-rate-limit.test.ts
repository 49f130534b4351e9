import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../support/http-client.js';
import { startTestEnvironment, type TestEnvironment } from '../support/test-environment.js';

// Behind a trusted proxy the client address comes from X-Forwarded-For, so each test can be
// a different address and count its own failures.
let env: TestEnvironment;
beforeAll(async () => {
  env = await startTestEnvironment({ env: { TRUST_PROXY: 'true' } });
});
afterAll(async () => env?.close());

function from(address: string) {
  const client = new HttpClient(env.url);
  return {
    login: (username: string, password: string) =>
      client.post('/api/auth/login', { username, password, project: 'occpast' }, { headers: { 'x-forwarded-for': address } }),
  };
}

describe('login rate limit', () => {
  it('answers 429 after 10 failures a minute for one user, even with the right password, from any address', async () => {
    const victim = await env.addUser('rate-user', 'member');
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await from(`10.0.0.${attempt}`).login('rate-user', `wrong-${attempt}`)).status).toBe(401);
    }
    const limited = await from('10.0.1.1').login('rate-user', victim.password);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe('rate_limited');

    // Someone else logs in normally meanwhile.
    const other = await env.addUser('other-user', 'member');
    expect((await from('10.0.1.2').login('other-user', other.password)).status).toBe(200);
  });

  it('answers 429 after 10 failures a minute from one address, whatever the usernames', async () => {
    const user = await env.addUser('addr-user', 'member');
    const attacker = from('192.0.2.7');
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await attacker.login(`guess-${attempt}`, 'x')).status).toBe(401);
    }
    expect((await attacker.login('addr-user', user.password)).status).toBe(429);
    expect((await from('192.0.2.8').login('addr-user', user.password)).status).toBe(200);
  });

  it('counts attempts atomically: of 50 wrong passwords sent at once for one user, only 10 are checked', async () => {
    await env.addUser('flood-user', 'member');
    const answers = await Promise.all(Array.from({ length: 50 }, (_, attempt) => from(`10.9.${Math.floor(attempt / 200)}.${attempt % 200}`).login('flood-user', `wrong-${attempt}`)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40);
  });

  it('counts attempts atomically per address too: 50 at once from one address, whatever the usernames', async () => {
    const attacker = from('203.0.113.50');
    const answers = await Promise.all(Array.from({ length: 50 }, (_, attempt) => attacker.login(`flood-guess-${attempt}`, 'x')));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40);
  });

  it('counts only failures: successful logins never lock anyone out', async () => {
    const user = await env.addUser('busy-user', 'member');
    for (let attempt = 1; attempt <= 12; attempt++) {
      expect((await from('198.51.100.1').login('busy-user', user.password)).status).toBe(200);
    }
  });
});
