import fs from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importScheme } from '../../api/src/schemes/import-scheme.js';
import type { TripleStore } from '../../api/src/sparql/triple-store.js';
import type { LinkMaps } from '../../shared/src/contracts/links.js';
import type { CodeRecord, SchemeTree } from '../../shared/src/contracts/schemes.js';
import type { HttpClient } from '../support/http-client.js';
import { JobSocket } from '../support/job-socket.js';
import { type PrivatePostgres, type PrivateRedis, startPrivatePostgres, startPrivateRedis } from '../support/private-services.js';
import { startTestEnvironment, type TestEnvironment } from '../support/test-environment.js';
import { waitFor } from '../support/wait-for.js';

/**
 * An edit spans the triple store, Redis (revisions) and PostgreSQL (audit log, link records).
 * Here Redis or PostgreSQL fails between those steps of a link edit and of a code edit, on
 * servers of the test's own; the edit must end up fully recorded once they are back (or, with
 * PostgreSQL down before the store write, not made at all), and no 304 may name a changed body.
 */

const seedDir = path.resolve(import.meta.dirname, '../../../shared/data/schemes');
let pg: PrivatePostgres;
let redis: PrivateRedis;
let env: TestEnvironment;
let admin: HttpClient;
let member: HttpClient;
let adminCookie: string;

/** Runs `hook` once, right after the next call of the store's `method` resolves (the step between it and the next). */
function afterNextStoreCall(method: 'update' | 'select', hook: () => Promise<void>): void {
  const store: TripleStore = env.app.store;
  const original = store[method] as (...args: unknown[]) => Promise<unknown>;
  Object.assign(store, {
    [method]: async (...args: unknown[]) => {
      const result = await original.apply(store, args);
      Object.assign(store, { [method]: original });
      await hook();
      return result;
    },
  });
}

/** Runs `hook` once, right after the next revision bump (the step before the audit row). */
function afterNextBump(hook: () => Promise<void>): void {
  const { revisions } = env.app.schemes;
  const original = revisions.bump;
  revisions.bump = async (...schemes) => {
    await original.apply(revisions, schemes);
    revisions.bump = original;
    await hook();
  };
}

/** A snapshot of the Redis data as it is now; the next start loads it (a Redis that kept this much). */
async function saveRedis(): Promise<void> {
  const client = new Redis(redis.url, { maxRetriesPerRequest: 0 });
  try {
    await client.save();
  } finally {
    client.disconnect();
  }
}

/** Whether the api answers again (its Redis and PostgreSQL connections are back). */
async function answering(): Promise<boolean> {
  const response = await member.get('/api/links/count');
  return response.status === 200;
}

async function auditRows(action: string, subject: string): Promise<{ before: unknown; after: unknown }[]> {
  const result = await env.app.db.query<{ before: unknown; after: unknown }>('SELECT before, after FROM audit_log WHERE action = $1 AND subject = $2 ORDER BY id', [action, subject]);
  return result.rows;
}

async function pendingIntents(): Promise<number> {
  return Number((await env.app.db.query<{ n: string }>('SELECT count(*) AS n FROM edit_intents')).rows[0]!.n);
}

/** One edit as a user makes it, and how to see it: in what a GET answers, in the audit log. */
interface EditCase {
  name: string;
  /** The GET whose body the edit changes (and whose ETag must change with it). */
  url: string;
  /** Reads what the edit needs (a code's version), then answers the request that makes it. */
  prepare(): Promise<() => Promise<Response>>;
  /** Whether a GET's body shows the edit. */
  shows(body: unknown): boolean;
  audited(): Promise<boolean>;
  /** Whether the edit's other records are made (a link's record); true when it has none. */
  recorded(): Promise<boolean>;
}

const iscoIri = (value: string) => `${env.config.baseIri}isco08/${value}`;
const socIri = (value: string) => `${env.config.baseIri}soc2020/${value}`;

/** Links ISCO-08 `isco` to SOC 2020 `soc` (POST /api/links). */
function linkCase(isco: string, soc: string): EditCase {
  const subject = () => iscoIri(isco);
  return {
    name: `link isco08 ${isco} to soc2020 ${soc}`,
    url: '/api/links/maps?schemes=isco08,soc2020',
    prepare: async () => () => admin.post('/api/links', { sourceScheme: 'isco08', sourceNodeID: isco, targetScheme: 'soc2020', targetNodeID: soc }),
    shows: (body) => (body as LinkMaps).maps.isco08?.[isco]?.soc2020?.includes(soc) === true,
    audited: async () => (await auditRows('link.create', subject())).some((row) => (row.after as { target?: string }).target === socIri(soc)),
    recorded: async () => (await env.app.db.query('SELECT 1 FROM link_records WHERE first_iri = $1 AND second_iri = $2', [subject(), socIri(soc)])).rowCount === 1,
  };
}

/** Names SOC 2020 `value` anew (PATCH /api/schemes/soc2020/codes/:value, If-Match its version). */
function renameCase(value: string, name: string): EditCase {
  return {
    name: `rename soc2020 ${value}`,
    url: '/api/schemes/soc2020/tree',
    async prepare() {
      const tree = (await (await member.get('/api/schemes/soc2020/tree')).json()) as SchemeTree;
      const version = tree.lookup[value]!.version;
      return () => admin.request('PATCH', `/api/schemes/soc2020/codes/${value}`, { json: { name }, headers: { 'if-match': `"${version}"` } });
    },
    shows: (body) => (body as SchemeTree).lookup[value]?.name === name,
    audited: async () => (await auditRows('code.update', socIri(value))).some((row) => (row.after as CodeRecord | null)?.name === name),
    recorded: async () => true,
  };
}

/** The body and ETag of a GET, once it answers 200. */
async function read(url: string, ifNoneMatch?: string): Promise<{ status: number; etag: string | null; body: unknown }> {
  const response = await member.get(url, ifNoneMatch ? { headers: { 'if-none-match': ifNoneMatch } } : undefined);
  return { status: response.status, etag: response.headers.get('etag'), body: response.status === 200 ? await response.json() : null };
}

beforeAll(async () => {
  [pg, redis] = await Promise.all([startPrivatePostgres(), startPrivateRedis()]);
  env = await startTestEnvironment({ services: { postgresUrl: pg.url(), redisUrl: redis.url } });
  for (const scheme of ['isco08', 'soc2020'] as const) {
    await importScheme(env.app.schemes, { scheme, text: fs.readFileSync(path.join(seedDir, `${scheme}.csv`), 'utf8'), format: 'csv', actorId: null });
  }
  admin = (await env.signIn('ada', 'admin')).client;
  member = (await env.signIn('mo', 'member')).client;
  adminCookie = admin.cookieHeader;
});

afterAll(async () => {
  await env?.close().catch(() => undefined);
  await Promise.all([pg?.destroy(), redis?.destroy()]);
});

describe('an edit whose Redis fails right after the store write', () => {
  for (const edit of [linkCase('1111', '1121'), renameCase('1133', 'Renamed while Redis restarted')]) {
    it(`${edit.name}: answers an error, then, with Redis back without its last writes, answers the new body (never 304 for the old ETag) and records the edit`, async () => {
      const before = await read(edit.url);
      expect(before.status).toBe(200);
      expect(edit.shows(before.body)).toBe(false);
      expect((await read(edit.url, before.etag!)).status).toBe(304);

      // Redis comes back from a snapshot taken before the edit: its revisions as they were, no mark of the edit.
      const send = await edit.prepare();
      await saveRedis();
      afterNextStoreCall('update', () => redis.kill());
      const response = await send();
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ error: { details: { saved: true } } });
      await redis.start();
      await waitFor('the api to reach Redis again', answering, { timeoutMs: 15_000 });

      const after = await read(edit.url, before.etag!);
      expect(after.status).toBe(200);
      expect(edit.shows(after.body)).toBe(true);
      expect(after.etag).not.toBe(before.etag);
      await waitFor('the edit to be audited', () => edit.audited(), { timeoutMs: 20_000 });
      expect(await edit.recorded()).toBe(true);
      expect(await pendingIntents()).toBe(0);
      // Once recorded, the new ETag answers 304 again.
      expect((await read(edit.url, after.etag!)).status).toBe(304);
    });
  }

  it('link isco08 1113 to soc2020 1122: with Redis back with everything it had (the edit under way, its lock), never answers 304 for the old maps and records the edit once the lock lapses', { timeout: 90_000 }, async () => {
    const edit = linkCase('1113', '1122');
    const tree = await read('/api/schemes/soc2020/tree');
    const before = await read(edit.url);
    expect(edit.shows(before.body)).toBe(false);

    const send = await edit.prepare();
    afterNextStoreCall('update', async () => {
      await saveRedis();
      await redis.kill();
    });
    expect((await send()).status).toBe(503);
    await redis.start();
    await waitFor('the api to reach Redis again', answering, { timeoutMs: 15_000 });

    const after = await read(edit.url, before.etag!);
    expect(after.status).toBe(200);
    expect(edit.shows(after.body)).toBe(true);
    const treeAfter = await read('/api/schemes/soc2020/tree', tree.etag!);
    expect(treeAfter.status).toBe(200);
    expect((treeAfter.body as SchemeTree).lookup['1122']!.linkCount).toBe(1);
    // The failed request's scheme locks came back with Redis: the edit is recorded once they lapse (30 s).
    await waitFor('the edit to be audited', () => edit.audited(), { timeoutMs: 60_000, intervalMs: 500 });
    expect(await edit.recorded()).toBe(true);
    expect(await pendingIntents()).toBe(0);
  });
});

describe('an edit whose PostgreSQL stops at the audit step', () => {
  for (const edit of [linkCase('1114', '1123'), renameCase('1134', 'Renamed while PostgreSQL restarted')]) {
    it(`${edit.name}: answers that the change is saved, and records it in full once PostgreSQL is back`, async () => {
      const before = await read(edit.url);
      const watching = new JobSocket(env.url, adminCookie);
      const heard: unknown[] = [];
      try {
        await watching.connected();
        watching.socket.on('links:changed', (change) => heard.push(change));
        expect(await new Promise((resolve) => watching.socket.emit('links:subscribe', ['isco08', 'soc2020'], resolve))).toEqual({ ok: true });

        const send = await edit.prepare();
        afterNextBump(() => pg.stop());
        const response = await send();
        expect(response.status).toBe(503);
        expect(await response.json()).toMatchObject({ error: { details: { saved: true } } });
        await pg.start();
        await waitFor('the api to reach PostgreSQL again', answering, { timeoutMs: 15_000 });

        const after = await read(edit.url, before.etag!);
        expect(after.status).toBe(200);
        expect(edit.shows(after.body)).toBe(true);
        await waitFor('the edit to be audited', () => edit.audited(), { timeoutMs: 20_000 });
        expect(await edit.recorded()).toBe(true);
        expect(await pendingIntents()).toBe(0);
        if (edit.url.startsWith('/api/links')) await waitFor('the pair’s followers to be told', () => heard.length > 0, { timeoutMs: 5_000 });
      } finally {
        watching.socket.disconnect();
      }
    });
  }
});

describe('an edit whose PostgreSQL is down before the store write', () => {
  for (const edit of [linkCase('1120', '1131'), renameCase('1135', 'Never saved')]) {
    it(`${edit.name}: is refused and nothing of it is stored`, async () => {
      const before = await read(edit.url);
      // The edit's check reads the store; PostgreSQL stops right after, before anything is written.
      const send = await edit.prepare();
      afterNextStoreCall('select', () => pg.stop());
      const response = await send();
      expect(response.status).toBe(503);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('unavailable');
      await pg.start();
      await waitFor('the api to reach PostgreSQL again', answering, { timeoutMs: 15_000 });

      const after = await read(edit.url, before.etag!);
      expect(after.status).toBe(304);
      const body = (await read(edit.url)).body;
      expect(edit.shows(body)).toBe(false);
      expect(await edit.audited()).toBe(false);
      // Nothing is left to settle later either: the reconciler has nothing to record.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await pendingIntents()).toBe(0);
    });
  }
});
