import { PassThrough, type Readable } from 'node:stream';
import { DataFactory, StreamParser, StreamWriter } from 'n3';
import type { AppContext } from '../context.js';
import { ChunkBatcher } from '../lib/chunk-batcher.js';
import { prefixes } from '../sparql/sparql-builder.js';

/** The file name of an export: the timestamp plus the triple-store-export suffix (SPEC §7). */
export function exportFileName(now = new Date()): string {
  return `${now.toISOString().replace(/[:.]/g, '-')}-triple-store-export.ttl`;
}

/**
 * The whole store as Turtle, streamed (the triples of every graph of schemes and links, which
 * keep their IRIs, so the file re-imports into an empty store with the same count). A failure
 * half-way is logged and ends the stream with its error.
 */
export function exportStoreTurtle(app: Pick<AppContext, 'store' | 'schemes' | 'config' | 'log'>): Readable {
  const parser = new StreamParser({ format: 'application/n-quads' });
  const writer = new StreamWriter({ format: 'text/turtle', prefixes: { ...prefixes, og: app.config.baseIri } });
  const body = new PassThrough();
  // The edits graph is the app's own bookkeeping of edits under way, not data.
  const editsGraph = app.schemes.iris.editsGraph();
  parser.on('data', (quad) => {
    if (quad.graph.value !== editsGraph) writer.write(DataFactory.quad(quad.subject, quad.predicate, quad.object));
  });
  parser.on('end', () => writer.end());
  parser.on('error', (error) => body.destroy(error));
  writer.pipe(new ChunkBatcher()).pipe(body);
  (async () => {
    for await (const chunk of app.store.dumpNQuads()) {
      if (!parser.write(chunk)) await new Promise((resolve) => parser.once('drain', resolve));
    }
    parser.end();
  })().catch((error: Error) => {
    app.log.error('export failed', { error });
    body.destroy(error);
  });
  return body;
}
