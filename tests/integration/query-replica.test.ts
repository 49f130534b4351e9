import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EmbeddedStore } from '../../api/src/sparql/embedded-store.js';

const json = 'application/sparql-results+json';
const countQuery = 'SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } }';
const directories: string[] = [];
afterEach(() => {
  for (const directory of directories.splice(0)) fs.rmSync(directory, { recursive: true, force: true });
});

async function openStore(options: { compactAfterBytes?: number } = {}): Promise<EmbeddedStore> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'og-replica-'));
  directories.push(directory);
  return EmbeddedStore.open({ directory, ...options });
}

/** The count of triples as a read-only query on the replica answers it. */
async function replicaCount(store: EmbeddedStore): Promise<number> {
  const answer = await store.queryRaw(countQuery, json, { timeoutMs: 10_000 });
  return Number((JSON.parse(answer.body) as { results: { bindings: { n: { value: string } }[] } }).results.bindings[0]!.n.value);
}

const insert = (index: number) => `INSERT DATA { GRAPH <urn:g:${index % 3}> { <urn:s:${index}> <urn:p> "value ${index} ${'x'.repeat(200)}" } }`;

describe('the query replica of the embedded store', () => {
  it('starts from the snapshot and the log, and follows every acknowledged write, across compactions', async () => {
    const store = await openStore({ compactAfterBytes: 4_096 });
    for (let index = 0; index < 30; index++) await store.update(insert(index));
    await store.compact();
    for (let index = 30; index < 40; index++) await store.update(insert(index)); // in the log, after the snapshot
    expect(await replicaCount(store)).toBe(40);

    // Writes (each compacting the store now and then) and reads at once: every read sees at least what was acknowledged before it.
    const writes: Promise<void>[] = [];
    for (let index = 40; index < 140; index++) {
      writes.push(store.update(insert(index)));
      if (index % 20 === 0) {
        await Promise.all(writes.splice(0));
        expect(await replicaCount(store)).toBe(index + 1);
      }
    }
    await Promise.all(writes);
    expect(await replicaCount(store)).toBe(await store.countTriples());
    expect(await store.countTriples()).toBe(140);
    await store.close();
  });

  it('comes back for the next query after one passed its deadline', async () => {
    const store = await openStore();
    for (let index = 0; index < 300; index++) await store.update(insert(index));
    const runaway = store.queryRaw('SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?a { ?s ?p ?o } GRAPH ?b { ?t ?q ?r } GRAPH ?c { ?u ?v ?w } GRAPH ?d { ?x ?y ?z } }', json, { timeoutMs: 500 });
    await expect(runaway).rejects.toThrow('The query took longer than 500 ms.');
    await store.update(insert(300));
    expect(await replicaCount(store)).toBe(301);
    await store.close();
  });
});
