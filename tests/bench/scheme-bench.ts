import fs from 'node:fs';
import path from 'node:path';
import oxigraph from 'oxigraph';
import { importScheme } from '../../api/src/schemes/import-scheme.js';
import { HttpClient } from '../support/http-client.js';
import { startTestEnvironment } from '../support/test-environment.js';
import { type BenchRow, median, timed } from './bench-table.js';

const seedDir = path.resolve(import.meta.dirname, '../../../shared/data/schemes');

/**
 * Schemes: import rate of the largest scheme against Oxigraph's own bulk load of the same
 * triples; tree endpoint cold and ETag-warm for PST2 and ESCO; export throughput.
 */
export async function benchSchemes(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const env = await startTestEnvironment({ env: { LOG_LEVEL: 'error' } });
  try {
    const admin = await env.addUser('bench', 'admin');
    const client = new HttpClient(env.url);
    await client.login(admin.username, admin.password);

    // Import every seed scheme; the largest (PST2, 4,133 codes) is measured against the bulk load.
    const files = fs.readdirSync(seedDir).filter((file) => file.endsWith('.csv'));
    for (const file of files) {
      const scheme = file.replace(/\.csv$/, '') as Parameters<typeof importScheme>[1]['scheme'];
      if (scheme === 'pst2') continue;
      await importScheme(env.app.schemes, { scheme, text: fs.readFileSync(path.join(seedDir, file), 'utf8'), format: 'csv', actorId: null });
    }
    const pst2 = fs.readFileSync(path.join(seedDir, 'pst2.csv'), 'utf8');
    const importMs = await timed(() => importScheme(env.app.schemes, { scheme: 'pst2', text: pst2, format: 'csv', actorId: null }));
    const codes = 4133;
    // Baseline: the same triples, loaded by Oxigraph's own bulk loader into a bare in-memory store.
    const ntriples = (await env.app.store.construct(`CONSTRUCT { ?s ?p ?o } WHERE { GRAPH <${env.app.schemes.iris.graph('pst2')}> { ?s ?p ?o } }`));
    const bulkMs = median(
      await Promise.all(
        [0, 1, 2].map(async () =>
          timed(async () => new oxigraph.Store().load(ntriples, { format: 'application/n-triples', to_graph_name: oxigraph.namedNode('http://bench/g') })),
        ),
      ),
    );
    rows.push({ measure: 'PST2 import (4,133 codes, validate + write + durable log)', value: `${Math.round(codes / (importMs / 1000))} codes/s`, detail: `${importMs.toFixed(0)} ms` });
    rows.push({ measure: 'Oxigraph bulk load of the same triples (baseline)', value: `${Math.round(codes / (bulkMs / 1000))} codes/s`, detail: `${bulkMs.toFixed(0)} ms` });
    rows.push({ measure: 'import / bulk-load ratio (target ≤ 3)', value: (importMs / bulkMs).toFixed(2), detail: '' });

    for (const scheme of ['pst2', 'esco'] as const) {
      const cold: number[] = [];
      let bytes = 0;
      let etag = '';
      for (let run = 0; run < 5; run++) {
        // A person's next edit comes seconds after the tree they looked at, not while the server
        // still compresses it in the background (which, on two cores, would be timed here too).
        if (run > 0) await new Promise((resolve) => setTimeout(resolve, 300));
        await env.app.schemes.revisions.bump(scheme); // invalidate: the next request rebuilds from the store
        cold.push(
          await timed(async () => {
            const response = await client.get(`/api/schemes/${scheme}/tree`);
            bytes = (await response.arrayBuffer()).byteLength;
            etag = response.headers.get('etag')!;
          }),
        );
      }
      const warm: number[] = [];
      for (let run = 0; run < 50; run++) {
        warm.push(await timed(async () => {
          const response = await client.get(`/api/schemes/${scheme}/tree`, { headers: { 'if-none-match': etag } });
          if (response.status !== 304) throw new Error(`expected 304, got ${response.status}`);
        }));
      }
      rows.push({ measure: `${scheme.toUpperCase()} tree, cold (target < 150 ms for ESCO)`, value: `${median(cold).toFixed(1)} ms`, detail: `${(bytes / 1024).toFixed(0)} KiB JSON` });
      rows.push({ measure: `${scheme.toUpperCase()} tree, ETag-warm 304 (target < 10 ms)`, value: `${median(warm).toFixed(2)} ms`, detail: '' });
    }

    let exportBytes = 0;
    const exportMs = await timed(async () => {
      const response = await client.get('/api/export');
      exportBytes = (await response.arrayBuffer()).byteLength;
    });
    rows.push({ measure: 'Export TTL (all seeded schemes)', value: `${(exportBytes / 1024 / 1024 / (exportMs / 1000)).toFixed(1)} MB/s`, detail: `${(exportBytes / 1024 / 1024).toFixed(1)} MB in ${exportMs.toFixed(0)} ms` });
  } finally {
    await env.close();
  }
  return rows;
}
