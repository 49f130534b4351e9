import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/src/config/config.js';
import { suggestionsFile, suggestionsFor } from '../../shared/src/contracts/suggestions.js';
import { startTestEnvironment, type TestEnvironment } from '../support/test-environment.js';

/** SPEC §7 "Static": `GET /suggestions/{a}-{b}.json` from SUGGESTIONS_DIR, outside /api and the web app's fallback. */

const projectRoot = path.resolve(import.meta.dirname, '../..');
let env: TestEnvironment;
let root: string;
let directory: string;

const pairFile = [
  [['1111', '1112'], ['1111']],
  [['2111'], ['2111', '2112']],
];

/** A GET sent with its path exactly as written (fetch would resolve `..` segments before sending). */
function rawGet(target: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const url = new URL(env.url);
  return new Promise((resolve, reject) => {
    const request = http.request({ host: url.hostname, port: url.port, path: target, method: 'GET', headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'og-suggestions-'));
  directory = path.join(root, 'suggestions');
  fs.mkdirSync(directory);
  fs.writeFileSync(path.join(directory, 'isco08-soc2020.json'), JSON.stringify(pairFile));
  // On disk, but not a name the route serves: an unsorted pair, and a file beside the directory.
  fs.writeFileSync(path.join(directory, 'soc2020-isco08.json'), JSON.stringify(pairFile));
  fs.writeFileSync(path.join(root, 'secret.json'), JSON.stringify({ secret: 'not for the web' }));
  env = await startTestEnvironment({ env: { SUGGESTIONS_DIR: directory } });
});

afterAll(async () => {
  await env?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('the suggestions files', () => {
  it('answers a pair file as JSON with a day of public caching and an ETag, and 304 when the browser has it', async () => {
    const response = await fetch(`${env.url}/suggestions/isco08-soc2020.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
    const etag = response.headers.get('etag');
    expect(etag).toMatch(/^W\/".+"$/);
    const body: unknown = await response.json();
    expect(body).toEqual(pairFile);
    // What the linking page makes of it: ISCO-08 sorts first, so its codes are the first array.
    expect(suggestionsFor(suggestionsFile.parse(body), 'soc2020', 'isco08', '2112')).toEqual(['2111']);

    const again = await fetch(`${env.url}/suggestions/isco08-soc2020.json`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');

    const head = await fetch(`${env.url}/suggestions/isco08-soc2020.json`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(etag);
  });

  it('serves a pair file dropped into the directory, and its new content once it changes, without a restart', async () => {
    const file = path.join(directory, 'hisco-pst2.json');
    expect((await fetch(`${env.url}/suggestions/hisco-pst2.json`)).status).toBe(404);
    // Large enough to be sent gzipped to a browser that takes it.
    const large = Array.from({ length: 400 }, (_, index) => [[String(10_000 + index).padStart(5, '0')], [`1,${index},0,0,0,0,0,0`]]);
    fs.writeFileSync(file, JSON.stringify(large));
    const first = await fetch(`${env.url}/suggestions/hisco-pst2.json`, { headers: { 'accept-encoding': 'gzip' } });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-encoding')).toBe('gzip');
    expect(first.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(await first.json()).toEqual(large); // fetch has decoded it
    const plain = await fetch(`${env.url}/suggestions/hisco-pst2.json`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.json()).toEqual(large);

    const changed = [[['01110'], ['1,1,0,0,0,0,0,0']]];
    fs.writeFileSync(file, JSON.stringify(changed));
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5_000)); // a new mtime even on a coarse clock
    const second = await fetch(`${env.url}/suggestions/hisco-pst2.json`, { headers: { 'if-none-match': first.headers.get('etag')! } });
    expect(second.status).toBe(200);
    expect(second.headers.get('etag')).not.toBe(first.headers.get('etag'));
    expect(await second.json()).toEqual(changed);
  });

  it('answers 404 as JSON for a pair with no file, for names that are not a sorted pair, and for any way out of the directory', async () => {
    const missing = await fetch(`${env.url}/suggestions/esco-isco08.json`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/^application\/json/);
    expect(((await missing.json()) as { error: { code: string; message: string } }).error).toEqual({ code: 'not_found', message: 'There are no suggestions for esco-isco08.' });

    const refused = [
      '/suggestions/soc2020-isco08.json', // unsorted, though the file is on disk
      '/suggestions/isco08-isco08.json',
      '/suggestions/nope-soc2020.json',
      '/suggestions/isco08-soc2020',
      '/suggestions/ISCO08-SOC2020.json',
      '/suggestions/isco08-soc2020.json/',
      '/suggestions/',
      '/suggestions',
      '/suggestions/..%2Fsecret.json',
      '/suggestions/..%2fsecret.json',
      '/suggestions/%2e%2e%2Fsecret.json',
      '/suggestions/%2E%2E/secret.json',
      '/suggestions/..%5Csecret.json',
      '/suggestions/../suggestions/isco08-soc2020.json',
      '/suggestions/../secret.json',
      '/suggestions/./isco08-soc2020.json',
      '/suggestions//isco08-soc2020.json',
      '/suggestions/isco08-soc2020.json%00',
      '/suggestions/..%2F..%2Fpackage.json',
    ];
    for (const target of refused) {
      const response = await rawGet(target, { accept: 'application/json' });
      expect(response.status, target).toBe(404);
      expect(response.headers['content-type'], target).toMatch(/^application\/json/);
      expect(response.body, target).not.toContain('not for the web');
    }
  });

  it("is never answered by the web app's index.html, which still answers the app's own deep links", async () => {
    const page = await fetch(`${env.url}/datasets/list`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    for (const target of ['/suggestions/esco-isco08.json', '/suggestions/anything', '/suggestions/..%2Findex.html']) {
      const response = await fetch(`${env.url}${target}`, { headers: { accept: 'text/html' } });
      expect(response.status, target).toBe(404);
      expect(response.headers.get('content-type'), target).not.toMatch(/html/);
    }
    // Files here are only read: another method, with a valid CSRF token, finds nothing either.
    const { client } = await env.signIn('sue', 'member');
    const posted = await client.post('/suggestions/isco08-soc2020.json', {}, { headers: { accept: 'text/html' } });
    expect(posted.status).toBe(404);
    expect(posted.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('answers 500 naming the problem for a file in the directory that is not a suggestions file', async () => {
    fs.writeFileSync(path.join(directory, 'isco08-onet.json'), JSON.stringify([[['1111'], '1111']]));
    const response = await fetch(`${env.url}/suggestions/isco08-onet.json`);
    expect(response.status).toBe(500);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/^The suggestions file isco08-onet\.json is not a valid suggestions file: 0\.1/);
  });
});

describe('the shipped suggestions directory', () => {
  it('is the default SUGGESTIONS_DIR, and its example.json is a valid file of real PST-2 and SOC-2020 codes', () => {
    const shipped = path.join(projectRoot, 'infra/suggestions');
    expect(loadConfig({}).suggestionsDir).toBe(shipped);
    const example = suggestionsFile.parse(JSON.parse(fs.readFileSync(path.join(shipped, 'example.json'), 'utf8')));
    expect(example.length).toBeGreaterThan(0);
    const codes = (scheme: string) =>
      new Set(Papa.parse<{ code: string }>(fs.readFileSync(path.join(projectRoot, `../shared/data/schemes/${scheme}.csv`), 'utf8'), { header: true, skipEmptyLines: true }).data.map((row) => row.code));
    const [pst2, soc2020] = [codes('pst2'), codes('soc2020')];
    for (const [first, second] of example) {
      for (const code of first) expect(pst2.has(code), `PST-2 ${code}`).toBe(true);
      for (const code of second) expect(soc2020.has(code), `SOC-2020 ${code}`).toBe(true);
    }
  });
});
