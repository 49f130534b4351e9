/**
 * The query replica's thread (./query-replica.ts): its own Oxigraph store, loaded with the main
 * store's quads and kept current with the same operations, answering one read-only query at a
 * time. A query that runs too long is not stopped here: the main thread ends this whole thread.
 */
import { parentPort } from 'node:worker_threads';
import oxigraph from 'oxigraph';
import { applyOperation } from './apply-operation.js';
import { mediaTypes } from './sparql-text.js';
import type { ReplicaAnswer, ReplicaRequest } from './query-replica.js';

const port = parentPort!;
const store = new oxigraph.Store();

function firstLine(error: unknown): string {
  const text = (error instanceof Error ? error.message : String(error)).split('\n')[0]!.trim();
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

port.on('message', (request: ReplicaRequest) => {
  if (request.type === 'load') {
    store.load(request.nquads, { format: mediaTypes.nQuads });
    return;
  }
  if (request.type === 'apply') {
    // The main store applied it already: it cannot fail here except by a fault of the replica, which the next query would show.
    applyOperation(store, request.operation);
    return;
  }
  let answer: ReplicaAnswer;
  try {
    const body = store.query(request.query, { results_format: request.format });
    if (typeof body !== 'string') answer = { type: 'error', id: request.id, kind: 'store', message: 'The store answered in an unexpected shape.' };
    else if (Buffer.byteLength(body) > request.maxBytes) answer = { type: 'error', id: request.id, kind: 'too-large', message: `${Buffer.byteLength(body)} bytes` };
    else answer = { type: 'answer', id: request.id, body };
  } catch (error) {
    answer = { type: 'error', id: request.id, kind: 'query', message: firstLine(error) };
  }
  port.postMessage(answer);
});
