/**
 * The query replica's thread (./query-replica.ts): its own Oxigraph store, loaded from the main
 * store's snapshot and update log on disk and then kept current with the operations the main
 * store makes durable, answering one read-only query at a time. A query that runs too long is not
 * stopped here: the main thread ends this whole thread.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import oxigraph from 'oxigraph';
import { applyOperation } from './apply-operation.js';
import type { ReplicaAnswer, ReplicaRequest, ReplicaSource } from './query-replica.js';
import { mediaTypes } from './sparql-text.js';
import { readLogHeader, scanLog } from './store-log.js';
import { errorText } from './triple-store.js';

const port = parentPort!;
const store = new oxigraph.Store();

/** The main store's durable state: its snapshot, then its log's records up to `logBytes` (all of them durable, none torn). */
function load(source: ReplicaSource): void {
  const snapshot = path.join(source.directory, source.snapshotFile);
  if (fs.existsSync(snapshot)) {
    const content = fs.readFileSync(snapshot);
    const generation = /generation=(\d+)/.exec(content.subarray(0, Math.max(0, content.indexOf(0x0a))).toString('latin1'))?.[1];
    if (Number(generation) !== source.generation) throw new Error(`the snapshot is of generation ${generation}, not ${source.generation}`);
    store.load(content, { format: mediaTypes.nQuads });
  }
  const log = fs.readFileSync(path.join(source.directory, source.logFile)).subarray(0, source.logBytes);
  const header = readLogHeader(log);
  if (!header || header.generation !== source.generation) throw new Error(`the update log is not of generation ${source.generation}`);
  const scan = scanLog(log, header.length);
  if (scan.kind !== 'ok' || scan.tornBytes > 0) throw new Error('the update log could not be read whole');
  for (const operation of scan.operations) applyOperation(store, operation);
}

port.on('message', (request: ReplicaRequest) => {
  if (request.type === 'load') {
    try {
      load(request.source);
      port.postMessage({ type: 'loaded' } satisfies ReplicaAnswer);
    } catch (error) {
      port.postMessage({ type: 'load-failed', message: errorText(error) } satisfies ReplicaAnswer);
    }
    return;
  }
  if (request.type === 'apply') {
    // The main store applied it already: it cannot fail here but by a fault of the replica, which the next query shows.
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
    answer = { type: 'error', id: request.id, kind: 'query', message: errorText(error) };
  }
  port.postMessage(answer);
});
