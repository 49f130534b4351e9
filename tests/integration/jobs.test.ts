import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRun } from '../../shared/src/contracts/jobs.js';
import { JobEventsEmitter } from '../../workers/src/job-events-emitter.js';
import { HttpClient } from '../support/http-client.js';
import { JobSocket } from '../support/job-socket.js';
import { startTestEnvironment, type TestEnvironment } from '../support/test-environment.js';

let env: TestEnvironment;
let admin: HttpClient;
let member: HttpClient;
let adminId: string;
let memberId: string;
const sockets: JobSocket[] = [];

beforeAll(async () => {
  env = await startTestEnvironment({ workers: true });
  const adminUser = await env.addUser('ada', 'admin');
  const memberUser = await env.addUser('mo', 'member');
  adminId = adminUser.id;
  memberId = memberUser.id;
  admin = new HttpClient(env.url);
  member = new HttpClient(env.url);
  expect((await admin.login('ada', adminUser.password)).status).toBe(200);
  expect((await member.login('mo', memberUser.password)).status).toBe(200);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await env?.close();
});

async function openSocket(client: HttpClient): Promise<JobSocket> {
  const socket = new JobSocket(env.url, client.cookieHeader);
  sockets.push(socket);
  await socket.connected();
  return socket;
}

/** Expired sessions for the clean-up to delete, made straight in the database. */
async function seedExpiredSessions(count: number): Promise<void> {
  await env.app.db.query(
    `INSERT INTO sessions (token_hash, user_id, csrf_token, expires_at)
     SELECT md5(random()::text || i), $1, 'x', now() - interval '1 day' FROM generate_series(1, $2) AS i`,
    [adminId, count],
  );
}

describe('job enqueue → worker → job_runs → socket events', () => {
  it('runs a session clean-up and pushes its progress to the owner only', async () => {
    await seedExpiredSessions(60_000);
    const ownerSocket = await openSocket(admin);
    const otherSocket = await openSocket(member);

    const started = await admin.post('/api/admin/sessions/cleanup', undefined, { headers: { 'idempotency-key': 'cleanup-test-1' } });
    expect(started.status).toBe(202);
    const { jobId } = (await started.json()) as { jobId: string };
    expect(jobId).toMatch(/^session\.cleanup-/);

    // The owner may join the job's room; another member may not, and is told so.
    const ack = await ownerSocket.subscribe(jobId);
    expect(ack.ok).toBe(true);
    expect(await otherSocket.subscribe(jobId)).toEqual({ ok: false, error: 'No such job.' });

    const completed = await ownerSocket.waitFor(jobId, (event) => event.event === 'job:completed');
    expect(completed.job.state).toBe('completed');
    expect(completed.job.result).toEqual({ deleted: 60_000, strayUploads: 0 });
    expect(completed.job.progress).toMatchObject({ phase: 'done', done: 60_000, total: 60_000, unit: 'sessions' });

    const progress = ownerSocket.received.filter((event) => event.job.id === jobId && event.event === 'job:progress');
    expect(progress.length).toBeGreaterThanOrEqual(1);
    expect(progress.some((event) => event.job.state === 'active')).toBe(true);

    // The lasting record.
    const row = await env.app.db.query('SELECT state, owner_id, result, finished_at FROM job_runs WHERE id = $1', [jobId]);
    expect(row.rows[0]).toMatchObject({ state: 'completed', owner_id: adminId, result: { deleted: 60_000 } });
    expect(row.rows[0].finished_at).toBeInstanceOf(Date);
    expect((await env.app.db.query("SELECT count(*)::int AS n FROM sessions WHERE expires_at <= now()")).rows[0].n).toBe(0);

    // Nothing of this job reached the other user's socket: every event of it was out before the marker.
    await otherSocket.settle(new JobEventsEmitter(env.app.redis, env.config.redisPrefix), memberId);
    expect(otherSocket.received.filter((event) => event.job.id === jobId)).toEqual([]);

    // The API answers the same final state.
    const fetched = (await (await admin.get(`/api/jobs/${encodeURIComponent(jobId)}`)).json()) as JobRun;
    expect(fetched).toMatchObject({ id: jobId, kind: 'session.cleanup', state: 'completed', error: null, result: { deleted: 60_000 } });
    const list = (await (await admin.get('/api/jobs')).json()) as { jobs: JobRun[] };
    expect(list.jobs.map((job) => job.id)).toContain(jobId);
  });

  it('delivers events to the owner through their user room without an explicit subscription', async () => {
    const ownerSocket = await openSocket(admin);
    const started = await admin.post('/api/admin/sessions/cleanup');
    const { jobId } = (await started.json()) as { jobId: string };
    const completed = await ownerSocket.waitFor(jobId, (event) => event.event === 'job:completed');
    expect(completed.job.result).toEqual({ deleted: 0, strayUploads: 0 });
  });

  it('joins the job a retried request already started instead of starting it twice', async () => {
    const first = (await (await admin.post('/api/admin/sessions/cleanup', undefined, { headers: { 'idempotency-key': 'same-click' } })).json()) as { jobId: string };
    const second = (await (await admin.post('/api/admin/sessions/cleanup', undefined, { headers: { 'idempotency-key': 'same-click' } })).json()) as { jobId: string };
    expect(second.jobId).toBe(first.jobId);
    const runs = await env.app.db.query('SELECT count(*)::int AS n FROM job_runs WHERE id = $1', [first.jobId]);
    expect(runs.rows[0].n).toBe(1);
  });

  it('hides jobs from users who may not see them: 404 for unknown and for other people’s jobs', async () => {
    const { jobId } = (await (await admin.post('/api/admin/sessions/cleanup')).json()) as { jobId: string };
    expect((await member.get(`/api/jobs/${encodeURIComponent(jobId)}`)).status).toBe(404);
    expect((await member.get('/api/jobs/no-such-job')).status).toBe(404);
    expect((await admin.get('/api/jobs/no-such-job')).status).toBe(404);
    const memberList = (await (await member.get('/api/jobs')).json()) as { jobs: JobRun[] };
    expect(memberList.jobs).toEqual([]);
  });

  it('refuses a socket without a live session', async () => {
    const anonymous = new JobSocket(env.url, '');
    sockets.push(anonymous);
    await expect(anonymous.connected()).rejects.toThrow(/unauthenticated/);
    const forged = new JobSocket(env.url, 'og_session=forged-token');
    sockets.push(forged);
    await expect(forged.connected()).rejects.toThrow(/unauthenticated/);
  });

  it('shows the queues to admins in bull-board', async () => {
    const response = await admin.get('/admin/queues');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Occupation Graph jobs');
    const queues = await admin.get('/admin/queues/api/queues');
    expect(queues.status).toBe(200);
    const body = (await queues.json()) as { queues: { name: string }[] };
    expect(body.queues.map((queue) => queue.name)).toContain('session.cleanup');
  });
});
