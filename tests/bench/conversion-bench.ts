import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Papa from 'papaparse';
import { importScheme } from '../../api/src/schemes/import-scheme.js';
import { seedCrosswalks } from '../../api/src/links/seed-crosswalks.js';
import type { ConversionResult } from '../../shared/src/contracts/conversions.js';
import { jobIdFor } from '../../shared/src/jobs/job-kinds.js';
import { HttpClient } from '../support/http-client.js';
import { waitForJob } from '../support/jobs.js';
import { startTestEnvironment } from '../support/test-environment.js';
import type { BenchRow } from './bench-table.js';
import { random } from './census-generator.js';
import { uploadFileStreamed } from './streamed-upload.js';

const data = path.resolve(import.meta.dirname, '../../../shared/data');

/** A CSV of `rows` distinct (title, ESCO code) rows with two totals columns: ESCO's real labels with record-level variants. */
function conversionFile(rows: number, seed: number): { path: string; bytes: number; codes: number } {
  const labels = Papa.parse<Record<string, string>>(fs.readFileSync(path.join(data, 'titles/esco_occupation_labels_en.csv'), 'utf8'), { header: true, skipEmptyLines: true }).data;
  const file = path.join(os.tmpdir(), `og-bench-conversion-${rows}-${seed}.csv`);
  const next = random(seed);
  const lines = ['title,code,men,women'];
  for (let index = 0; index < rows; index++) {
    const label = labels[index % labels.length]!;
    lines.push(`"${label.title!.replace(/"/g, '""')} ${index}",${label.esco_code},${Math.floor(next() * 50)},${Math.floor(next() * 50)}`);
  }
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  return { path: file, bytes: fs.statSync(file).size, codes: new Set(labels.map((label) => label.esco_code)).size };
}

/**
 * Conversion at scale: a dataset of `rows` distinct ESCO-coded rows converted to ISCO-08
 * at depth 3 through the seeded ESCO→ISCO-08 crosswalk (request to result ready, the job's own
 * time), against a plain SQL join-and-group of the same rows against the same links in a table,
 * in the same run (target ≤ 2.0×).
 */
export async function benchConversion(options: { rows: number; seed: number; log: (line: string) => void }): Promise<{ rows: BenchRow[]; ratio: number }> {
  const { log } = options;
  const env = await startTestEnvironment({ workers: true, env: { LOG_LEVEL: 'error' } });
  try {
    for (const scheme of ['esco', 'isco08'] as const) {
      await importScheme(env.app.schemes, { scheme, text: fs.readFileSync(path.join(data, `schemes/${scheme}.csv`), 'utf8'), format: 'csv', actorId: null });
    }
    const user = await env.addUser('bench-converter', 'admin');
    const client = new HttpClient(env.url);
    if ((await client.login(user.username, user.password)).status !== 200) throw new Error('login failed');
    await seedCrosswalks(env.app);
    await waitForJob(client, jobIdFor('crosswalk.import', 'seed-esco-isco08'), 120_000);

    const file = conversionFile(options.rows, options.seed);
    log(`  conversion: ingesting ${options.rows.toLocaleString('en')} ESCO-coded rows`);
    const metadata = { title: 'Conversion bench', titleColumn: 'title', codeColumn: 'code', scheme: 'esco', totalsColumns: ['men', 'women'] };
    const uploaded = await uploadFileStreamed(client, '/api/datasets', { path: file.path, bytes: file.bytes, name: 'conversion.csv', type: 'text/csv' }, { metadata: JSON.stringify(metadata) });
    if (uploaded.status !== 202) throw new Error(`upload answered ${uploaded.status}: ${uploaded.body}`);
    const { datasetId, jobId } = JSON.parse(uploaded.body) as { datasetId: string; jobId: string };
    await waitForJob(client, jobId, 600_000);

    // The baseline: the same links in a plain table, lifted to depth 3 as the conversion does, joined and grouped in SQL.
    const crosswalk = Papa.parse<Record<string, string>>(fs.readFileSync(path.join(data, 'crosswalks/esco-isco08.csv'), 'utf8'), { header: true, skipEmptyLines: true }).data;
    await env.app.db.query('CREATE TABLE bench_links (source text COLLATE "C", target text)');
    await env.app.db.query('INSERT INTO bench_links SELECT s, t FROM unnest($1::text[], $2::text[]) AS u(s, t)', [crosswalk.map((row) => row.source_code), crosswalk.map((row) => row.target_code!.slice(0, 3))]);
    await env.app.db.query('ANALYZE bench_links');
    const baselineSql = `SELECT l.target, sum(t.occurrences), sum(t.totals[1]), sum(t.totals[2]) FROM dataset_titles t JOIN bench_links l ON l.source = t.code WHERE t.dataset_id = $1 GROUP BY l.target`;
    const baselineRuns: number[] = [];
    const conversionRuns: number[] = [];
    let result: ConversionResult | null = null;
    // Alternate the two, three times each, and compare the medians (caches warm for both alike).
    for (let round = 0; round < 3; round++) {
      const baselineStarted = performance.now();
      await env.app.db.query(baselineSql, [datasetId]);
      baselineRuns.push(performance.now() - baselineStarted);

      const started = performance.now();
      const response = await client.post(`/api/datasets/${datasetId}/conversions`, { targetScheme: 'isco08', targetDepth: 'root+2' });
      if (response.status !== 202) throw new Error(`conversion answered ${response.status}: ${await response.text()}`);
      const accepted = (await response.json()) as { conversionId: string; jobId: string };
      const job = await waitForJobQuickly(client, accepted.jobId);
      if (job !== 'completed') throw new Error(`conversion ${job}`);
      conversionRuns.push(performance.now() - started);
      result = (await (await client.get(`/api/conversions/${accepted.conversionId}/result`)).json()) as ConversionResult;
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const baseline = median(baselineRuns);
    const conversion = median(conversionRuns);
    const ratio = conversion / baseline;
    const summary = result!.conversion.summary!;
    log(`  conversion: ${(conversion / 1000).toFixed(2)} s, baseline ${(baseline / 1000).toFixed(2)} s`);
    return {
      ratio,
      rows: [
        { measure: 'Conversion, request to result ready (median of 3)', value: `${(conversion / 1000).toFixed(2)} s`, detail: `${options.rows.toLocaleString('en')} distinct rows, ${summary.sourceCodes.toLocaleString('en')} ESCO codes → ${result!.rows.length} ISCO-08 codes at depth 3` },
        { measure: 'Baseline: SQL join-and-group on a link table (median of 3)', value: `${(baseline / 1000).toFixed(2)} s`, detail: 'the same rows, the crosswalk lifted to depth 3 in a plain table' },
        { measure: 'Conversion / baseline (target ≤ 2.0)', value: ratio.toFixed(2), detail: ratio <= 2 ? 'met' : 'missed' },
        {
          measure: 'Totals add up',
          value: summary.converted.occurrences + summary.notConverted.reduce((sum, entry) => sum + entry.occurrences, 0) === summary.dataset.occurrences ? 'yes' : 'NO',
          detail: `${summary.converted.occurrences.toLocaleString('en')} converted + ${summary.notConverted.reduce((sum, entry) => sum + entry.occurrences, 0).toLocaleString('en')} not = ${summary.dataset.occurrences.toLocaleString('en')} rows`,
        },
      ],
    };
  } finally {
    await env.close();
  }
}

/** Polls the job every 20 ms (the bench's clock should not wait on a slow poll). */
async function waitForJobQuickly(client: HttpClient, jobId: string): Promise<string> {
  for (;;) {
    const job = (await (await client.get(`/api/jobs/${encodeURIComponent(jobId)}`)).json()) as { state: string };
    if (job.state === 'completed' || job.state === 'failed') return job.state;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
