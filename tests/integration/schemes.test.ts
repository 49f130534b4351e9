import fs from 'node:fs';
import path from 'node:path';
import { Parser, Writer } from 'n3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodeRecord, SchemeList, SchemeTree } from '../../shared/src/contracts/schemes.js';
import { HttpClient } from '../support/http-client.js';
import { waitForJob } from '../support/jobs.js';
import { startTestEnvironment, type TestEnvironment } from '../support/test-environment.js';

const seedSchemes = path.resolve(import.meta.dirname, '../../../shared/data/schemes');
let env: TestEnvironment;
let admin: HttpClient;
let member: HttpClient;

beforeAll(async () => {
  env = await startTestEnvironment({ workers: true });
  const adminUser = await env.addUser('ada', 'admin');
  const memberUser = await env.addUser('mo', 'member');
  admin = new HttpClient(env.url);
  member = new HttpClient(env.url);
  await admin.login('ada', adminUser.password);
  await member.login('mo', memberUser.password);
});
afterAll(async () => env?.close());

async function importFile(scheme: string, fileName: string, content: string) {
  const response = await admin.upload(`/api/schemes/${scheme}/imports`, fileName, content);
  expect(response.status, await response.clone().text()).toBe(202);
  const { jobId } = (await response.json()) as { jobId: string };
  return waitForJob(admin, jobId);
}

async function tree(scheme: string, client = admin): Promise<SchemeTree> {
  const response = await client.get(`/api/schemes/${scheme}/tree`);
  expect(response.status).toBe(200);
  return (await response.json()) as SchemeTree;
}

const errorOf = async (response: Response) => ((await response.json()) as { error: { code: string; message: string; details?: { reasons?: string[] } } }).error;

describe('scheme import', () => {
  it('imports the real HISCO file as a job and serves it as a tree in natural notation order', async () => {
    const job = await importFile('hisco', 'hisco.csv', fs.readFileSync(path.join(seedSchemes, 'hisco.csv'), 'utf8'));
    expect(job.state, job.error ?? '').toBe('completed');
    expect(job.result).toEqual({ codes: 2304, added: 2304, kept: 0, removed: 0 });

    const hisco = await tree('hisco');
    expect(Object.keys(hisco.lookup)).toHaveLength(2304);
    expect(hisco.nestedData).toHaveLength(13);
    const major0 = hisco.nestedData.find((node) => node.label === '0')!;
    const labels = major0.children.map((node) => node.label);
    expect(labels).toEqual([...labels].sort((a, b) => Number(a) - Number(b)));
    expect(hisco.lookup['01110']).toMatchObject({ value: '01110', label: '01110', parent: '011', linkCount: 0 });

    const list = (await (await admin.get('/api/schemes')).json()) as SchemeList;
    expect(list.schemes).toHaveLength(14);
    expect(list.schemes.find((scheme) => scheme.id === 'hisco')).toMatchObject({ codeCount: 2304, leafCount: 1919, linkedLeafCount: 0 });
    expect(list.schemes.find((scheme) => scheme.id === 'pcs2020')).toMatchObject({ codeCount: 0 });
  });

  it('answers an unchanged tree with 304 for its ETag', async () => {
    const first = await admin.get('/api/schemes/hisco/tree');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"hisco\./);
    const again = await admin.get('/api/schemes/hisco/tree', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('sends the tree gzipped once it has been compressed, the same JSON, and other API answers gzipped too', async () => {
    const plain = await (await admin.get('/api/schemes/hisco/tree', { headers: { 'accept-encoding': 'identity' } })).text();
    let gzipped: Response | undefined;
    await expect
      .poll(async () => {
        gzipped = await admin.get('/api/schemes/hisco/tree', { headers: { 'accept-encoding': 'gzip' } });
        return gzipped.headers.get('content-encoding');
      })
      .toBe('gzip');
    expect(gzipped!.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(await gzipped!.text()).toBe(plain); // fetch has decoded it
    const list = await admin.get('/api/schemes', { headers: { 'accept-encoding': 'gzip' } });
    expect(list.headers.get('content-encoding')).toBe('gzip');
    expect(((await list.json()) as SchemeList).schemes).toHaveLength(14);
  });

  it('orders PST2 children as 2,2,9 before 2,2,10', async () => {
    const job = await importFile('pst2', 'pst2.csv', fs.readFileSync(path.join(seedSchemes, 'pst2.csv'), 'utf8'));
    expect(job.state).toBe('completed');
    const pst2 = await tree('pst2');
    const sector2 = pst2.nestedData.find((node) => node.label === '2,0,0,0,0,0,0,0')!;
    const group = sector2.children.find((node) => node.label === '2,2,0,0,0,0,0,0')!;
    const labels = group.children.map((node) => node.label);
    expect(labels.indexOf('2,2,9,0,0,0,0,0')).toBeLessThan(labels.indexOf('2,2,10,0,0,0,0,0'));
  });

  it('fails an invalid file with its first problems by line and leaves the store unchanged', async () => {
    const before = await tree('hisco');
    const csv = 'code,label,parent,description\n01110,Chemist,011,\n01110,Again,011,\n99999,Orphan,nope,\n88888,,,\n';
    const job = await importFile('hisco', 'broken.csv', csv);
    expect(job.state).toBe('failed');
    expect(job.error).toContain("line 3: duplicate code '01110' (first at line 2)");
    expect(job.error).toContain("line 4: parent 'nope' of '99999' is not a code of this file");
    expect(job.error).toContain("line 5: the label of '88888' is empty");
    expect(await tree('hisco')).toEqual(before);
  });

  it('re-imports in place: codes keep their IRIs, names change', async () => {
    const csv = fs.readFileSync(path.join(seedSchemes, 'isco08.csv'), 'utf8');
    expect((await importFile('isco08', 'isco08.csv', csv)).state).toBe('completed');
    const first = await tree('isco08');
    const changed = csv.replace(/^0110,[^,\n]*/m, '0110,Commissioned armed forces officers (renamed)');
    const job = await importFile('isco08', 'isco08.csv', changed);
    expect(job.result).toEqual({ codes: 619, added: 0, kept: 619, removed: 0 });
    const second = await tree('isco08');
    expect(Object.keys(second.lookup).sort()).toEqual(Object.keys(first.lookup).sort());
    expect(second.lookup['0110']!.name).toBe('Commissioned armed forces officers (renamed)');
  });

  it('refuses a non-CSV upload, and members', async () => {
    const wrongType = await admin.upload('/api/schemes/hisco/imports', 'hisco.xlsx', 'binary');
    expect(wrongType.status).toBe(400);
    expect((await member.upload('/api/schemes/hisco/imports', 'hisco.csv', 'code,label\n')).status).toBe(403);
    expect((await admin.upload('/api/schemes/nope/imports', 'x.csv', 'code,label\n')).status).toBe(404);
  });
});

describe('editing codes (SPEC §5 rules on the server)', () => {
  let child: CodeRecord;

  it('creates a child with a UUID value', async () => {
    const response = await admin.post('/api/schemes/hisco/codes', { parent: '011', name: 'Assayer', label: '01190' });
    expect(response.status).toBe(201);
    child = ((await response.json()) as { code: CodeRecord }).code;
    expect(child.value).toMatch(/^[0-9a-f-]{36}$/);
    expect(child).toMatchObject({ name: 'Assayer', label: '01190', parent: '011' });
    expect((await tree('hisco')).lookup[child.value]).toEqual(child);
  });

  it('edits with the version it read, and refuses a stale version with 409', async () => {
    const edited = await admin.request('PATCH', `/api/schemes/hisco/codes/${child.value}`, {
      json: { name: 'Assayer (metals)', description: 'Tests ores' },
      headers: { 'if-match': `"${child.version}"` },
    });
    expect(edited.status).toBe(200);
    const after = ((await edited.json()) as { code: CodeRecord }).code;
    expect(after).toMatchObject({ name: 'Assayer (metals)', label: '01190', description: 'Tests ores' });

    const stale = await admin.request('PATCH', `/api/schemes/hisco/codes/${child.value}`, {
      json: { name: 'Someone else’s edit' },
      headers: { 'if-match': `"${child.version}"` },
    });
    expect(stale.status).toBe(409);
    expect((await tree('hisco')).lookup[child.value]!.name).toBe('Assayer (metals)');
    child = after;

    const missing = await admin.request('PATCH', `/api/schemes/hisco/codes/${child.value}`, { json: { name: 'x' } });
    expect(missing.status).toBe(400);
  });

  it('moves a code, and refuses a move under its own descendant', async () => {
    const moved = await admin.post(`/api/schemes/hisco/codes/${child.value}/move`, { parent: '012' });
    expect(moved.status).toBe(200);
    expect(((await moved.json()) as { code: CodeRecord }).code.parent).toBe('012');

    const refused = await admin.post('/api/schemes/hisco/codes/01/move', { parent: '012' });
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toBe('Cannot move a node inside one of its descendants.');
    expect((await admin.post('/api/schemes/hisco/codes/012/move', { parent: '012' })).status).toBe(409);
    expect((await admin.post(`/api/schemes/hisco/codes/${child.value}/move`, { parent: 'no-such' })).status).toBe(404);
    expect((await tree('hisco')).lookup['01']!.parent).toBe('0');
  });

  it('deletes only a non-root code without children or links, giving the reasons', async () => {
    const withChildren = await admin.request('DELETE', '/api/schemes/hisco/codes/011');
    expect(withChildren.status).toBe(409);
    const error = await errorOf(withChildren);
    expect(error.details?.reasons?.[0]).toMatch(/^".*" has \d+ children$/);
    const root = await admin.request('DELETE', '/api/schemes/hisco/codes/0');
    expect(root.status).toBe(409);
    expect((await errorOf(root)).details?.reasons?.[0]).toMatch(/is a root code/);

    expect((await admin.request('DELETE', `/api/schemes/hisco/codes/${child.value}`)).status).toBe(204);
    expect((await tree('hisco')).lookup[child.value]).toBeUndefined();
    expect((await admin.request('DELETE', `/api/schemes/hisco/codes/${child.value}`)).status).toBe(404);
  });

  it('keeps an audit row for every edit', async () => {
    const rows = await env.app.db.query<{ action: string }>("SELECT action FROM audit_log WHERE scheme = 'hisco' ORDER BY id");
    expect(rows.rows.map((row) => row.action)).toEqual(expect.arrayContaining(['scheme.import', 'code.create', 'code.update', 'code.move', 'code.delete']));
  });

  it('answers 403 to members on every mutation and 404 for unknown schemes and codes', async () => {
    expect((await member.post('/api/schemes/hisco/codes', { name: 'x', label: 'y' })).status).toBe(403);
    expect((await member.request('PATCH', '/api/schemes/hisco/codes/01110', { json: { name: 'x' }, headers: { 'if-match': '"x"' } })).status).toBe(403);
    expect((await member.post('/api/schemes/hisco/codes/01110/move', { parent: '0' })).status).toBe(403);
    expect((await member.request('DELETE', '/api/schemes/hisco/codes/01110')).status).toBe(403);
    expect((await member.get('/api/schemes/hisco/tree')).status).toBe(200);
    expect((await admin.get('/api/schemes/nope/tree')).status).toBe(404);
    expect((await admin.get('/api/schemes/hisco/codes/nope/links')).status).toBe(404);
    expect((await admin.post('/api/schemes/hisco/codes', { parent: 'nope', name: 'x', label: 'y' })).status).toBe(404);
  });
});

describe('hostile strings', () => {
  const hostile = [
    'O\'Brien "quoted" \\ backslash',
    '""" triple quotes """',
    'line one\nline two',
    '<script>alert("x")</script>',
    '} ; DROP ALL #',
    'emoji 🧵🪡 and עברית right-to-left',
  ];

  it('round-trip exactly through edit → tree → export → re-import', async () => {
    const values: string[] = [];
    for (const text of hostile) {
      const response = await admin.post('/api/schemes/hisco/codes', { parent: '011', name: text, label: text, description: text });
      expect(response.status, text).toBe(201);
      values.push(((await response.json()) as { code: CodeRecord }).code.value);
    }
    const lookup = (await tree('hisco')).lookup;
    values.forEach((value, index) => {
      expect(lookup[value]).toMatchObject({ name: hostile[index], label: hostile[index], description: hostile[index] });
    });

    const exported = await admin.get('/api/export');
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toMatch(/attachment; filename="\d{4}-\d\d-\d\dT.*-triple-store-export\.ttl"/);
    const turtle = await exported.text();
    const quads = new Parser({ format: 'text/turtle' }).parse(turtle);
    // Every triple but the app's bookkeeping of edits (its own graph, which the edits above wrote to).
    const editsGraph = env.app.schemes.iris.editsGraph();
    const [bookkeeping] = await env.app.store.select(`SELECT (COUNT(*) AS ?n) WHERE { GRAPH <${editsGraph}> { ?s ?p ?o } }`);
    expect(Number(bookkeeping!.n!.value)).toBeGreaterThan(0);
    expect(quads.length).toBe((await env.app.store.countTriples()) - Number(bookkeeping!.n!.value));
    expect(quads.some((quad) => quad.predicate.value === env.app.schemes.iris.lastEditPredicate())).toBe(false);
    const literals = new Set(quads.map((quad) => quad.object.value));
    for (const text of hostile) expect(literals.has(text), text).toBe(true);

    // Re-import the exported HISCO codes as a Turtle scheme file into an empty scheme.
    const hiscoPrefix = `${env.config.baseIri}hisco/`;
    const writer = new Writer({ format: 'text/turtle' });
    writer.addQuads(quads.filter((quad) => quad.subject.value.startsWith(hiscoPrefix)));
    const hiscoTurtle = await new Promise<string>((resolve, reject) => writer.end((error, text) => (error ? reject(error) : resolve(text))));
    const job = await importFile('bls1918', 'export.ttl', hiscoTurtle);
    expect(job.state, job.error ?? '').toBe('completed');
    const reimported = Object.values((await tree('bls1918')).lookup);
    for (const text of hostile) expect(reimported.find((record) => record.label === text)).toMatchObject({ name: text, description: text });
  });
});

describe('read-only SPARQL', () => {
  it('answers SELECT as SPARQL JSON and refuses every update form', async () => {
    const select = await admin.request('POST', '/api/sparql', {
      body: 'PREFIX skos: <http://www.w3.org/2004/02/skos/core#> SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?c a skos:Concept } }',
      headers: { 'content-type': 'application/sparql-query' },
    });
    expect(select.status).toBe(200);
    const results = (await select.json()) as { results: { bindings: { n: { value: string } }[] } };
    expect(Number(results.results.bindings[0]!.n.value)).toBeGreaterThan(2000);

    const before = await env.app.store.countTriples();
    for (const update of ['DROP ALL', 'INSERT DATA { <http://x/a> <http://x/b> "c" }', 'CLEAR DEFAULT', 'SELECT * WHERE { ?s ?p ?o } ; DROP ALL']) {
      const response = await admin.request('POST', '/api/sparql', { body: update, headers: { 'content-type': 'application/sparql-query' } });
      expect(response.status, update).toBe(400);
    }
    expect(await env.app.store.countTriples()).toBe(before);
    expect((await member.request('POST', '/api/sparql', { body: 'ASK { ?s ?p ?o }', headers: { 'content-type': 'application/sparql-query' } })).status).toBe(200);
  });
});
