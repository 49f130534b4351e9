import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importScheme } from '../../api/src/schemes/import-scheme.js';
import type { HttpClient } from '../support/http-client.js';
import { startTestEnvironment, type TestEnvironment } from '../support/test-environment.js';

const timeoutMs = 3_000;
const seedDir = path.resolve(import.meta.dirname, '../../../shared/data/schemes');
/** Every triple times every triple times every triple: a query no store answers in time. */
const crossProduct = 'SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g1 {?a ?b ?c} GRAPH ?g2 {?d ?e ?f} GRAPH ?g3 {?h ?i ?j} }';

let env: TestEnvironment;
let member: HttpClient;

function sparql(query: string): Promise<Response> {
  return member.request('POST', '/api/sparql', { body: query, headers: { 'content-type': 'application/sparql-query', accept: 'application/sparql-results+json' } });
}

beforeAll(async () => {
  env = await startTestEnvironment({ env: { SPARQL_TIMEOUT_MS: String(timeoutMs), SPARQL_MAX_ROWS: '1000' } });
  await importScheme(env.app.schemes, { scheme: 'isco08', text: fs.readFileSync(path.join(seedDir, 'isco08.csv'), 'utf8'), format: 'csv', actorId: null });
  member = (await env.signIn('rhea', 'member')).client;
});
afterAll(async () => env?.close());

describe('the read-only SPARQL endpoint on the embedded store', () => {
  it('runs a runaway query off the event loop: the server keeps answering, and the query is stopped at its deadline', async () => {
    const started = performance.now();
    const runaway = sparql(crossProduct).then((response) => ({ response, seconds: (performance.now() - started) / 1000 }));
    let done = false;
    void runaway.then(() => (done = true));

    const latencies: number[] = [];
    let treeStatus = 0;
    while (!done) {
      const sent = performance.now();
      const validate = await member.get('/api/auth/validate');
      latencies.push(performance.now() - sent);
      expect(validate.status).toBe(200);
      if (treeStatus === 0) treeStatus = (await member.get('/api/schemes/isco08/tree')).status;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const { response, seconds } = await runaway;
    expect(response.status).toBe(503);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(`The query took longer than ${timeoutMs} ms and was stopped.`);
    expect(seconds).toBeLessThan(timeoutMs / 1000 + 1);
    expect(treeStatus).toBe(200);
    const sorted = [...latencies].sort((a, b) => a - b);
    expect(sorted.length).toBeGreaterThan(20);
    expect(sorted[Math.floor(sorted.length * 0.95)]!).toBeLessThanOrEqual(100);

    // The store answers normally afterwards (a new replica), with every code.
    const count = await sparql('SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?code <http://www.w3.org/2004/02/skos/core#notation> ?notation } }');
    expect(count.status).toBe(200);
    const body = (await count.json()) as { results: { bindings: { n: { value: string } }[] } };
    expect(Number(body.results.bindings[0]!.n.value)).toBe(619);
  });

  it('refuses an answer with more rows than it sends, with a clear message, instead of building it', async () => {
    const everything = await sparql('SELECT * WHERE { GRAPH ?g1 {?a ?b ?c} GRAPH ?g2 {?d ?e ?f} GRAPH ?g3 {?h ?i ?j} }');
    expect(everything.status).toBe(422);
    const { error } = (await everything.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe('result_too_large');
    expect(error.message).toMatch(/more than 1,000 rows; this endpoint sends at most 1,000 rows/);
    // Within the limit, a query with its own LIMIT is answered as it is.
    const page = await sparql('SELECT ?s WHERE { GRAPH ?g { ?s ?p ?o } } ORDER BY ?s LIMIT 1000');
    expect(page.status).toBe(200);
    expect(((await page.json()) as { results: { bindings: unknown[] } }).results.bindings).toHaveLength(1000);
  });

  it('sees what an edit wrote as soon as the edit is acknowledged', async () => {
    const { client } = await env.signIn('ada', 'admin');
    const created = await client.post('/api/schemes/isco08/codes', { name: 'Replica check "quoted"', label: '9999' });
    expect(created.status).toBe(201);
    const found = await sparql('ASK { GRAPH ?g { ?code <http://www.w3.org/2004/02/skos/core#prefLabel> "Replica check \\"quoted\\"" } }');
    expect(((await found.json()) as { boolean: boolean }).boolean).toBe(true);
  });
});
