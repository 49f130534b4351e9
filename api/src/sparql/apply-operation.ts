import crypto from 'node:crypto';
import oxigraph from 'oxigraph';
import type { Store as OxigraphStore } from 'oxigraph';
import { iri } from './sparql-builder.js';
import { mediaTypes } from './sparql-text.js';
import type { LogOperation } from './store-log.js';

/**
 * Applies one logged operation to an in-memory Oxigraph store: the same code runs live, on
 * replay of the update log, and in the query replica (./query-replica.ts), so all three hold the
 * same data.
 */
export function applyOperation(store: OxigraphStore, operation: LogOperation): void {
  if (operation.op === 'update') {
    store.update(operation.text);
    return;
  }
  const target = iri(operation.graph).text;
  const loadInto = (graph: string) => store.load(operation.text, { format: mediaTypes.nTriples, to_graph_name: oxigraph.namedNode(graph) });
  if (!operation.replace || !store.query(`ASK { GRAPH ${target} { ?s ?p ?o } }`)) {
    loadInto(operation.graph); // one transaction: all of it or (on a parse error) nothing
    return;
  }
  // Replace: load beside the old graph first (a parse error changes nothing), then swap. Both
  // steps run in one synchronous turn, so no reader sees a half-replaced graph.
  const temporary = `urn:og:embedded-load:${crypto.randomUUID()}`;
  loadInto(temporary);
  store.update(`DROP SILENT GRAPH ${target} ;\nADD SILENT GRAPH <${temporary}> TO GRAPH ${target} ;\nDROP SILENT GRAPH <${temporary}>`);
}
