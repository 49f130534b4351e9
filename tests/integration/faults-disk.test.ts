import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { importScheme } from '../../api/src/schemes/import-scheme.js';
import { createLogger } from '../../api/src/lib/log.js';
import { EmbeddedStore } from '../../api/src/sparql/embedded-store.js';
import { csrfCookieName, csrfHeaderName } from '../../shared/src/contracts/auth.js';
import type { DatasetMetadataInput } from '../../shared/src/contracts/datasets.js';
import type { LinkMaps } from '../../shared/src/contracts/links.js';
import type { HttpClient } from '../support/http-client.js';
import { startTestEnvironment, type TestEnvironment } from '../support/test-environment.js';

/**
 * A full disk: DATA_DIR on a tmpfs of 8 MiB. An upload that outgrows the disk answers
 * 507 and leaves nothing behind, one that says it will not fit is refused before its body is
 * read, and a link write whose log append the disk cannot take is refused whole, while the
 * writes before and after it (once there is room again) are kept, also across a reopen of the
 * store. The api runs in this process: an unhandled rejection or exception would show here.
 */

const tmpfsBytes = 8 * 1024 * 1024;
let mountPoint: string;
let mounted = false;
let env: TestEnvironment;
let member: HttpClient;
let admin: HttpClient;
const unhandled: unknown[] = [];
const recordUnhandled = (error: unknown) => unhandled.push(error);
const copies: string[] = [];

/** Leaves of two small schemes (a root and 60 leaves each), enough to fill a page of the update log with links. */
const leaves = Array.from({ length: 60 }, (_, index) => String(1001 + index));
const schemeCsv = ['code,label,parent,description', '1,Root,,', ...leaves.map((leaf) => `${leaf},Leaf ${leaf},1,`)].join('\n');

const metadata: DatasetMetadataInput = {
  title: 'Too large for the disk',
  titleColumn: 'occupation',
  codeColumn: 'hisco',
  scheme: 'hisco',
  totalsColumns: ['men'],
  language: 'en',
};

beforeAll(async () => {
  process.on('unhandledRejection', recordUnhandled);
  process.on('uncaughtException', recordUnhandled);
  mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), 'og-faults-disk-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${tmpfsBytes}`, 'tmpfs', mountPoint]);
  mounted = true;
  // DATA_DIR inside the mount: the environment removes its DATA_DIR on close, the mount point stays.
  env = await startTestEnvironment({ env: { DATA_DIR: path.join(mountPoint, 'data') } });
  for (const scheme of ['isco08', 'soc2020'] as const) {
    await importScheme(env.app.schemes, { scheme, text: schemeCsv, format: 'csv', actorId: null });
  }
  member = (await env.signIn('mo', 'member')).client;
  admin = (await env.signIn('ada', 'admin')).client;
});

afterAll(async () => {
  await env?.close();
  if (mounted) execFileSync('umount', [mountPoint]);
  if (mountPoint) fs.rmdirSync(mountPoint);
  for (const copy of copies) fs.rmSync(copy, { recursive: true, force: true });
  process.off('unhandledRejection', recordUnhandled);
  process.off('uncaughtException', recordUnhandled);
});

const uploadsDir = () => path.join(env.config.dataDir, 'uploads');
const uploadedFiles = (): string[] => (fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()) : []);
const freeBytes = () => {
  const stats = fs.statfsSync(mountPoint);
  return stats.bavail * stats.bsize;
};
const fillerFile = () => path.join(mountPoint, 'filler');
// A test that fails half-way leaves no full disk to the next.
afterEach(() => fs.rmSync(fillerFile(), { force: true }));

/** Writes a file until the disk is full (ENOSPC). */
function fillDisk(): void {
  const handle = fs.openSync(fillerFile(), 'w');
  const block = Buffer.alloc(64 * 1024, 0x61);
  try {
    for (;;) fs.writeSync(handle, block);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    fs.closeSync(handle);
  }
  // What a block did not take, a byte at a time.
  const tail = fs.openSync(fillerFile(), 'a');
  try {
    for (;;) fs.writeSync(tail, Buffer.alloc(512));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    fs.closeSync(tail);
  }
}

interface StreamedAnswer {
  status: number;
  body: { error?: { code: string; message: string } } & Record<string, unknown>;
}

/**
 * A multipart upload through node:http, its file written as it goes: chunked (no declared size)
 * unless `declaredBytes` is given. With `stopAfterHead` only the fields and the file's part header
 * are sent, and the answer is awaited without the rest: what the server answers before the body.
 */
async function streamedUpload(
  client: HttpClient,
  target: string,
  options: { fileName: string; fileBytes: number; fields?: Record<string, string>; declaredBytes?: number; stopAfterHead?: boolean },
): Promise<StreamedAnswer> {
  if (!client.cookies.has(csrfCookieName)) await client.get('/api/auth/csrf');
  const boundary = `----og-faults-${crypto.randomBytes(8).toString('hex')}`;
  const fieldParts = Object.entries(options.fields ?? {}).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const head = Buffer.from(`${fieldParts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${options.fileName}"\r\nContent-Type: text/csv\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const headers: Record<string, string> = {
    'content-type': `multipart/form-data; boundary=${boundary}`,
    cookie: client.cookieHeader,
    [csrfHeaderName]: client.cookies.get(csrfCookieName)!,
  };
  if (options.declaredBytes !== undefined) headers['content-length'] = String(options.declaredBytes);
  return new Promise<StreamedAnswer>((resolve, reject) => {
    const request = http.request(`${env.url}${target}`, { method: 'POST', headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as StreamedAnswer['body'] });
        if (options.stopAfterHead) request.destroy();
      });
      response.on('error', reject);
    });
    request.on('error', reject);
    request.write(head);
    if (options.stopAfterHead) return;
    const line = Buffer.from('A farmer of the parish,61110,3\n');
    const chunk = Buffer.concat(Array.from({ length: Math.ceil((64 * 1024) / line.length) }, () => line));
    let sent = 0;
    const writeMore = () => {
      while (sent < options.fileBytes) {
        const piece = chunk.subarray(0, Math.min(chunk.length, options.fileBytes - sent));
        sent += piece.length;
        if (!request.write(piece)) return void request.once('drain', writeMore);
      }
      request.end(tail);
    };
    writeMore();
  });
}

describe('an upload on a full disk', () => {
  it('answers 507 for a chunked upload larger than the free space, removes what it wrote, and takes a small upload after', async () => {
    const free = freeBytes();
    const answer = await streamedUpload(member, '/api/datasets', {
      fileName: 'census.csv',
      fileBytes: tmpfsBytes + 2 * 1024 * 1024,
      fields: { metadata: JSON.stringify(metadata) },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(507);
    expect(answer.body.error).toMatchObject({ code: 'insufficient_storage' });
    expect(answer.body.error!.message).toMatch(/disk is full.*not stored/i);
    expect(uploadedFiles()).toEqual([]); // the partial file is gone…
    expect(freeBytes()).toBeGreaterThanOrEqual(free - 64 * 1024); // …and its space with it
    expect(unhandled).toEqual([]);

    // The process is up and the disk usable: a small upload is taken.
    const small = await member.upload('/api/datasets', 'census.csv', 'occupation,hisco,men\nFarmer,61110,3\n', { metadata: JSON.stringify(metadata) });
    expect(small.status, await small.clone().text()).toBe(202);
    expect(uploadedFiles()).toHaveLength(1);
  });

  it('answers 507 at once for a prediction file whose declared size does not fit, before its body is sent', async () => {
    const before = uploadedFiles();
    const answer = await streamedUpload(member, '/api/predictions', { fileName: 'predictions.csv', fileBytes: 0, declaredBytes: 64 * 1024 * 1024, stopAfterHead: true });
    expect(answer.status, JSON.stringify(answer.body)).toBe(507);
    expect(answer.body.error).toMatchObject({ code: 'insufficient_storage' });
    expect(answer.body.error!.message).toMatch(/not enough free space|disk is full/i);
    expect(uploadedFiles()).toEqual(before);
    expect(unhandled).toEqual([]);
  });
});

describe('a link write on a full disk', () => {
  const link = (leaf: string) => ({ sourceScheme: 'isco08', sourceNodeID: leaf, targetScheme: 'soc2020', targetNodeID: leaf });

  async function linkedLeaves(): Promise<string[]> {
    const response = await member.get('/api/links/maps?schemes=isco08,soc2020');
    expect(response.status).toBe(200);
    const maps = ((await response.json()) as LinkMaps).maps.isco08 ?? {};
    return Object.entries(maps)
      .filter(([, towards]) => towards.soc2020?.length)
      .map(([leaf, towards]) => {
        expect(towards.soc2020).toEqual([leaf]);
        return leaf;
      })
      .sort();
  }

  /** The links of the pair in a store opened on a copy of the store's files as they are now (the log replayed as written). */
  async function linksInCopyOfStore(): Promise<string[]> {
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'og-faults-disk-store-'));
    copies.push(copy);
    const source = path.join(env.config.dataDir, 'store');
    for (const name of fs.readdirSync(source)) {
      if (name !== 'lock') fs.copyFileSync(path.join(source, name), path.join(copy, name));
    }
    const store = await EmbeddedStore.open({ directory: copy, log: createLogger('silent') });
    try {
      const graph = env.app.schemes.iris.linkGraph('isco08', 'soc2020');
      const rows = await store.select(`SELECT ?a ?b WHERE { GRAPH <${graph}> { ?a ?relation ?b } }`);
      const iscoPrefix = env.app.schemes.iris.code('isco08', '');
      const socPrefix = env.app.schemes.iris.code('soc2020', '');
      return rows
        .map((row) => {
          const [a, b] = [row.a!.value, row.b!.value];
          expect(a.startsWith(iscoPrefix) && b.startsWith(socPrefix)).toBe(true);
          expect(a.slice(iscoPrefix.length)).toBe(b.slice(socPrefix.length));
          return a.slice(iscoPrefix.length);
        })
        .sort();
    } finally {
      await store.close();
    }
  }

  it('refuses the write the log cannot take, keeps nothing of it, and writes again once there is room, without a restart', async () => {
    const acknowledged: string[] = [];
    expect((await admin.post('/api/links', link(leaves[0]!))).status).toBe(204);
    acknowledged.push(leaves[0]!);

    fillDisk();
    // The log's last page may still hold a few records: link until the disk refuses one.
    let refused: { leaf: string; status: number; error: { code: string; message: string } } | null = null;
    for (const leaf of leaves.slice(1)) {
      const response = await admin.post('/api/links', link(leaf));
      if (response.status === 204) {
        acknowledged.push(leaf);
        continue;
      }
      refused = { leaf, status: response.status, error: ((await response.json()) as { error: { code: string; message: string } }).error };
      break;
    }
    expect(refused, 'no link write failed on the full disk').not.toBeNull();
    expect(refused!.status).toBe(507);
    expect(refused!.error.code).toBe('insufficient_storage');
    expect(refused!.error.message).toMatch(/disk is full/i);
    expect(unhandled).toEqual([]);

    // Nothing half-made: the refused link is not there, every acknowledged one is, and reads work.
    expect(await linkedLeaves()).toEqual([...acknowledged].sort());
    const audited = await env.app.db.query<{ n: number }>("SELECT count(*)::int AS n FROM audit_log WHERE action = 'link.create'");
    expect(audited.rows[0]!.n).toBe(acknowledged.length);
    // The files too: a store opened on them now has the acknowledged links and not the refused one.
    expect(await linksInCopyOfStore()).toEqual([...acknowledged].sort());

    // Still full: refused again, still nothing of it kept.
    const again = await admin.post('/api/links', link(refused!.leaf));
    expect(again.status).toBe(507);
    expect(await linkedLeaves()).toEqual([...acknowledged].sort());

    // Room again: the same write, and another, go through in the same process.
    fs.rmSync(fillerFile());
    expect((await admin.post('/api/links', link(refused!.leaf))).status).toBe(204);
    acknowledged.push(refused!.leaf);
    const next = leaves.find((leaf) => !acknowledged.includes(leaf))!;
    expect((await admin.post('/api/links', link(next))).status).toBe(204);
    acknowledged.push(next);
    expect(await linkedLeaves()).toEqual([...acknowledged].sort());

    // The files hold exactly the acknowledged links: the log replays without damage.
    expect(await linksInCopyOfStore()).toEqual([...acknowledged].sort());
    expect(unhandled).toEqual([]);
  });
});

describe('the embedded store on a full disk', () => {
  const base = 'https://og.test/faults-disk/';
  const quiet = createLogger('silent');
  const insert = (index: number) =>
    `INSERT DATA { GRAPH <${base}items> { <${base}item/${index}> <${base}value> "${`value ${index} `.repeat(40)}" } }`;
  const itemsIn = async (store: EmbeddedStore) =>
    (await store.select(`SELECT ?s WHERE { GRAPH <${base}items> { ?s ?p ?o } }`)).map((row) => Number(row.s!.value.slice(`${base}item/`.length))).sort((a, b) => a - b);

  it('refuses every write of a group commit the disk cannot take, keeps those before it, and writes again once there is room', async () => {
    const directory = path.join(mountPoint, 'direct-store');
    const store = await EmbeddedStore.open({ directory, log: quiet });
    try {
      await store.update(insert(0));
      fillDisk();
      // Written at once, the updates share appends (group commit); a read waits among them.
      const writes = Array.from({ length: 40 }, (_, index) => store.update(insert(index + 1)));
      const [reading, ...settled] = await Promise.allSettled([itemsIn(store), ...writes]);
      const kept = [0, ...settled.flatMap((result, index) => (result.status === 'fulfilled' ? [index + 1] : []))];
      const refusals = settled.flatMap((result) => (result.status === 'rejected' ? [result.reason as Error] : []));
      expect(refusals.length).toBeGreaterThan(0);
      for (const refusal of refusals) expect(refusal.message).toMatch(/disk is full/i);
      expect(reading.status).toBe('fulfilled');
      expect(await itemsIn(store)).toEqual(kept);

      fs.rmSync(fillerFile());
      await store.update(insert(100));
      await store.loadGraph(`${base}loaded`, `<${base}a> <${base}b> "c" .\n`, { replace: true });
      expect(await itemsIn(store)).toEqual([...kept, 100]);

      const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'og-faults-disk-store-'));
      copies.push(copy);
      for (const name of fs.readdirSync(directory)) if (name !== 'lock') fs.copyFileSync(path.join(directory, name), path.join(copy, name));
      const reopened = await EmbeddedStore.open({ directory: copy, log: quiet });
      try {
        expect(await itemsIn(reopened)).toEqual([...kept, 100]);
        expect(await reopened.ask(`ASK { GRAPH <${base}loaded> { <${base}a> <${base}b> "c" } }`)).toBe(true);
      } finally {
        await reopened.close();
      }
    } finally {
      await store.close();
      fs.rmSync(directory, { recursive: true, force: true });
    }
    expect(unhandled).toEqual([]);
  });
});
