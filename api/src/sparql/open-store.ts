import path from 'node:path';
import type { Config } from '../config/config.js';
import type { Logger } from '../lib/log.js';
import { EmbeddedStore } from './embedded-store.js';
import { HttpStore } from './http-store.js';
import type { TripleStore } from './triple-store.js';

/**
 * The triple store the config asks for: the embedded Oxigraph store under `DATA_DIR/store` when no
 * SPARQL endpoint is configured, otherwise the SPARQL 1.1 Protocol adapter for that endpoint.
 */
export async function openStore(config: Config, log: Logger): Promise<TripleStore> {
  if (!config.sparql) {
    return EmbeddedStore.open({ directory: path.join(config.dataDir, 'store'), log: log.child('store') });
  }
  log.info('using the SPARQL store', { query: redacted(config.sparql.queryUrl), update: redacted(config.sparql.updateUrl) });
  return new HttpStore({ ...config.sparql, log: log.child('sparql') });
}

function redacted(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}
