import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../api/src/auth/session-tokens.js';
import { HttpClient, rawRequest } from '../support/http-client.js';
import { startTestEnvironment, type TestEnvironment } from '../support/test-environment.js';

let env: TestEnvironment;
let admin: { id: string; username: string; password: string };
let member: { id: string; username: string; password: string };

beforeAll(async () => {
  env = await startTestEnvironment({ env: { BODY_LIMIT: '4kb' } });
  admin = await env.addUser('ada', 'admin');
  member = await env.addUser('mo', 'member');
});
afterAll(async () => env?.close());

const errorOf = async (response: Response) => ((await response.json()) as { error: { code: string; message: string } }).error;

describe('login, validate, logout', () => {
  it('logs in, validates the session and logs out, deleting the session row', async () => {
    const client = new HttpClient(env.url);
    expect((await client.get('/api/auth/validate')).status).toBe(401);

    const login = await client.login('ada', admin.password);
    expect(login.status).toBe(200);
    expect(await login.json()).toEqual({ id: admin.id, username: 'ada', name: 'ada', role: 'admin', project: 'occpast' });
    const sessionCookie = client.lastSetCookies.find((cookie) => cookie.startsWith('og_session='))!;
    expect(sessionCookie).toMatch(/httponly/i);
    expect(sessionCookie).toMatch(/samesite=lax/i);

    const token = client.sessionToken!;
    const rows = await env.app.db.query('SELECT user_id, project FROM sessions WHERE token_hash = $1', [hashToken(token)]);
    expect(rows.rows).toEqual([{ user_id: admin.id, project: 'occpast' }]);

    const validate = await client.get('/api/auth/validate');
    expect(validate.status).toBe(200);
    expect(((await validate.json()) as { username: string }).username).toBe('ada');

    expect((await client.post('/api/auth/logout')).status).toBe(204);
    expect((await env.app.db.query('SELECT 1 FROM sessions WHERE token_hash = $1', [hashToken(token)])).rowCount).toBe(0);
    expect((await client.get('/api/auth/validate')).status).toBe(401);

    // The old token is dead even when presented again by hand.
    const replay = new HttpClient(env.url);
    replay.cookies.set('og_session', token);
    expect((await replay.get('/api/auth/validate')).status).toBe(401);
  });

  it('answers a wrong password and an unknown user with the same 401', async () => {
    const wrongPassword = await new HttpClient(env.url).login('mo', 'not-the-password');
    const unknownUser = await new HttpClient(env.url).login('nobody-here', 'not-the-password');
    expect(wrongPassword.status).toBe(401);
    expect(unknownUser.status).toBe(401);
    expect(await wrongPassword.json()).toEqual(await unknownUser.json());
  });

  it('accepts a tag instead of a project, and usernames in any case', async () => {
    const client = new HttpClient(env.url);
    const response = await client.post('/api/auth/login', { username: 'MO', password: member.password, tag: 'census-1851' });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { project: string }).project).toBe('census-1851');
  });
});

describe('bad input on the auth paths', () => {
  it('answers missing fields with 400 naming the field', async () => {
    const client = new HttpClient(env.url);
    const response = await client.post('/api/auth/login', { username: 'ada' });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toMatch(/password/);
    expect((await client.post('/api/auth/login', { username: '', password: 'x' })).status).toBe(400);
  });

  it('answers malformed JSON with 400 and a clear message', async () => {
    const client = new HttpClient(env.url);
    const response = await client.request('POST', '/api/auth/login', { body: '{"username": "ada", ' });
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.code).toBe('malformed_json');
    expect(error.message).toMatch(/not valid JSON/);
  });

  it('answers a body over the configured limit with 413', async () => {
    const client = new HttpClient(env.url);
    const response = await client.post('/api/auth/login', { username: 'ada', password: 'x'.repeat(10_000) });
    expect(response.status).toBe(413);
    expect((await errorOf(response)).code).toBe('payload_too_large');
    // The process is alive and well afterwards.
    expect((await client.login('ada', admin.password)).status).toBe(200);
  });
});

describe('CSRF defence', () => {
  it('refuses state-changing requests without the token, with a wrong one, or from another origin', async () => {
    const client = new HttpClient(env.url);
    expect((await client.login('ada', admin.password)).status).toBe(200);

    const missing = await client.post('/api/admin/sessions/cleanup', undefined, { csrf: false });
    expect(missing.status).toBe(403);
    expect((await errorOf(missing)).code).toBe('csrf_rejected');

    const wrong = await client.post('/api/admin/sessions/cleanup', undefined, { headers: { 'x-csrf-token': 'guess' } });
    expect(wrong.status).toBe(403);

    const crossSite = await rawRequest(`${env.url}/api/auth/logout`, {
      method: 'POST',
      headers: { cookie: client.cookieHeader, 'x-csrf-token': client.cookies.get('og_csrf')!, origin: 'https://evil.example' },
    });
    expect(crossSite).toBe(403);
    expect((await client.get('/api/auth/validate')).status).toBe(200);

    // A token from an anonymous page (not the session's) does not pass once logged in.
    const other = new HttpClient(env.url);
    await other.get('/api/auth/csrf');
    const stolen = await client.post('/api/auth/logout', undefined, { headers: { 'x-csrf-token': other.cookies.get('og_csrf')! } });
    expect(stolen.status).toBe(403);

    expect((await client.post('/api/auth/logout')).status).toBe(204);
  });

  it('asks the token whatever the spelling of the path: DELETE /API/datasets/{id} with a same-origin Referer and no token deletes nothing', async () => {
    const client = new HttpClient(env.url);
    expect((await client.login('mo', member.password)).status).toBe(200);
    const created = await client.post('/api/datasets', { data: [{ title: 'Baker', code: '', totals: [] }], metadata: { title: 'Kept', titleColumn: 'title', codeColumn: null } });
    expect(created.status).toBe(202);
    const { datasetId } = (await created.json()) as { datasetId: string };
    const referer = { referer: `${env.url}/datasets/list` };

    for (const spelling of ['/API', '/Api', '/api']) {
      const unguarded = await client.request('DELETE', `${spelling}/datasets/${datasetId}`, { csrf: false, headers: referer });
      expect(unguarded.status, spelling).toBe(403);
      expect((await errorOf(unguarded)).code).toBe('csrf_rejected');
    }
    // With the token, a spelling that is not the API's is no API route: nothing is deleted.
    expect((await client.request('DELETE', `/API/datasets/${datasetId}`, { headers: referer })).status).toBe(404);
    expect((await client.get(`/api/datasets/${datasetId}`)).status).toBe(200);
    expect((await client.get(`/API/datasets/${datasetId}`, { headers: { accept: 'application/json' } })).status).toBe(404);
    expect((await client.request('DELETE', `/api/datasets/${datasetId}`)).status).toBe(204);
  });

  it('refuses a login without the token', async () => {
    const response = await new HttpClient(env.url).post('/api/auth/login', { username: 'ada', password: admin.password }, { csrf: false });
    expect(response.status).toBe(403);
  });
});

describe('protected routes', () => {
  it('answers 401 without a session and 403 for a member on admin routes', async () => {
    const anonymous = new HttpClient(env.url);
    expect((await anonymous.get('/api/jobs')).status).toBe(401);
    expect((await anonymous.get('/api/jobs/session.cleanup-x')).status).toBe(401);
    expect((await anonymous.post('/api/admin/sessions/cleanup')).status).toBe(401);

    const memberClient = new HttpClient(env.url);
    await memberClient.login('mo', member.password);
    const forbidden = await memberClient.post('/api/admin/sessions/cleanup');
    expect(forbidden.status).toBe(403);
    expect((await errorOf(forbidden)).code).toBe('forbidden');
    expect((await memberClient.get('/admin/queues')).status).toBe(403);
    expect((await anonymous.get('/admin/queues')).status).toBe(302);
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const response = await new HttpClient(env.url).get('/api/no-such-thing');
    expect(response.status).toBe(404);
    expect((await errorOf(response)).code).toBe('not_found');
  });
});
