import { type Database, inTransaction } from '../db/database.js';
import { copyLinkRecords, type LinkMaker, type WeightedLinkEnds } from '../db/queries/link-records.js';
import type { SchemeContext } from '../schemes/scheme-context.js';
import { type TripleTable, TripleTableBuilder } from '../sparql/triple-table.js';
import { forEachIriTriple, relationOfIri, type StoredLink } from './link-queries.js';

/**
 * Writing a crosswalk set's links at once (a `crosswalk.import`, the chained links of a pair):
 * one bulk load into the pair's graph beside one INSERT of their records, rather than one recorded
 * edit per link. The caller holds both schemes' locks and bumps their revisions after.
 */

/** The links a pair's graph holds, each as `first second` and as `second first` (their IRIs). */
export async function existingLinks(schemes: SchemeContext, graph: string): Promise<Set<string>> {
  const text = await schemes.store.readGraph(graph);
  const existing = new Set<string>();
  forEachIriTriple(text, (subjectStart, subjectEnd, predicateStart, predicateEnd, objectStart, objectEnd) => {
    if (!relationOfIri(text.slice(predicateStart, predicateEnd))) return;
    const subject = text.slice(subjectStart, subjectEnd);
    const object = text.slice(objectStart, objectEnd);
    existing.add(`${subject} ${object}`).add(`${object} ${subject}`);
  });
  return existing;
}

/** The links as a table of their IRIs (codes and relations each named once), which the store writes out as N-Triples. */
function linkTable(links: StoredLink[]): TripleTable {
  const table = new TripleTableBuilder(links.length);
  const relations = new Map<string, string>();
  for (const link of links) {
    let relation = relations.get(link.relation);
    if (relation === undefined) relations.set(link.relation, (relation = `http://www.w3.org/2004/02/skos/core#${link.relation}`));
    table.add(link.first, relation, link.second);
  }
  return table.table();
}

/**
 * Loads the links into the pair's graph and records when they were made, the two at once: the
 * store loads them (on its own thread, or its server) while the records' COPY runs in Postgres.
 * The records are committed only once the load is durable. Side by side, the two take about the
 * time of one. Links that have a record keep it.
 */
export async function writeSetLinks(schemes: SchemeContext, db: Database, graph: string, links: (StoredLink & WeightedLinkEnds)[], maker: LinkMaker): Promise<void> {
  await inTransaction(db, async (client) => {
    // The triples first, so the store loads them while this thread makes the records' COPY lines.
    const loading = schemes.store.loadGraph(graph, linkTable(links), { replace: false });
    loading.catch(() => undefined); // awaited below
    const recorded = copyLinkRecords(client, links, maker);
    const [load, record] = await Promise.allSettled([loading, recorded]);
    if (load.status === 'rejected') throw load.reason;
    if (record.status === 'rejected') throw record.reason;
  });
}
