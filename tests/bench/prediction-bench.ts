import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import Papa from 'papaparse';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { importScheme } from '../../api/src/schemes/import-scheme.js';
import type { JobRun } from '../../shared/src/contracts/jobs.js';
import type { PredictionEntryAnswer } from '../../shared/src/contracts/predictions.js';
import { HttpClient } from '../support/http-client.js';
import { JobSocket } from '../support/job-socket.js';
import { startTestEnvironment } from '../support/test-environment.js';
import { type BenchRow, percentile } from './bench-table.js';
import { formatSize, random } from './census-generator.js';
import { type CpuSpan, copyCpuNames, cpuMark, cpuRow, cpuSpan } from './machine-cpu.js';
import { measureSaveToNext } from './review-ui-bench.js';
import { uploadFileStreamed } from './streamed-upload.js';

const data = path.resolve(import.meta.dirname, '../../../shared/data');
const mib = 1024 ** 2;

/** Every real title of ../shared/data/titles, once. */
function realTitles(): string[] {
  const titles = new Set<string>();
  for (const file of fs.readdirSync(path.join(data, 'titles'))) {
    const parsed = Papa.parse<{ title?: string }>(fs.readFileSync(path.join(data, 'titles', file), 'utf8'), { header: true, skipEmptyLines: true });
    for (const row of parsed.data) if (row.title?.trim()) titles.add(row.title.trim());
  }
  return [...titles];
}

interface PredictionFile {
  path: string;
  bytes: number;
  rows: number;
  reused: boolean;
}

/**
 * A wide OccCANINE CSV (`row,inputs,hisco_k,prob_k,desc_k`, k = 1…5, as its `predict` writes) of
 * `rows` distinct titles made from the real titles (a real title, then the same with a numbered
 * variant, as record-level transcriptions give), real HISCO codes and names, and confidences
 * spread like a model's: most sure, some unsure; a third of the rows with more than one candidate.
 */
async function generatePredictionFile(rows: number, seed: number, log: (line: string) => void): Promise<PredictionFile> {
  const file = path.join(os.tmpdir(), 'og-bench', `predictions-${rows}-${seed}.csv`);
  if (fs.existsSync(file)) return { path: file, bytes: fs.statSync(file).size, rows, reused: true };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const titles = realTitles();
  const hisco = Papa.parse<{ code: string; label: string }>(fs.readFileSync(path.join(data, 'schemes/hisco.csv'), 'utf8'), { header: true, skipEmptyLines: true }).data.filter((row) => /^\d{5}$/.test(row.code));
  log(`  generating ${rows.toLocaleString('en')} predictions from ${titles.length.toLocaleString('en')} real titles and ${hisco.length.toLocaleString('en')} HISCO codes`);
  const next = random(seed);
  const quote = (text: string) => (/[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  const out = fs.createWriteStream(`${file}.part`);
  const header = ['row', 'inputs', ...[1, 2, 3, 4, 5].flatMap((k) => [`hisco_${k}`, `prob_${k}`, `desc_${k}`])].join(',');
  let chunk = `${header}\n`;
  for (let row = 0; row < rows; row++) {
    const title = titles[row % titles.length]!;
    const variant = Math.floor(row / titles.length);
    const roll = next();
    const best = roll < 0.6 ? 0.9 + next() * 0.1 : roll < 0.85 ? 0.5 + next() * 0.4 : next() * 0.5;
    const candidates = next() < 0.33 ? 2 + Math.floor(next() * 4) : 1;
    const cells: string[] = [];
    let prob = best;
    for (let k = 1; k <= 5; k++) {
      if (k > candidates) {
        cells.push('', '', 'No pred');
        continue;
      }
      const code = hisco[Math.floor(next() * hisco.length)]!;
      // The model writes HISCO codes as numbers: leading zeros gone, some as floats.
      cells.push(next() < 0.5 ? String(Number(code.code)) : `${Number(code.code)}.0`, prob.toFixed(8), quote(code.label));
      prob *= next() * 0.5;
    }
    chunk += `${row},${quote(`en[SEP]${variant ? `${title} ${variant}` : title}`)},${cells.join(',')}\n`;
    if (chunk.length > mib) {
      if (!out.write(chunk)) await new Promise((resolve) => out.once('drain', resolve));
      chunk = '';
    }
  }
  out.end(chunk);
  await new Promise((resolve) => out.once('finish', resolve));
  fs.renameSync(`${file}.part`, file);
  return { path: file, bytes: fs.statSync(file).size, rows, reused: false };
}

/** The import's phases in the order they run (a job's result keeps them in jsonb, which orders keys its own way). */
const phaseOrder = ['reading', 'reading wide rows', 'grouping', 'indexing for review', 'indexing', 'merging repeated titles', 'attaching', 'indexing after ready'];
const phaseRank = (phase: string) => {
  const at = phaseOrder.indexOf(phase);
  return at >= 0 ? at : phaseOrder.length + (phase.startsWith('indexing after ready:') ? 1 : 2);
};

/** This process's resident memory now (VmRSS), in bytes. */
function residentBytes(): number {
  const status = fs.readFileSync('/proc/self/status', 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

async function timedCalls(count: number, call: (index: number) => Promise<Response>): Promise<number[]> {
  const times: number[] = [];
  for (let index = 0; index < count; index++) {
    const started = performance.now();
    const response = await call(index);
    const body = await response.text();
    times.push(performance.now() - started);
    if (!response.ok) throw new Error(`bench call answered ${response.status}: ${body.slice(0, 500)}`);
  }
  return times;
}

/** The longest stretch a 10 ms timer ran late by (ms), and when it ended (`performance.now()`). */
interface Stall {
  ms: number;
  endedAt: number;
}

/** Watches how late a 10 ms timer runs, keeping the longest stretch: where the event loop's maximum delay happened. */
function sampleStalls(): { stop: () => Stall } {
  let longest: Stall = { ms: 0, endedAt: 0 };
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    if (now - last - 10 > longest.ms) longest = { ms: now - last - 10, endedAt: now };
    last = now;
  }, 10);
  return {
    stop: () => {
      clearInterval(timer);
      return longest;
    },
  };
}

type ImportMarks = { started: number; accepted: number; readyAt: number; phaseStarts: { at: number; phase: string }[] };

/** Where in the import a moment falls: seconds from the upload request, and the stretch (the upload, or the job's phase then). */
function placeOf(at: number, marks: ImportMarks): string {
  const phase = marks.phaseStarts.filter((start) => start.at <= at).at(-1)?.phase;
  const stretch = at <= marks.accepted ? 'the upload' : marks.readyAt && at >= marks.readyAt ? `after ready, phase ${phase ?? '?'}` : `phase ${phase ?? 'before the first progress event'}`;
  return `ended ${((at - marks.started) / 1000).toFixed(2)} s after the upload request (202 at ${((marks.accepted - marks.started) / 1000).toFixed(2)} s), in ${stretch}`;
}

/** Where in the import a stall ended. */
function stallPlace(stall: Stall, marks: ImportMarks): string {
  if (!stall.endedAt) return 'no stall measured';
  return `the longest late timer (${stall.ms.toFixed(0)} ms) ${placeOf(stall.endedAt, marks)}`;
}

export interface PredictionBenchResult {
  rows: BenchRow[];
  ratio: number;
}

/**
 * Prediction sets: a set of `rows` entries imported through `POST /api/predictions` (upload
 * request to set ready, its first entry reviewable; and to the job's end, all its indexes built)
 * against a plain COPY of the same file into a bare table; the event loop's longest delay; the memory the
 * all-in-one process grows by while its worker imports; progress events a second; then the review
 * API's p95 on that set at threshold 0.75: first/next/previous under each filter, search, save, counts.
 */
export async function benchPredictions(options: { rows: number; seed: number; log: (line: string) => void }): Promise<PredictionBenchResult> {
  const { log } = options;
  const file = await generatePredictionFile(options.rows, options.seed, log);
  log(`  ${file.reused ? 'reusing' : 'generated'} ${file.path}: ${formatSize(file.bytes)}`);

  const env = await startTestEnvironment({ workers: true, env: { LOG_LEVEL: 'error' } });
  const db = new pg.Client({ connectionString: env.config.databaseUrl });
  await db.connect();
  let socket: JobSocket | null = null;
  try {
    await importScheme(env.app.schemes, { scheme: 'hisco', text: fs.readFileSync(path.join(data, 'schemes/hisco.csv'), 'utf8'), format: 'csv', actorId: null });

    log('  baseline: COPY of the same file into a bare table');
    const columns = ['row bigint', 'inputs text', ...[1, 2, 3, 4, 5].flatMap((k) => [`hisco_${k} text`, `prob_${k} text`, `desc_${k} text`])];
    await db.query(`CREATE TABLE bench_prediction_copy (${columns.join(', ')})`);
    const copyStarted = performance.now();
    const copyCpuFrom = cpuMark();
    await pipeline(fs.createReadStream(file.path, { highWaterMark: mib }), db.query(copyFrom('COPY bench_prediction_copy FROM STDIN (FORMAT csv, HEADER true)')));
    const copySeconds = (performance.now() - copyStarted) / 1000;
    const copyCpu = cpuSpan(copyCpuFrom);
    await db.query('DROP TABLE bench_prediction_copy');
    await db.query('CHECKPOINT').catch(() => undefined);
    log(`  baseline: ${copySeconds.toFixed(1)} s`);

    const user = await env.addUser('bench-reviewer', 'member');
    const client = new HttpClient(env.url);
    if ((await client.login(user.username, user.password)).status !== 200) throw new Error('login failed');
    socket = new JobSocket(env.url, client.cookieHeader);
    await socket.connected();
    const progressAt: number[] = [];
    let finished: JobRun | null = null;
    let finishedAt = 0;
    const phaseStarts: { at: number; phase: string }[] = [];
    socket.socket.on('job:progress', (job: JobRun) => {
      const at = performance.now();
      progressAt.push(at);
      const phase = job.progress?.phase ?? '';
      if (phase !== phaseStarts.at(-1)?.phase) phaseStarts.push({ at, phase });
    });
    for (const event of ['job:completed', 'job:failed'] as const) {
      socket.socket.on(event, (job: JobRun) => {
        finished = job;
        finishedAt = performance.now();
      });
    }

    // The bench process is the all-in-one process here (api and workers in one): its event loop's longest delay during the import.
    const eventLoop = monitorEventLoopDelay({ resolution: 10 });
    eventLoop.enable();
    const stalls = sampleStalls();
    const rssBefore = residentBytes();
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, residentBytes())), 100);
    log(`  import: uploading ${formatSize(file.bytes)} to POST /api/predictions`);
    const started = performance.now();
    const importCpuFrom = cpuMark();
    const upload = await uploadFileStreamed(client, '/api/predictions', { path: file.path, bytes: file.bytes, name: 'bench-predictions.csv', type: 'text/csv' });
    const accepted = performance.now();
    if (upload.status !== 202) throw new Error(`POST /api/predictions answered ${upload.status}: ${upload.body.slice(0, 1_000)}`);
    const { predictionSetId, jobId } = JSON.parse(upload.body) as { predictionSetId: string; jobId: string };
    await socket.subscribe(jobId);
    // The set is reviewable once it is ready (its other indexes come after, while it is reviewed).
    let readyAt = 0;
    let readyCpu: CpuSpan | null = null;
    let firstEntryMs = 0;
    for (const deadline = Date.now() + 60 * 60_000; !finished; ) {
      if (Date.now() > deadline) throw new Error('The import did not finish within an hour');
      if (!readyAt) {
        const state = (await db.query<{ state: string }>('SELECT state FROM prediction_sets WHERE id = $1', [predictionSetId])).rows[0]?.state;
        if (state === 'ready') {
          readyAt = performance.now();
          readyCpu = cpuSpan(importCpuFrom);
          const first = await timedCalls(1, () => client.get(`/api/prediction-sets/${predictionSetId}/entries/_first?threshold=0.75&filter=unmapped`));
          firstEntryMs = first[0]!;
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const importCpu = cpuSpan(importCpuFrom);
    clearInterval(sampler);
    eventLoop.disable();
    const longestStall = stalls.stop();
    const job = finished as JobRun;
    if (job.state !== 'completed') throw new Error(`The import failed: ${job.error}`);
    const importSeconds = (finishedAt - started) / 1000;
    const readySeconds = ((readyAt || finishedAt) - started) / 1000;
    const eventLoopMaxMs = eventLoop.max / 1e6;
    const eventTimes = [accepted, ...progressAt.filter((at) => at >= accepted && at <= finishedAt), finishedAt];
    const gaps = eventTimes.map((at, index, all) => (index ? at - all[index - 1]! : 0));
    const longestGap = Math.max(...gaps) / 1000;
    const gapEnd = eventTimes[gaps.indexOf(Math.max(...gaps))]!;
    const gapPlace = placeOf(gapEnd, { started, accepted, readyAt, phaseStarts });
    const entries = Number((await db.query<{ total: string }>('SELECT total FROM prediction_sets WHERE id = $1', [predictionSetId])).rows[0]!.total);
    const phases = Object.entries((job.result as { phaseSeconds?: Record<string, number> }).phaseSeconds ?? {})
      .sort(([a], [b]) => phaseRank(a) - phaseRank(b))
      .map(([phase, seconds]) => `${phase} ${seconds.toFixed(1)} s`)
      .join(', ');
    log(`  import: reviewable after ${readySeconds.toFixed(1)} s, all indexes after ${importSeconds.toFixed(1)} s, ${entries.toLocaleString('en')} entries (${phases})`);

    // The review API on that set. Some entries below the threshold mapped first (the save measure).
    const threshold = 0.75;
    const base = `/api/prediction-sets/${predictionSetId}`;
    const entryPath = (string: string, filter: string) => `${base}/entries/${encodeURIComponent(string)}?threshold=${threshold}&filter=${filter}`;
    const read = async (pathName: string) => (await (await client.get(pathName)).json()) as PredictionEntryAnswer;
    const toSave: string[] = [];
    let cursor = (await read(`${base}/entries/_first?threshold=${threshold}&filter=all`)).predictionEntry;
    while (toSave.length < 300 && cursor.next) {
      toSave.push(cursor.string);
      for (let skip = 0; skip < 3 && cursor.next; skip++) cursor = (await read(entryPath(cursor.next, 'all'))).predictionEntry;
    }
    const save = await timedCalls(toSave.length, (index) =>
      client.post(`${base}/entries/${encodeURIComponent(toSave[index]!)}`, { mappings: { nodeURIs: ['hisco:61110'], predictionURIs: [], tags: [] }, nodeDetails: {} }),
    );

    const navigation: Record<string, { first: number[]; next: number[]; prev: number[] }> = {};
    for (const filter of ['all', 'mapped', 'unmapped'] as const) {
      const first = await timedCalls(30, () => client.get(`${base}/entries/_first?threshold=${threshold}&filter=${filter}`));
      const walked: string[] = [];
      let entry = (await read(`${base}/entries/_first?threshold=${threshold}&filter=${filter}`)).predictionEntry;
      const next: number[] = [];
      while (next.length < 150 && entry.next) {
        const started = performance.now();
        entry = (await read(entryPath(entry.next, filter))).predictionEntry;
        next.push(performance.now() - started);
        walked.push(entry.string);
      }
      const prev: number[] = [];
      while (prev.length < 150 && entry.prev) {
        const started = performance.now();
        entry = (await read(entryPath(entry.prev, filter))).predictionEntry;
        prev.push(performance.now() - started);
      }
      navigation[filter] = { first, next, prev };
    }

    const pool = realTitles();
    const seeded = random(options.seed + 1);
    const fragments = Array.from({ length: 100 }, () => {
      const title = pool[Math.floor(seeded() * pool.length)]!;
      const start = Math.floor(seeded() * Math.max(1, title.length - 6));
      return title.slice(start, start + 3 + Math.floor(seeded() * 4)).padEnd(3, 'e');
    });
    const search = await timedCalls(fragments.length, (index) => client.get(`${base}/_search?q=${encodeURIComponent(fragments[index]!)}&threshold=${threshold}&filter=all`));
    const counts = await timedCalls(100, (index) => client.get(`${base}?threshold=${((index * 37) % 100) / 100}`));

    log('  review screen: save and next in the browser');
    const slug = (await db.query<{ slug: string }>('SELECT slug FROM prediction_sets WHERE id = $1', [predictionSetId])).rows[0]!.slug;
    const saveToNext = await measureSaveToNext({ url: env.url, username: user.username, password: user.password, slug, saves: 40, readMs: 400 });

    const ratio = readySeconds / copySeconds;
    const allRatio = importSeconds / copySeconds;
    const p95 = (values: number[]) => `${percentile(values, 95).toFixed(1)} ms`;
    const verdict = (value: number, target: number) => (value <= target ? 'met' : 'MISSED');
    const importCpuNames = { own: 'the bench with the api and the workers', rest: "Postgres, the machine's other programs" };
    const rows: BenchRow[] = [
      { measure: 'Prediction file', value: formatSize(file.bytes), detail: `${file.rows.toLocaleString('en')} rows (wide OccCANINE CSV from the real titles and HISCO codes), seed ${options.seed}${file.reused ? ', reused' : ''}` },
      { measure: 'Import: first entry reviewable (upload request → set ready)', value: `${readySeconds.toFixed(1)} s`, detail: `${entries.toLocaleString('en')} entries; upload to 202 ${((accepted - started) / 1000).toFixed(1)} s; its first entry then answered in ${firstEntryMs.toFixed(0)} ms` },
      { measure: 'Import: all indexes built (upload request → job done)', value: `${importSeconds.toFixed(1)} s`, detail: phases },
      { measure: 'Plain COPY of the same file (baseline)', value: `${copySeconds.toFixed(1)} s`, detail: 'into a bare table of 17 text columns' },
      { measure: 'Reviewable/COPY (target ≤ 2.0)', value: ratio.toFixed(2), detail: verdict(ratio, 2) },
      { measure: 'All indexes/COPY (target ≤ 4.0)', value: allRatio.toFixed(2), detail: verdict(allRatio, 4) },
      cpuRow('Machine CPU of the COPY (baseline)', copyCpu, copySeconds, copyCpuNames),
      cpuRow('Machine CPU until the set is ready', readyCpu, copySeconds, importCpuNames),
      cpuRow('Machine CPU until all indexes are built', importCpu, copySeconds, importCpuNames),
      {
        measure: 'Event loop of the all-in-one process during the import (max, target ≤ 100 ms)',
        value: `${eventLoopMaxMs.toFixed(0)} ms`,
        detail: `${verdict(eventLoopMaxMs, 100)}; ${stallPlace(longestStall, { started, accepted, readyAt, phaseStarts })}`,
      },
      { measure: 'All-in-one process RSS growth during the import (target ≤ 400 MB)', value: `${((rssPeak - rssBefore) / mib).toFixed(0)} MB`, detail: `${verdict((rssPeak - rssBefore) / mib, 400)}; peak ${(rssPeak / mib).toFixed(0)} MB with the api, before ${(rssBefore / mib).toFixed(0)} MB` },
      { measure: 'Longest gap between progress events (target ≤ 1 s)', value: `${longestGap.toFixed(2)} s`, detail: `${verdict(longestGap, 1)}; ${progressAt.length} events; the longest ${gapPlace}` },
      ...(['all', 'mapped', 'unmapped'] as const).flatMap((filter) => {
        const figures = navigation[filter]!;
        const worst = Math.max(percentile(figures.first, 95), percentile(figures.next, 95), percentile(figures.prev, 95));
        return [
          {
            measure: `_first / next / previous, filter ${filter} (p95, target ≤ 20 ms)`,
            value: `${p95(figures.first)} / ${p95(figures.next)} / ${p95(figures.prev)}`,
            detail: `${verdict(worst, 20)}; ${figures.first.length} / ${figures.next.length} / ${figures.prev.length} calls`,
          },
        ];
      }),
      { measure: 'Search (p95, target ≤ 50 ms)', value: p95(search), detail: `${verdict(percentile(search, 95), 50)}; ${search.length} searches of 3–6 characters of real titles` },
      { measure: 'Save (p95, target ≤ 30 ms)', value: p95(save), detail: `${verdict(percentile(save, 95), 30)}; ${save.length} saves` },
      {
        measure: 'Review screen: Enter → next entry shown (p95, target ≤ 100 ms)',
        value: p95(saveToNext),
        detail: `${verdict(percentile(saveToNext, 95), 100)}; median ${percentile(saveToNext, 50).toFixed(1)} ms; ${saveToNext.length} saves by keyboard in Chromium (1, Enter), 400 ms of reading between them`,
      },
      { measure: 'Counts under a threshold (p95, target ≤ 20 ms)', value: p95(counts), detail: `${verdict(percentile(counts, 95), 20)}; ${counts.length} thresholds` },
    ];
    return { rows, ratio };
  } finally {
    socket?.close();
    await db.end();
    await env.close();
  }
}
