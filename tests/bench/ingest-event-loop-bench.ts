import os from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { BenchRow } from './bench-table.js';
import { type CensusFile, censusRegimes, defaultCensusPath, formatSize, generateCensus } from './census-generator.js';
import { type EventLoopDelay, EventLoopProbe, eventLoopTargetMs, formatDelay, idleEventLoopRow } from './event-loop-probe.js';
import { censusMetadata, checkStoredFigures, readDataset, uploadStreamed } from './ingest-bench.js';

export interface IngestEventLoopResult {
  rows: BenchRow[];
  /** The longest the event loop was held during any of the ingests (ms). */
  max: number;
}

const mib = 1024 ** 2;

/**
 * Datasets in the all-in-one process (`npm start`: the api and the workers share one event loop):
 * the census file of each regime (repetitive titles, and individual ones with ~80 % of the pairs
 * distinct, which spills) uploaded and ingested there, one after the other, while the process's
 * event-loop delay is read from outside; beside the same process idle. Checks the stored figures.
 */
export async function benchIngestEventLoop(options: { bytes: number; seed?: number; log: (line: string) => void }): Promise<IngestEventLoopResult> {
  const { log } = options;
  const seed = options.seed ?? 42;
  const files: CensusFile[] = [];
  for (const regime of censusRegimes) {
    const file = await generateCensus({ bytes: options.bytes, seed, regime, outPath: defaultCensusPath(options.bytes, seed, regime), log });
    log(`  ${file.reused ? 'reusing' : 'generated'} ${file.path}: ${file.rows.toLocaleString('en')} rows, ${file.distinct.toLocaleString('en')} distinct`);
    files.push(file);
  }

  log('  all-in-one: starting node workers/dist/serve-all.js');
  const probe = await EventLoopProbe.start();
  const db = new pg.Client({ connectionString: probe.app.databaseUrl });
  await db.connect();
  try {
    const loadBefore = os.loadavg()[0]!;
    const idle = await probe.idle(5_000);
    log(`  all-in-one: idle ${formatDelay(idle)}`);
    const rows: BenchRow[] = [idleEventLoopRow(idle, loadBefore)];
    let max = 0;
    for (const file of files) {
      log(`  all-in-one: ingesting the ${file.regime} file (${formatSize(file.bytes)})`);
      const load = os.loadavg()[0]!;
      const started = await probe.reset();
      const upload = await uploadStreamed(probe.client, file, censusMetadata(`Bench census ${formatSize(file.bytes)}, ${file.regime} titles`, seed));
      if (upload.status !== 202) throw new Error(`POST /api/datasets answered ${upload.status}: ${upload.body.slice(0, 2_000)}`);
      const accepted = await probe.read(started);
      const { datasetId } = JSON.parse(upload.body) as { datasetId: string };
      const reading = await followIngest(probe, started, datasetId, file, log);
      const whole = await probe.read(started);
      const { mismatches } = await checkStoredFigures(db, probe.client, datasetId, file);
      log(`  all-in-one: ${file.regime} file ingested in ${whole.seconds.toFixed(1)} s; ${formatDelay(whole)}`);
      max = Math.max(max, whole.max);
      rows.push({
        measure: `Event-loop delay of the all-in-one process during the ingest (target ≤ ${eventLoopTargetMs} ms), ${file.regime} titles`,
        value: formatDelay(whole),
        detail:
          `${formatSize(file.bytes)}, ${file.rows.toLocaleString('en')} rows, ${file.distinct.toLocaleString('en')} distinct; ` +
          `upload request → ready ${whole.seconds.toFixed(1)} s (${(file.bytes / mib / whole.seconds).toFixed(1)} MB/s); ` +
          `until the 202 ${formatDelay(accepted)}, until the file was read ${reading ? formatDelay(reading) : '?'}; ` +
          `mean ${whole.mean.toFixed(1)} ms; load average (1 min) ${load.toFixed(2)} before, ${os.loadavg()[0]!.toFixed(2)} after; ` +
          `stored figures ${mismatches.length ? `DIFFER: ${mismatches.join('; ')}` : 'match'}`,
      });
    }
    return { rows, max };
  } finally {
    await db.end().catch(() => undefined);
    await probe.stop();
  }
}

/**
 * Polls the dataset (twice a second, as a page would) until its ingest is over; a failed one
 * throws. Answers the delay since `started` as it was when the job had read the file (what follows
 * is grouping and indexing, mostly Postgres's work), or null if the job was never seen past reading.
 */
async function followIngest(probe: EventLoopProbe, started: number, datasetId: string, file: CensusFile, log: (line: string) => void): Promise<EventLoopDelay | null> {
  const deadline = Date.now() + Math.max(30 * 60_000, (file.bytes / mib) * 5_000);
  let logged = performance.now();
  let reading: EventLoopDelay | null = null;
  for (;;) {
    const dataset = await readDataset(probe.client, datasetId);
    if (dataset.state === 'failed') throw new Error(`The ingest failed: ${dataset.error}\n${probe.app.output().slice(-4_000)}`);
    const phase = dataset.ingest.progress?.phase;
    if (!reading && phase && phase !== 'reading') reading = await probe.read(started);
    if (dataset.state !== 'ingesting') return reading;
    if (Date.now() > deadline) throw new Error(`The ingest of the ${file.regime} file did not finish in time`);
    if (performance.now() - logged > 10_000) {
      logged = performance.now();
      log('    still ingesting');
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
