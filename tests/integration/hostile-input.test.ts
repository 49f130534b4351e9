import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../support/http-client.js';
import { startTestEnvironment, type TestEnvironment } from '../support/test-environment.js';

/**
 * Every route, fed what an attacker or a broken script sends: each answers a 4xx (never a 500,
 * never an outbound request), and nothing stored changes — the triple store's quads and the
 * database's rows are the same after the whole table as before it.
 */

/** Strings that are not what any field or path segment expects, from the field's own alphabet and well outside it. */
const hostileStrings = [
  'a b',
  'a{b',
  '^',
  '"; DROP ALL #',
  '} INSERT DATA { <urn:a> <urn:b> <urn:c> } #',
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '\u0000nul',
  '\u202Eright-to-left',
  'x'.repeat(5_000),
];

interface Case {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  json?: unknown;
  body?: string;
  headers?: Record<string, string>;
}

const segment = (value: string) => encodeURIComponent(value);
let env: TestEnvironment;
let admin: HttpClient;
let datasetId: string;
let hiscoCode: string;

beforeAll(async () => {
  env = await startTestEnvironment();
  admin = (await env.signIn('ada', 'admin')).client;
  const imported = await env.app.schemes.repository.readCodes('hisco');
  if (Object.keys(imported).length === 0) {
    const { importScheme } = await import('../../api/src/schemes/import-scheme.js');
    await importScheme(env.app.schemes, { scheme: 'hisco', text: 'code,label,parent,description\n0,Professional workers,,\n01,Physical scientists,0,\n', format: 'csv', actorId: null });
  }
  hiscoCode = Object.keys(await env.app.schemes.repository.readCodes('hisco'))[1]!;
  const created = await admin.post('/api/datasets', { data: [{ title: 'Baker', code: '', totals: [] }], metadata: { title: 'Kept', titleColumn: 'title', codeColumn: null } });
  expect(created.status).toBe(202);
  datasetId = ((await created.json()) as { datasetId: string }).datasetId;
});
afterAll(async () => env?.close());

function casesFor(value: string): Case[] {
  return [
    { name: 'login username', method: 'POST', path: '/api/auth/login', json: { username: value, password: value, project: value } },
    { name: 'job id', method: 'GET', path: `/api/jobs/${segment(value)}` },
    { name: 'jobs limit', method: 'GET', path: `/api/jobs?limit=${segment(value)}` },
    { name: 'scheme of a tree', method: 'GET', path: `/api/schemes/${segment(value)}/tree` },
    { name: 'code of links', method: 'GET', path: `/api/schemes/hisco/codes/${segment(value)}/links` },
    { name: 'create: parent', method: 'POST', path: '/api/schemes/hisco/codes', json: { parent: value, name: 'Fisher', label: '99999' } },
    { name: 'create: scheme', method: 'POST', path: `/api/schemes/${segment(value)}/codes`, json: { name: 'Fisher', label: '99999' } },
    { name: 'update: code', method: 'PATCH', path: `/api/schemes/hisco/codes/${segment(value)}`, json: { name: 'Renamed' }, headers: { 'if-match': '"x"' } },
    { name: 'update: version', method: 'PATCH', path: `/api/schemes/hisco/codes/${hiscoCode}`, json: { name: 'Renamed' }, headers: { 'if-match': value.replace(/[^\x20-\x7e]/g, '').slice(0, 1000) } },
    { name: 'move: code', method: 'POST', path: `/api/schemes/hisco/codes/${segment(value)}/move`, json: { parent: hiscoCode } },
    { name: 'move: parent', method: 'POST', path: `/api/schemes/hisco/codes/${hiscoCode}/move`, json: { parent: value } },
    { name: 'delete: code', method: 'DELETE', path: `/api/schemes/hisco/codes/${segment(value)}` },
    { name: 'import: scheme', method: 'POST', path: `/api/schemes/${segment(value)}/imports`, body: 'not multipart', headers: { 'content-type': 'text/csv' } },
    { name: 'dataset id', method: 'GET', path: `/api/datasets/${segment(value)}` },
    { name: 'dataset titles cursor', method: 'GET', path: `/api/datasets/${datasetId}/titles?cursor=${segment(value)}&limit=${segment(value)}` },
    { name: 'dataset delete id', method: 'DELETE', path: `/api/datasets/${segment(value)}` },
    { name: 'collaborator username', method: 'POST', path: `/api/datasets/${datasetId}/collaborators`, json: { username: value } },
    { name: 'collaborator id', method: 'DELETE', path: `/api/datasets/${datasetId}/collaborators/${segment(value)}` },
    { name: 'dataset metadata', method: 'POST', path: '/api/datasets', json: { data: [{ title: value, code: value, totals: [value] }], metadata: { title: value, scheme: value, titleColumn: value } } },
    { name: 'link: codes', method: 'POST', path: '/api/links', json: { sourceScheme: 'hisco', sourceNodeID: value, targetScheme: 'isco08', targetNodeID: value } },
    { name: 'link: relation', method: 'POST', path: '/api/links', json: { sourceScheme: 'hisco', sourceNodeID: hiscoCode, targetScheme: 'isco08', targetNodeID: hiscoCode, relation: value } },
    { name: 'unlink: codes', method: 'DELETE', path: '/api/links', json: { sourceScheme: value, sourceNodeID: value, targetScheme: 'isco08', targetNodeID: 'unlinkable' } },
    { name: 'link maps: schemes', method: 'GET', path: `/api/links/maps?schemes=${segment(value)}` },
    { name: 'clear links', method: 'POST', path: '/api/links/clear', json: { nodeID: value, scheme: 'hisco', targetScheme: 'isco08' } },
    { name: 'link to many', method: 'POST', path: '/api/links/bulk', json: { subjectNodeID: hiscoCode, subjectScheme: 'hisco', objectsNodeIDs: [value], objectsScheme: 'isco08' } },
    { name: 'sparql text', method: 'POST', path: '/api/sparql', body: value, headers: { 'content-type': 'application/sparql-query' } },
    { name: 'sparql json', method: 'POST', path: '/api/sparql', json: { query: value } },
  ];
}

/** What the stores hold: every quad of the triple store, and the rows of the database's own tables. */
async function storedState(): Promise<{ quads: string; rows: Record<string, number> }> {
  const quads: string[] = [];
  for await (const chunk of env.app.store.dumpNQuads()) quads.push(chunk);
  const rows: Record<string, number> = {};
  for (const table of ['users', 'datasets', 'dataset_collaborators', 'dataset_titles', 'job_runs', 'audit_log']) {
    rows[table] = Number((await env.app.db.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
  }
  return { quads: crypto.createHash('sha256').update(quads.sort().join('')).digest('hex'), rows };
}

describe('hostile input on every route', () => {
  it('answers each with a 4xx and changes nothing stored', async () => {
    const before = await storedState();
    const failures: string[] = [];
    for (const value of hostileStrings) {
      for (const test of casesFor(value)) {
        const response = await admin.request(test.method, test.path, { json: test.json, body: test.body, headers: test.headers });
        if (response.status < 400 || response.status >= 500) failures.push(`${test.name} with ${JSON.stringify(value.slice(0, 40))}: ${response.status} ${(await response.text()).slice(0, 200)}`);
        else await response.body?.cancel();
      }
    }
    expect(failures).toEqual([]);
    expect(await storedState()).toEqual(before);
  });

  it('refuses SPARQL that would call another endpoint, before the store sees it', async () => {
    for (const query of ['SELECT * WHERE { SERVICE <http://127.0.0.1:9/sparql> { ?s ?p ?o } }', 'ASK { ?s ?p ?o FILTER EXISTS { SERVICE SILENT <http://127.0.0.1:9/> { ?s ?p ?o } } }']) {
      const response = await admin.request('POST', '/api/sparql', { body: query, headers: { 'content-type': 'application/sparql-query' } });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/SERVICE clauses are not accepted/);
    }
  });
});
