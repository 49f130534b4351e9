import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { csrfCookieName, csrfHeaderName } from '../../shared/src/contracts/auth.js';
import type { DatasetMetadataInput, DatasetSummary } from '../../shared/src/contracts/datasets.js';
import type { JobRun } from '../../shared/src/contracts/jobs.js';
import { HttpClient } from '../support/http-client.js';
import { JobSocket } from '../support/job-socket.js';
import { startTestEnvironment } from '../support/test-environment.js';
import type { BenchRow } from './bench-table.js';
import { type CensusFile, censusColumns, defaultCensusPath, formatSize, generateCensus } from './census-generator.js';
import { startWorkerProcess, type WorkerProcess } from '../support/worker-process.js';

const mib = 1024 ** 2;

export interface IngestBenchResult {
  rows: BenchRow[];
  /** Ingest seconds (upload request to dataset ready) / plain COPY seconds of the same file. */
  ratio: number;
}

/** Peak (VmHWM) and current (VmRSS) resident memory of a process, in bytes, from /proc. */
function memoryOf(pid: number): { peak: number; current: number } | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
    return { peak: kib('VmHWM'), current: kib('VmRSS') };
  } catch {
    return null;
  }
}

/** CPU seconds (user + system) a process has used, from /proc (clock ticks of 1/100 s). */
function cpuSecondsOf(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** POSTs the file as multipart/form-data (fields `metadata`, then `file`), streamed from disk with a known Content-Length. */
export async function uploadStreamed(client: HttpClient, file: CensusFile, metadata: DatasetMetadataInput): Promise<{ status: number; body: string }> {
  if (!client.cookies.has(csrfCookieName)) await client.get('/api/auth/csrf');
  const boundary = `----og-bench-${crypto.randomBytes(12).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="metadata"\r\nContent-Type: application/json\r\n\r\n${JSON.stringify(metadata)}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="census.csv"\r\nContent-Type: text/csv\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = Readable.from(
    (async function* () {
      yield head;
      yield* fs.createReadStream(file.path, { highWaterMark: mib });
      yield tail;
    })(),
  );
  return new Promise((resolve, reject) => {
    const request = http.request(`${client.baseUrl}/api/datasets`, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + file.bytes + tail.length),
        cookie: client.cookieHeader,
        [csrfHeaderName]: client.cookies.get(csrfCookieName)!,
      },
    });
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      response.on('error', reject);
    });
    request.on('error', reject);
    pipeline(body, request).catch(reject);
  });
}

/**
 * Progress events (timestamps, ms) between `start` and `end`: the count in each whole second
 * (min), the mean per second, and the longest silence (with the event that ended it, or null
 * when the silence ran to the end).
 */
function eventsPerSecond<T extends { at: number }>(events: T[], start: number, end: number): { min: number | null; mean: number; seconds: number; longestGap: number; gapEndedBy: T | null; gapStart: number } {
  const seconds = (end - start) / 1000;
  const windows = Math.floor(seconds);
  const counts = new Array<number>(windows).fill(0);
  for (const { at } of events) {
    const index = Math.floor((at - start) / 1000);
    if (index >= 0 && index < windows) counts[index]!++;
  }
  let longestGap = 0;
  let gapEndedBy: T | null = null;
  let gapStart = start;
  let previous = start;
  for (const event of [...events.filter(({ at }) => at >= start && at <= end), null]) {
    const at = event?.at ?? end;
    if (at - previous > longestGap) {
      longestGap = at - previous;
      gapEndedBy = event;
      gapStart = previous;
    }
    previous = at;
  }
  return { min: windows ? Math.min(...counts) : null, mean: events.length / Math.max(seconds, 1e-9), seconds, longestGap: longestGap / 1000, gapEndedBy, gapStart };
}

type DatasetFigures = Pick<DatasetSummary, 'state' | 'rowCount' | 'titleCount' | 'error' | 'ingest'>;

export async function readDataset(client: HttpClient, datasetId: string): Promise<DatasetFigures> {
  const response = await client.get(`/api/datasets/${datasetId}`);
  if (response.status !== 200) throw new Error(`GET /api/datasets/${datasetId} answered ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as Record<string, unknown>;
  return (body.dataset ?? body) as DatasetFigures;
}

/** The dataset's metadata for a generated census file: its title, code and totals columns. */
export function censusMetadata(title: string, seed: number): DatasetMetadataInput {
  return {
    title,
    titleColumn: censusColumns.title,
    codeColumn: censusColumns.code,
    scheme: 'hisco',
    totalsColumns: [...censusColumns.totals],
    language: 'en',
    provenance: `Generated by tests/bench/census-generator.ts (seed ${seed})`,
  };
}

/**
 * Checks what the dataset stores (once ready) against the generator's figures: rows, distinct
 * rows, occurrences and the three totals sums. Answers the dataset and each figure that differs.
 */
export async function checkStoredFigures(db: pg.Client, client: HttpClient, datasetId: string, file: CensusFile): Promise<{ dataset: DatasetFigures; mismatches: string[] }> {
  let dataset = await readDataset(client, datasetId);
  for (let tries = 0; dataset.state !== 'ready' && tries < 50; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    dataset = await readDataset(client, datasetId);
  }
  if (dataset.state !== 'ready') throw new Error(`The job completed but the dataset is ${dataset.state}: ${dataset.error}`);
  const sums = (
    await db.query<{ occurrences: string; t1: string; t2: string; t3: string; rows: string }>(
      'SELECT count(*) AS rows, sum(occurrences) AS occurrences, sum(totals[1]) AS t1, sum(totals[2]) AS t2, sum(totals[3]) AS t3 FROM dataset_titles WHERE dataset_id = $1',
      [datasetId],
    )
  ).rows[0]!;
  const checks = [
    ['rowCount', dataset.rowCount, file.rows],
    ['titleCount', dataset.titleCount, file.distinct],
    ['stored rows', Number(sums.rows), file.distinct],
    ['sum(occurrences)', Number(sums.occurrences), file.rows],
    ...censusColumns.totals.map((column, index) => [`sum(${column})`, Number([sums.t1, sums.t2, sums.t3][index]), file.totals[index]] as const),
  ] as const;
  return { dataset, mismatches: checks.filter(([, got, expected]) => got !== expected).map(([what, got, expected]) => `${what} ${got} ≠ ${expected}`) };
}

/**
 * Datasets: a census-like CSV (generated, default 1 GB) through the real upload endpoint and a
 * separate workers process, against a plain `COPY ... (FORMAT csv)` of the same file into a
 * bare table in the same database. Measures the worker's peak RSS and the progress events the
 * job's Socket.IO room receives per second, and checks the stored figures against the generator's.
 */
export async function benchIngest(options: { bytes: number; seed?: number; log?: (line: string) => void }): Promise<IngestBenchResult> {
  const benchStarted = performance.now();
  const log = options.log ?? ((line: string) => console.error(`[${((performance.now() - benchStarted) / 1000).toFixed(1).padStart(6)} s] ${line}`));
  const seed = options.seed ?? 42;
  log(`ingest bench: census file of ${formatSize(options.bytes)} (seed ${seed})`);
  const file = await generateCensus({ bytes: options.bytes, seed, outPath: defaultCensusPath(options.bytes, seed), log });
  log(`  ${file.reused ? 'reusing' : 'generated'} ${file.path}: ${file.rows.toLocaleString('en')} rows, ${file.distinct.toLocaleString('en')} distinct`);
  const megabytes = file.bytes / mib;

  const env = await startTestEnvironment({ env: { LOG_LEVEL: 'error' } });
  let worker: WorkerProcess | null = null;
  let socket: JobSocket | null = null;
  const db = new pg.Client({ connectionString: env.config.databaseUrl });
  await db.connect();
  try {
    // a) Baseline: the same file, COPY'd as it is into a bare table of the same database.
    log('  baseline: COPY into a bare table');
    await db.query('CREATE TABLE bench_copy (title text, code text, t1 bigint, t2 bigint, t3 bigint)');
    const loadBefore = os.loadavg()[0]!;
    const copyStarted = performance.now();
    await pipeline(fs.createReadStream(file.path, { highWaterMark: mib }), db.query(copyFrom('COPY bench_copy FROM STDIN (FORMAT csv, HEADER true)')));
    const copySeconds = (performance.now() - copyStarted) / 1000;
    log(`  baseline: ${copySeconds.toFixed(1)} s`);
    const copied = Number((await db.query<{ count: string }>('SELECT count(*) FROM bench_copy')).rows[0]!.count);
    await db.query('DROP TABLE bench_copy');
    await db.query('CHECKPOINT').catch(() => undefined); // the baseline's WAL is not the ingest's to flush

    // b) Our ingest: upload through the api (this process), the job in a separate workers process.
    log('  starting the workers process');
    // The worker shares the api's DATA_DIR (the upload path in the job points into it, and the job
    // removes the file when done), but the embedded triple store there belongs to the api process.
    // The ingest never reads the store, so the worker is pointed at a SPARQL endpoint that is never
    // called: the api's own port passes the start-up reachability check.
    const unusedSparql = `${env.url}/bench-unused-sparql`;
    worker = await startWorkerProcess(env, { SPARQL_QUERY_URL: `${unusedSparql}/query`, SPARQL_UPDATE_URL: `${unusedSparql}/update` });
    const workerPid = worker.child.pid!;
    const idle = memoryOf(workerPid);
    let peakSeen = idle?.peak ?? 0;
    const sampler = setInterval(() => {
      const memory = memoryOf(workerPid);
      if (memory) peakSeen = Math.max(peakSeen, memory.peak);
    }, 200);

    const user = await env.addUser('bench-ingest', 'member');
    const client = new HttpClient(env.url);
    const login = await client.login(user.username, user.password);
    if (login.status !== 200) throw new Error(`login answered ${login.status}`);
    socket = new JobSocket(env.url, client.cookieHeader);
    await socket.connected();
    const progressAt: { at: number; job: JobRun }[] = [];
    let finished: { at: number; event: 'job:completed' | 'job:failed'; job: JobRun } | null = null;
    socket.socket.on('job:progress', (job: JobRun) => progressAt.push({ at: performance.now(), job }));
    for (const event of ['job:completed', 'job:failed'] as const) {
      socket.socket.on(event, (job: JobRun) => {
        if (!finished || finished.job.id !== job.id) finished = { at: performance.now(), event, job };
      });
    }

    log(`  ingest: uploading ${formatSize(file.bytes)} to POST /api/datasets`);
    const metadata = censusMetadata(`Bench census ${formatSize(file.bytes)}`, seed);
    const started = performance.now();
    const cpuBefore = cpuSecondsOf(workerPid);
    const upload = await uploadStreamed(client, file, metadata);
    const accepted = performance.now();
    if (upload.status !== 202) throw new Error(`POST /api/datasets answered ${upload.status}: ${upload.body.slice(0, 2_000)}`);
    const { datasetId, jobId } = JSON.parse(upload.body) as { datasetId: string; jobId: string };
    const ack = await socket.subscribe(jobId);
    if (!ack.ok) throw new Error(`job:subscribe refused: ${JSON.stringify(ack)}`);
    log(`  ingest: upload stored in ${((accepted - started) / 1000).toFixed(1)} s; following job ${jobId}`);

    const deadline = Date.now() + Math.max(30 * 60_000, (file.bytes / mib) * 2_000);
    let lastLogged = 0;
    for (;;) {
      const done = finished as { at: number; event: string; job: JobRun } | null;
      if (done && done.job.id === jobId) break;
      if (worker.child.exitCode !== null || worker.child.signalCode !== null) throw new Error(`The workers process died during the ingest:\n${worker.output().slice(-4_000)}`);
      if (Date.now() > deadline) throw new Error(`The ingest did not finish in time; last progress ${JSON.stringify(progressAt.at(-1)?.job.progress)}`);
      if (performance.now() - lastLogged > 10_000) {
        lastLogged = performance.now();
        const progress = progressAt.filter((event) => event.job.id === jobId).at(-1)?.job.progress;
        if (progress) log(`    ${progress.phase} ${progress.unit === 'bytes' ? `${formatSize(progress.done)} of ${formatSize(progress.total ?? 0)}` : `${progress.done}/${progress.total ?? '?'}`} ${progress.message ?? ''}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const done = finished! as { at: number; event: string; job: JobRun };
    clearInterval(sampler);
    const workerMemory = memoryOf(workerPid);
    const cpuAfter = cpuSecondsOf(workerPid);
    const loadAfter = os.loadavg()[0]!;
    peakSeen = Math.max(peakSeen, workerMemory?.peak ?? 0);
    if (done.event === 'job:failed') throw new Error(`The ingest job failed: ${done.job.error}\n${worker.output().slice(-4_000)}`);
    const ingestSeconds = (done.at - started) / 1000;
    const jobSeconds = (done.at - accepted) / 1000;

    // Checks against the generator's figures (outside the timing).
    const stored = await checkStoredFigures(db, client, datasetId, file);
    const dataset = stored.dataset;
    const uploads = path.join(env.config.dataDir, 'uploads');
    const leftovers = async () => (await fs.promises.readdir(uploads).catch(() => [] as string[])).length;
    for (let tries = 0; (await leftovers()) > 0 && tries < 50; tries++) await new Promise((resolve) => setTimeout(resolve, 100));
    const uploadsLeft = await leftovers();
    const mismatches = [...stored.mismatches, ...(copied === file.rows ? [] : [`COPY rows ${copied} ≠ ${file.rows}`])];

    // Progress: events of this job between the 202 and completion, in whole seconds.
    const jobEvents = progressAt.filter((event) => event.job.id === jobId && event.at >= accepted && event.at <= done.at);
    const rate = eventsPerSecond(jobEvents, accepted, done.at);
    const gapProgress = rate.gapEndedBy?.job.progress;
    const gapWhere = `from ${((rate.gapStart - accepted) / 1000).toFixed(1)} s, ended by ${
      rate.gapEndedBy ? (gapProgress ? `'${gapProgress.phase}' ${gapProgress.unit === 'bytes' ? formatSize(gapProgress.done) : gapProgress.done}` : `'${rate.gapEndedBy.job.state}'`) : 'completion'
    }`;
    const phaseStarts: { phase: string; at: number }[] = [];
    for (const event of jobEvents) {
      const phase = event.job.progress?.phase;
      if (phase && phase !== phaseStarts.at(-1)?.phase) phaseStarts.push({ phase, at: event.at });
    }
    const phases = phaseStarts.map((entry, index) => `${entry.phase} ${(((phaseStarts[index + 1]?.at ?? done.at) - entry.at) / 1000).toFixed(1)} s`).join(', ');

    // c) The same file again, deleted while it is read: how soon the job stops (tests check that it does).
    log('  delete while ingesting: uploading again');
    const again = await uploadStreamed(client, file, { ...metadata, title: `${metadata.title} (deleted while read)` });
    if (again.status !== 202) throw new Error(`POST /api/datasets answered ${again.status}: ${again.body.slice(0, 2_000)}`);
    const second = JSON.parse(again.body) as { datasetId: string; jobId: string };
    await socket.subscribe(second.jobId);
    const reading = () => progressAt.some((event) => event.job.id === second.jobId && event.job.progress?.phase === 'reading' && event.job.progress.done > 0);
    for (const until = Date.now() + 120_000; !reading(); ) {
      if (Date.now() > until) throw new Error('The second ingest never started reading');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const deletedAt = performance.now();
    const deletion = await client.request('DELETE', `/api/datasets/${second.datasetId}`);
    if (deletion.status !== 204) throw new Error(`DELETE answered ${deletion.status}`);
    for (const until = Date.now() + 120_000; (finished as { job: JobRun } | null)?.job.id !== second.jobId; ) {
      if (Date.now() > until) throw new Error('The deleted ingest did not stop within 2 minutes');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const stopped = finished! as { at: number; job: JobRun };
    const stopSeconds = (stopped.at - deletedAt) / 1000;
    log(`  delete while ingesting: the job stopped ${stopSeconds.toFixed(2)} s after the DELETE`);

    const ratio = ingestSeconds / copySeconds;
    const mb = (bytes: number) => `${(bytes / mib).toFixed(0)} MB`;
    const rows: BenchRow[] = [
      { measure: 'File size', value: formatSize(file.bytes), detail: `${file.bytes.toLocaleString('en')} bytes, ${file.poolTitles.toLocaleString('en')} real titles, seed ${seed}${file.reused ? ', reused' : `, generated in ${file.seconds.toFixed(1)} s`}` },
      { measure: 'Rows', value: file.rows.toLocaleString('en'), detail: `dataset rowCount ${dataset.rowCount?.toLocaleString('en')}` },
      { measure: 'Distinct (title, code) rows', value: file.distinct.toLocaleString('en'), detail: `dataset titleCount ${dataset.titleCount?.toLocaleString('en')}` },
      { measure: 'Ingest (upload request → dataset ready)', value: `${ingestSeconds.toFixed(1)} s`, detail: `upload to 202: ${((accepted - started) / 1000).toFixed(1)} s, job: ${jobSeconds.toFixed(1)} s` },
      { measure: 'Ingest throughput', value: `${(megabytes / ingestSeconds).toFixed(1)} MB/s`, detail: `job alone: ${(megabytes / jobSeconds).toFixed(1)} MB/s` },
      { measure: 'Plain COPY of the same file (baseline)', value: `${copySeconds.toFixed(1)} s`, detail: `${(megabytes / copySeconds).toFixed(1)} MB/s into a bare table, ${copied.toLocaleString('en')} rows` },
      {
        measure: 'Worker CPU during the job',
        value: cpuBefore !== null && cpuAfter !== null ? `${(cpuAfter - cpuBefore).toFixed(1)} s` : '?',
        detail: `${cpuBefore !== null && cpuAfter !== null ? `${(((cpuAfter - cpuBefore) / jobSeconds) * 100).toFixed(0)} % of one core over the job; ` : ''}load average (1 min) ${loadBefore.toFixed(2)} before the COPY, ${loadAfter.toFixed(2)} after the ingest`,
      },
      { measure: 'Worker peak RSS (VmHWM, target ≤ 400 MB)', value: mb(peakSeen), detail: `idle before the job: ${idle ? mb(idle.current) : '?'}, at the end: ${workerMemory ? mb(workerMemory.current) : '?'}` },
      {
        measure: 'Progress events/s (target ≥ 1)',
        value: `min ${rate.min ?? 'n/a'}, mean ${rate.mean.toFixed(1)}`,
        detail: `${jobEvents.length} events over ${rate.seconds.toFixed(1)} s after the 202; longest gap ${rate.longestGap.toFixed(2)} s (${gapWhere})`,
      },
      { measure: 'Job phases', value: `${phaseStarts.length}`, detail: phases },
      {
        measure: "Ingest stops after its dataset's delete",
        value: `${stopSeconds.toFixed(2)} s`,
        detail: `DELETE while the job was reading → job ended ('${stopped.job.progress?.phase ?? stopped.job.state}'); ${(stopSeconds / jobSeconds * 100).toFixed(1)} % of a whole ingest of this file`,
      },
      { measure: 'Stored figures match the generator', value: mismatches.length ? 'NO' : 'yes', detail: `${mismatches.length ? mismatches.join('; ') : 'rows, distinct rows, occurrences and the three totals sums'}; upload file ${uploadsLeft ? 'NOT removed' : 'removed'}` },
    ];
    return { rows, ratio };
  } finally {
    socket?.close();
    await worker?.stop();
    await db.end().catch(() => undefined);
    await env.close();
  }
}
