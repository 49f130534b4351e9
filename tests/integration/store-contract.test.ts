import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Parser } from 'n3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../api/src/lib/log.js';
import { EmbeddedStore } from '../../api/src/sparql/embedded-store.js';
import { HttpStore } from '../../api/src/sparql/http-store.js';
import { iri, literal, ntriple, sparql, toQueryText } from '../../api/src/sparql/sparql-builder.js';
import { type Bindings, StoreError, StoreSyntaxError, StoreTimeoutError, type TripleStore } from '../../api/src/sparql/triple-store.js';
import { TripleTableBuilder } from '../../api/src/sparql/triple-table.js';
import { type PrivateVirtuoso, startVirtuoso } from '../support/virtuoso.js';

/**
 * One contract for every TripleStore adapter (DESIGN.md §2), run against the embedded Oxigraph
 * store in a temp directory and against the HTTP adapter talking to a private Virtuoso 7 (with
 * its stock 10,000-row result cap, so paging is exercised for real) — once over plain SPARQL and
 * once with the Graph Store Protocol for dumps.
 */

const quiet = createLogger('silent');
const skos = (name: string) => `http://www.w3.org/2004/02/skos/core#${name}`;

/** Strings that must survive a round trip byte for byte (no NUL: not every store takes it). */
const hostile = [
  'double "quotes" and \'single\' ones',
  'triple """quotes""" and \'\'\'single\'\'\' too',
  'back\\slash, \\n (not a newline), \\\\ and \\"',
  'line one\nline two\r\nline three\rend',
  'tab\there, and \u0001 \u0008 \u000b \u000c \u001f \u007f controls',
  '<script>alert("pwned")</script>',
  '} ; DROP ALL #',
  '"; DROP ALL # ',
  '> } } ; CLEAR ALL ; INSERT DATA { <urn:x> <urn:y> "z" } #',
  'emoji 🧵 and a family 👩‍👩‍👧, astral 𝔘𝔫𝔦',
  'right-to-left עברית and العربية mixed with LTR',
  '',
  '   padded   ',
  `a long one: ${'ab"\\\n'.repeat(2_000)}`,
];

interface OpenedStore {
  store: TripleStore;
  close(): Promise<void>;
}

function ntriplesOf(count: number, subject: (index: number) => string, predicate: string, object: (index: number) => string): string {
  const lines: string[] = [];
  for (let index = 0; index < count; index++) lines.push(ntriple(iri(subject(index)), iri(predicate), literal(object(index))));
  return `${lines.join('\n')}\n`;
}

const pad = (index: number) => String(index).padStart(6, '0');
/** The first characters of a string, never splitting a surrogate pair. */
const head = (value: string, length: number) => Array.from(value).slice(0, length).join('');
const bigLabel = (index: number) => `Occupation ${index} “${head(hostile[index % hostile.length]!, 40)}”`;

function storeContract(name: string, open: () => Promise<OpenedStore>): void {
  describe(`TripleStore contract: ${name}`, () => {
    let opened: OpenedStore;
    let store: TripleStore;
    const base = `https://og.test/contract/${crypto.randomBytes(4).toString('hex')}/`;
    const graph = (local: string) => `${base}graph/${local}`;
    const node = (local: string) => `${base}${local}`;

    beforeAll(async () => {
      opened = await open();
      store = opened.store;
    });
    afterAll(async () => opened?.close());

    it('round-trips insert, select, ask and construct in named graphs', async () => {
      await store.update(
        toQueryText(sparql`INSERT DATA {
          GRAPH ${iri(graph('a'))} { ${iri(node('c1'))} skos:prefLabel ${literal('Weaver')} ; skos:notation ${literal('7-54')} . ${iri(node('c2'))} skos:prefLabel ${literal('Tisserand', 'fr')} }
          GRAPH ${iri(graph('b'))} { ${iri(node('c1'))} skos:closeMatch ${iri(node('c2'))} }
        }`),
      );
      const rows = await store.select(
        toQueryText(sparql`SELECT ?g ?s ?p ?o WHERE { GRAPH ?g { ?s ?p ?o } VALUES ?g { ${iri(graph('a'))} ${iri(graph('b'))} } } ORDER BY ?g ?s ?p ?o`),
      );
      const simple = rows.map((row) => [row.g!.value, row.s!.value, row.p!.value, row.o!.type, row.o!.value, row.o!['xml:lang'] ?? null]);
      expect(simple).toEqual([
        [graph('a'), node('c1'), skos('notation'), 'literal', '7-54', null],
        [graph('a'), node('c1'), skos('prefLabel'), 'literal', 'Weaver', null],
        [graph('a'), node('c2'), skos('prefLabel'), 'literal', 'Tisserand', 'fr'],
        [graph('b'), node('c1'), skos('closeMatch'), 'uri', node('c2'), null],
      ]);
      expect(rows.every((row) => Object.values(row).every((term) => ['uri', 'literal', 'bnode'].includes(term.type)))).toBe(true);

      expect(await store.ask(toQueryText(sparql`ASK { GRAPH ${iri(graph('b'))} { ${iri(node('c1'))} skos:closeMatch ?x } }`))).toBe(true);
      expect(await store.ask(toQueryText(sparql`ASK { GRAPH ${iri(graph('a'))} { ${iri(node('c1'))} skos:closeMatch ?x } }`))).toBe(false);

      const constructed = await store.construct(toQueryText(sparql`CONSTRUCT { ?s ?p ?o } WHERE { GRAPH ${iri(graph('a'))} { ?s ?p ?o } }`));
      const quads = new Parser({ format: 'N-Triples' }).parse(constructed);
      expect(quads.map((quad) => `${quad.subject.value} ${quad.predicate.value} ${quad.object.value}`).sort()).toEqual([
        `${node('c1')} ${skos('notation')} 7-54`,
        `${node('c1')} ${skos('prefLabel')} Weaver`,
        `${node('c2')} ${skos('prefLabel')} Tisserand`,
      ]);

      // Typed values come back as SPARQL 1.1 JSON literals with their datatype.
      const [count] = await store.select(toQueryText(sparql`SELECT (COUNT(*) AS ?n) WHERE { GRAPH ${iri(graph('a'))} { ?s ?p ?o } }`));
      expect(count!.n).toEqual({ type: 'literal', value: '3', datatype: 'http://www.w3.org/2001/XMLSchema#integer' });
    });

    it('keeps hostile literals exactly, through update, loadGraph, select, construct and the dump', async () => {
      const viaUpdate = graph('hostile-update');
      const viaLoad = graph('hostile-load');
      const triples = hostile.map((value, index) => sparql`${iri(node(`h${index}`))} skos:prefLabel ${literal(value)} .`);
      await store.update(toQueryText(sparql`INSERT DATA { GRAPH ${iri(viaUpdate)} { ${triples.reduce((all, triple) => sparql`${all}\n${triple}`)} ${iri(node('rtl'))} skos:prefLabel ${literal('עברית', 'he')} } }`));
      await store.loadGraph(viaLoad, ntriplesOf(hostile.length, (index) => node(`h${index}`), skos('prefLabel'), (index) => hostile[index]!), { replace: true });

      for (const target of [viaUpdate, viaLoad]) {
        const rows = await store.select(toQueryText(sparql`SELECT ?s ?label WHERE { GRAPH ${iri(target)} { ?s skos:prefLabel ?label } } ORDER BY ?s`));
        const bySubject = new Map(rows.map((row) => [row.s!.value, row.label!]));
        hostile.forEach((value, index) => {
          const term = bySubject.get(node(`h${index}`));
          expect(term, `literal #${index} in ${target}`).toBeDefined();
          expect(term!.value, `literal #${index} in ${target}`).toBe(value);
          expect(term!.type).toBe('literal');
          expect(term!['xml:lang']).toBeUndefined();
        });
        const constructed = new Parser({ format: 'N-Triples' }).parse(
          await store.construct(toQueryText(sparql`CONSTRUCT { ?s ?p ?o } WHERE { GRAPH ${iri(target)} { ?s ?p ?o } }`)),
        );
        const constructedValues = new Map(constructed.map((quad) => [quad.subject.value, quad.object.value]));
        hostile.forEach((value, index) => expect(constructedValues.get(node(`h${index}`)), `constructed literal #${index}`).toBe(value));
      }
      const rtl = await store.select(toQueryText(sparql`SELECT ?label WHERE { GRAPH ${iri(viaUpdate)} { ${iri(node('rtl'))} skos:prefLabel ?label } }`));
      expect(rtl).toEqual([{ label: { type: 'literal', value: 'עברית', 'xml:lang': 'he' } }]);

      // A hostile value used as a query constant matches itself and nothing else.
      for (const value of hostile) {
        const found = await store.select(toQueryText(sparql`SELECT ?s WHERE { GRAPH ${iri(viaUpdate)} { ?s skos:prefLabel ${literal(value)} } }`));
        expect(found.map((row) => row.s!.value)).toEqual([node(`h${hostile.indexOf(value)}`)]);
      }

      let dump = '';
      for await (const chunk of store.dumpNQuads()) dump += chunk;
      const dumped = new Parser({ format: 'N-Quads' }).parse(dump).filter((quad) => quad.graph.value === viaLoad);
      const dumpedValues = new Map(dumped.map((quad) => [quad.subject.value, quad.object.value]));
      hostile.forEach((value, index) => expect(dumpedValues.get(node(`h${index}`)), `dumped literal #${index}`).toBe(value));
    });

    it('loads 12,000 triples with replace, swapping out the old content, and selects all 12,000 back (past the row cap)', async () => {
      const target = graph('big');
      await store.loadGraph(target, ntriplesOf(50, (index) => node(`old/${index}`), skos('prefLabel'), (index) => `old ${index}`), { replace: true });
      expect(await store.ask(toQueryText(sparql`ASK { GRAPH ${iri(target)} { ${iri(node('old/7'))} ?p ?o } }`))).toBe(true);
      const before = await store.countTriples();

      const count = 12_000;
      const started = performance.now();
      await store.loadGraph(target, ntriplesOf(count, (index) => node(`item/${pad(index)}`), skos('prefLabel'), bigLabel), { replace: true });
      const loadMs = performance.now() - started;

      expect(await store.ask(toQueryText(sparql`ASK { GRAPH ${iri(target)} { ${iri(node('old/7'))} ?p ?o } }`))).toBe(false);
      expect(await store.countTriples()).toBe(before - 50 + count);

      const selectStarted = performance.now();
      const rows = await store.select(toQueryText(sparql`SELECT ?s ?label WHERE { GRAPH ${iri(target)} { ?s skos:prefLabel ?label } } ORDER BY ?s`));
      const selectMs = performance.now() - selectStarted;
      expect(rows).toHaveLength(count);
      expect(new Set(rows.map((row) => row.s!.value)).size).toBe(count);
      rows.forEach((row, index) => {
        expect(row.s!.value).toBe(node(`item/${pad(index)}`));
        expect(row.label!.value).toBe(bigLabel(index));
      });
      console.log(`[${name}] loadGraph of ${count} triples: ${loadMs.toFixed(0)} ms; select of ${count} rows: ${selectMs.toFixed(0)} ms`);

      // Without replace, a load adds to what the graph holds.
      await store.loadGraph(target, ntriplesOf(3, (index) => node(`extra/${index}`), skos('prefLabel'), (index) => `extra ${index}`), { replace: false });
      expect(await store.countTriples()).toBe(before - 50 + count + 3);
    });

    it('reads a graph whole as N-Triples (past the row cap), literals exact, and an empty graph as nothing', async () => {
      const big = new Parser({ format: 'N-Triples' }).parse(await store.readGraph(graph('big')));
      expect(big).toHaveLength(12_003);
      expect(big.find((triple) => triple.subject.value === node(`item/${pad(42)}`))!.object.value).toBe(bigLabel(42));
      const read = new Parser({ format: 'N-Triples' }).parse(await store.readGraph(graph('hostile-load')));
      const values = new Map(read.map((triple) => [triple.subject.value, triple.object.value]));
      hostile.forEach((value, index) => expect(values.get(node(`h${index}`)), `literal #${index}`).toBe(value));
      expect(await store.readGraph(graph('never-written'))).toBe('');
    });

    it('loads a table of IRIs as the N-Triples it stands for, and refuses one naming a term that is no IRI', async () => {
      const target = graph('table');
      const table = new TripleTableBuilder(2);
      for (let index = 0; index < 3_000; index++) table.add(node(`table/${index % 700}`), skos(index % 2 ? 'exactMatch' : 'closeMatch'), node(`other/${index}`));
      await store.loadGraph(target, table.table(), { replace: false });
      const read = new Parser({ format: 'N-Triples' }).parse(await store.readGraph(target));
      expect(read).toHaveLength(3_000);
      expect(read.filter((triple) => triple.subject.value === node('table/5')).map((triple) => [triple.predicate.value, triple.object.value]).sort()).toEqual(
        [5, 705, 1405, 2105, 2805].map((index) => [skos('exactMatch'), node(`other/${index}`)]).sort(),
      );
      const before = await store.countTriples();
      const refused = new TripleTableBuilder(1);
      refused.add(node('fine'), skos('exactMatch'), 'not an IRI');
      await expect(store.loadGraph(target, refused.table(), { replace: false })).rejects.toBeInstanceOf(StoreSyntaxError);
      expect(await store.countTriples()).toBe(before);
      await store.update(toQueryText(sparql`DROP SILENT GRAPH ${iri(target)}`));
    });

    it('counts every triple of every graph', async () => {
      const before = await store.countTriples();
      const target = graph('count');
      await store.loadGraph(target, ntriplesOf(7, (index) => node(`count/${index}`), skos('notation'), (index) => `${index}`), { replace: true });
      await store.update(toQueryText(sparql`INSERT DATA { GRAPH ${iri(graph('count-2'))} { ${iri(node('count/0'))} skos:notation ${literal('0')} } }`));
      expect(await store.countTriples()).toBe(before + 8);
      await store.update(toQueryText(sparql`DROP SILENT GRAPH ${iri(target)} ; DROP SILENT GRAPH ${iri(graph('count-2'))}`));
      expect(await store.countTriples()).toBe(before);
    });

    it('dumps every quad as N-Quads that parse back to the same count', async () => {
      await store.loadGraph(graph('dump'), ntriplesOf(1_500, (index) => node(`dump/${index}`), skos('prefLabel'), (index) => `dump ${index}\n"${index}"`), { replace: true });
      let text = '';
      let chunks = 0;
      for await (const chunk of store.dumpNQuads()) {
        text += chunk;
        chunks++;
      }
      expect(chunks).toBeGreaterThan(0);
      const quads = new Parser({ format: 'N-Quads' }).parse(text);
      expect(quads.length).toBe(await store.countTriples());
      const dumpGraph = quads.filter((quad) => quad.graph.value === graph('dump'));
      expect(dumpGraph).toHaveLength(1_500);
      expect(dumpGraph.find((quad) => quad.subject.value === node('dump/42'))!.object.value).toBe('dump 42\n"42"');
    });

    it('takes concurrent updates, and each one lands', async () => {
      const target = graph('concurrent');
      await Promise.all(
        Array.from({ length: 40 }, (_, index) =>
          store.update(toQueryText(sparql`INSERT DATA { GRAPH ${iri(target)} { ${iri(node(`concurrent/${index}`))} skos:notation ${literal(String(index))} } }`)),
        ),
      );
      const rows = await store.select(toQueryText(sparql`SELECT ?s WHERE { GRAPH ${iri(target)} { ?s ?p ?o } } ORDER BY ?s`));
      expect(rows).toHaveLength(40);
    });

    it('answers malformed updates, queries and N-Triples with StoreSyntaxError, changing nothing', async () => {
      const target = graph('syntax');
      await store.loadGraph(target, ntriplesOf(3, (index) => node(`keep/${index}`), skos('notation'), (index) => `keep ${index}`), { replace: true });
      const before = await store.countTriples();

      await expect(store.update(`INSERT DATA { GRAPH <${target}> { <${node('a')}> <${skos('notation')}> } }`)).rejects.toBeInstanceOf(StoreSyntaxError);
      await expect(store.select('SELEC ?s WHERE { ?s ?p ?o }')).rejects.toBeInstanceOf(StoreSyntaxError);
      const badLoad = store.loadGraph(target, `<${node('fine')}> <${skos('notation')}> "fine" .\n<${node('broken')}> <${skos('notation')}> .\n`, { replace: true });
      await expect(badLoad).rejects.toBeInstanceOf(StoreSyntaxError);
      const bigBadLoad = `${ntriplesOf(1_200, (index) => node(`bad/${index}`), skos('notation'), (index) => `${index}`)}<${node('broken')}> "not a predicate" "x" .\n`;
      await expect(store.loadGraph(target, bigBadLoad, { replace: true })).rejects.toBeInstanceOf(StoreSyntaxError);

      expect(await store.countTriples()).toBe(before);
      const kept = await store.select(toQueryText(sparql`SELECT ?s WHERE { GRAPH ${iri(target)} { ?s ?p ?o } } ORDER BY ?s`));
      expect(kept.map((row) => row.s!.value)).toEqual([0, 1, 2].map((index) => node(`keep/${index}`)));

      await expect(store.loadGraph('not an IRI', '', { replace: true })).rejects.toBeInstanceOf(StoreError);
      const error = await store.update('DROP ALL GARBAGE').catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(StoreSyntaxError);
      expect((error as Error).message.length).toBeGreaterThan(10);
    });

    it('answers queryRaw with SPARQL JSON for SELECT and ASK, Turtle or N-Triples for CONSTRUCT', async () => {
      const target = graph('raw');
      await store.update(toQueryText(sparql`INSERT DATA { GRAPH ${iri(target)} { ${iri(node('r1'))} skos:prefLabel ${literal('raw "one"')} ; skos:notation ${literal('1')} } }`));

      const selected = await store.queryRaw(
        toQueryText(sparql`SELECT ?s ?label (STRLEN(?label) AS ?length) WHERE { GRAPH ${iri(target)} { ?s skos:prefLabel ?label } }`),
        'application/sparql-results+json',
      );
      expect(selected.contentType).toMatch(/^application\/sparql-results\+json/);
      const json = JSON.parse(selected.body) as { head: { vars: string[] }; results: { bindings: Bindings[] } };
      expect(json.head.vars).toEqual(['s', 'label', 'length']);
      expect(json.results.bindings).toEqual([
        {
          s: { type: 'uri', value: node('r1') },
          label: { type: 'literal', value: 'raw "one"' },
          length: { type: 'literal', value: '9', datatype: 'http://www.w3.org/2001/XMLSchema#integer' },
        },
      ]);

      const asked = await store.queryRaw(`ASK { GRAPH <${target}> { ?s ?p ?o } }`, 'application/sparql-results+json');
      expect(asked.contentType).toMatch(/^application\/sparql-results\+json/);
      expect((JSON.parse(asked.body) as { boolean: boolean }).boolean).toBe(true);

      const constructQuery = `# a comment first\nPREFIX skos: <${skos('')}>\nCONSTRUCT { ?s skos:prefLabel ?o } WHERE { GRAPH <${target}> { ?s skos:prefLabel ?o } }`;
      const asTurtle = await store.queryRaw(constructQuery, 'text/turtle');
      expect(asTurtle.contentType).toMatch(/^text\/turtle/);
      expect(new Parser({ format: 'Turtle' }).parse(asTurtle.body).map((quad) => quad.object.value)).toEqual(['raw "one"']);
      const asNTriples = await store.queryRaw(constructQuery, 'application/n-triples');
      expect(asNTriples.contentType).toMatch(/^application\/n-triples/);
      expect(new Parser({ format: 'N-Triples' }).parse(asNTriples.body).map((quad) => quad.object.value)).toEqual(['raw "one"']);

      await expect(store.queryRaw('SELECT * WHERE { ?s ?p }', 'application/sparql-results+json')).rejects.toBeInstanceOf(StoreSyntaxError);
    });

    it('rejects with StoreTimeoutError when a query runs past its time limit', async () => {
      const query = toQueryText(sparql`SELECT ?s ?label WHERE { GRAPH ${iri(graph('big'))} { ?s skos:prefLabel ?label } } ORDER BY DESC(?label)`);
      await expect(store.select(query, { timeoutMs: 0 })).rejects.toBeInstanceOf(StoreTimeoutError);
      await expect(store.select(query, { timeoutMs: 1 })).rejects.toBeInstanceOf(StoreTimeoutError);
      await expect(store.queryRaw(query, 'application/sparql-results+json', { timeoutMs: 1 })).rejects.toBeInstanceOf(StoreTimeoutError);
      // The same query with time to spare answers in full.
      expect(await store.select(query, { timeoutMs: 30_000 })).toHaveLength(12_003);
    });
  });
}

// ── the embedded store ─────────────────────────────────────────────────────────────────────

storeContract('embedded (Oxigraph, temp dir)', async () => {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'og-store-contract-'));
  const store = await EmbeddedStore.open({ directory: path.join(directory, 'store'), log: quiet });
  return {
    store,
    async close() {
      await store.close();
      // What was written survives a close and reopen.
      const reopened = await EmbeddedStore.open({ directory: path.join(directory, 'store'), log: quiet });
      const count = await reopened.countTriples();
      await reopened.close();
      fs.rmSync(directory, { recursive: true, force: true });
      expect(count).toBeGreaterThan(12_000);
    },
  };
});

// ── the HTTP adapter against a private Virtuoso ─────────────────────────────────────────────

let virtuoso: PrivateVirtuoso | undefined;
beforeAll(async () => {
  virtuoso = await startVirtuoso();
}, 240_000);
afterAll(async () => virtuoso?.stop());

storeContract('http (SPARQL 1.1 Protocol → Virtuoso 7)', async () => ({
  store: new HttpStore({ queryUrl: virtuoso!.queryUrl, updateUrl: virtuoso!.updateUrl, log: quiet }),
  close: async () => undefined,
}));

storeContract('http with Graph Store Protocol dumps (→ Virtuoso 7)', async () => ({
  store: new HttpStore({
    queryUrl: virtuoso!.queryUrl,
    updateUrl: virtuoso!.updateUrl,
    gspUrl: `http://127.0.0.1:${virtuoso!.httpPort}/sparql-graph-crud`,
    log: quiet,
  }),
  close: async () => undefined,
}));

describe('the HTTP adapter meets Virtuoso’s limits', () => {
  it('refuses a SELECT the server cut at its row cap instead of answering it short', async () => {
    const store = new HttpStore({ queryUrl: virtuoso!.queryUrl, updateUrl: virtuoso!.updateUrl, log: quiet });
    const graph = `https://og.test/cap/${crypto.randomBytes(4).toString('hex')}`;
    await store.loadGraph(graph, ntriplesOf(10_500, (index) => `${graph}/s${index}`, skos('notation'), (index) => `${index}`), { replace: true });
    // Unordered, it cannot be paged: Virtuoso answers 10,000 rows and flags the cut.
    await expect(store.select(`SELECT ?s WHERE { GRAPH <${graph}> { ?s ?p ?o } }`)).rejects.toThrow(/cut the result at 10000 rows/);
    // A LIMIT of exactly the cap is answered (Virtuoso flags it as cut all the same).
    expect(await store.select(`SELECT ?s WHERE { GRAPH <${graph}> { ?s ?p ?o } } LIMIT 10000`)).toHaveLength(10_000);
    // A CONSTRUCT is cut without a sign; one as long as the cap is refused all the same.
    await expect(store.construct(`CONSTRUCT { ?s ?p ?o } WHERE { GRAPH <${graph}> { ?s ?p ?o } }`)).rejects.toThrow(/cut the result/);
    // Ordered, it is paged past both of Virtuoso's 10,000-row limits (results and sorted slices).
    expect(await store.select(`SELECT ?s WHERE { GRAPH <${graph}> { ?s ?p ?o } } ORDER BY ?s`)).toHaveLength(10_500);
    // A page size above the server's cap is brought down to it.
    const bigPages = new HttpStore({ queryUrl: virtuoso!.queryUrl, updateUrl: virtuoso!.updateUrl, log: quiet, pageSize: 20_000 });
    expect(await bigPages.select(`SELECT ?s WHERE { GRAPH <${graph}> { ?s ?p ?o } } ORDER BY DESC(?s)`)).toHaveLength(10_500);
    await store.update(`DROP SILENT GRAPH <${graph}>`);
  });

  it('names an unreachable endpoint in its error', async () => {
    const store = new HttpStore({ queryUrl: 'http://127.0.0.1:9/sparql', updateUrl: 'http://127.0.0.1:9/sparql', log: quiet });
    await expect(store.ask('ASK {}')).rejects.toThrow(/Could not reach the SPARQL endpoint http:\/\/127\.0\.0\.1:9\/sparql/);
  });
});
