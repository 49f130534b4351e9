import { type Database, inTransaction } from '../db/database.js';
import { copyLinkRecords, type LinkMaker, type WeightedLinkEnds } from '../db/queries/link-records.js';
import type { SchemeContext } from '../schemes/scheme-context.js';
import { iri } from '../sparql/sparql-builder.js';
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

/** Links whose N-Triples lines are made in one turn of the event loop. */
const triplesPerTurn = 2_500;

/**
 * The links as N-Triples lines, each written from one template: each code's `<IRI>` is checked
 * and made once, however many links it has (and a link's first code once for the run of links
 * that share it, as the records' key order has them), each relation's once. Made
 * {@link triplesPerTurn} links at a time, the event loop let run between: 100,000 links are 16 MB
 * of text.
 */
async function linkTriples(links: StoredLink[]): Promise<string> {
  const terms = new Map<string, string>();
  const term = (value: string) => {
    let text = terms.get(value);
    if (text === undefined) terms.set(value, (text = iri(value).text));
    return text;
  };
  const relations = new Map<string, string>();
  const relation = (name: string) => {
    let text = relations.get(name);
    if (text === undefined) relations.set(name, (text = iri(`http://www.w3.org/2004/02/skos/core#${name}`).text));
    return text;
  };
  let first = '';
  let firstTerm = '';
  const parts: string[] = [];
  for (let start = 0; start < links.length; start += triplesPerTurn) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    let text = '';
    for (let index = start, end = Math.min(start + triplesPerTurn, links.length); index < end; index++) {
      const link = links[index]!;
      if (link.first !== first) firstTerm = term((first = link.first));
      text += `${firstTerm} ${relation(link.relation)} ${term(link.second)} .\n`;
    }
    parts.push(text);
  }
  return parts.join('');
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
    const triples = await linkTriples(links);
    const loading = schemes.store.loadGraph(graph, triples, { replace: false });
    loading.catch(() => undefined); // awaited below
    const recorded = copyLinkRecords(client, links, maker);
    const [load, record] = await Promise.allSettled([loading, recorded]);
    if (load.status === 'rejected') throw load.reason;
    if (record.status === 'rejected') throw record.reason;
  });
}
