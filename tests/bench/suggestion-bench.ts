import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Papa from 'papaparse';
import { seedCrosswalks, seedFiles } from '../../api/src/links/seed-crosswalks.js';
import { importScheme } from '../../api/src/schemes/import-scheme.js';
import type { LinkSuggestions } from '../../shared/src/contracts/link-suggestions.js';
import type { CrosswalkSets } from '../../shared/src/contracts/links.js';
import { type SchemeId, schemeById } from '../../shared/src/domain/schemes.js';
import { jobIdFor } from '../../shared/src/jobs/job-kinds.js';
import type { StoredSuggestion } from '../../api/src/db/queries/link-suggestions.js';
import { evidenceTrust } from '../../workers/src/link-suggestions/combine-evidence.js';
import { gatherSuggestionEvidence, rankSuggestions } from '../../workers/src/link-suggestions/suggest-links.js';
import { HttpClient } from '../support/http-client.js';
import { waitForJob } from '../support/jobs.js';
import { startTestEnvironment, type TestEnvironment } from '../support/test-environment.js';

const data = path.resolve(import.meta.dirname, '../../../shared/data');

/** The held-out pairs: a published crosswalk each, its own set removed from the store before suggesting. */
const heldOut = [
  { source: 'soc2020', target: 'isco08', file: 'soc2020-isco08.csv', by: 'the ONS pairs' },
  { source: 'esco', target: 'onet', file: 'esco-onet.csv', by: "the EC's pairs" },
] as const satisfies readonly { source: SchemeId; target: SchemeId; file: string; by: string }[];

/** Source code → its target codes in a published crosswalk. */
function publishedPairs(file: string): Map<string, Set<string>> {
  const rows = Papa.parse<Record<string, string>>(fs.readFileSync(path.join(data, 'crosswalks', file), 'utf8'), { header: true, skipEmptyLines: true }).data;
  const pairs = new Map<string, Set<string>>();
  for (const row of rows) {
    const source = row.source_code?.trim();
    const target = row.target_code?.trim();
    if (source && target) pairs.set(source, (pairs.get(source) ?? new Set()).add(target));
  }
  return pairs;
}

/** Candidates per source code, best first. */
type Ranked = Map<string, string[]>;

const rankedOfAnswer = (answer: LinkSuggestions): Ranked => new Map(Object.entries(answer.codes).map(([code, candidates]) => [code, candidates.map((candidate) => candidate.code)]));

function rankedOfRows(rows: readonly StoredSuggestion[]): Ranked {
  const ranked: Ranked = new Map();
  for (const row of rows) ranked.set(row.sourceCode, [...(ranked.get(row.sourceCode) ?? []), row.targetCode]);
  return ranked;
}

/**
 * Against a published crosswalk, over its source codes: precision of the first candidate (its
 * first candidate is one of the code's published targets; a code without candidates counts as
 * wrong) and recall of the first five (published pairs found among the code's first five).
 */
function quality(ranked: Ranked, published: Map<string, Set<string>>): { precision: number; recall: number; codes: number; pairs: number; covered: number } {
  let right = 0;
  let found = 0;
  let pairs = 0;
  let covered = 0;
  for (const [source, targets] of published) {
    const candidates = ranked.get(source) ?? [];
    if (candidates.length) covered++;
    if (candidates[0] !== undefined && targets.has(candidates[0])) right++;
    const firstFive = new Set(candidates.slice(0, 5));
    for (const target of targets) if (firstFive.has(target)) found++;
    pairs += targets.size;
  }
  return { precision: right / published.size, recall: found / pairs, codes: published.size, pairs, covered };
}

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

async function post(client: HttpClient, url: string, body: unknown): Promise<{ jobId: string }> {
  const response = await client.post(url, body);
  if (response.status !== 202) throw new Error(`POST ${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { jobId: string };
}

/** Removes the seeded sets of a pair (the crosswalk.remove-set job of each), as an admin would. */
async function removeSets(client: HttpClient, pair: { source: SchemeId; target: SchemeId }): Promise<number> {
  const response = await client.get(`/api/crosswalks/sets?schemes=${pair.source},${pair.target}`);
  const { sets } = (await response.json()) as CrosswalkSets;
  for (const set of sets) {
    const removal = await client.request('DELETE', `/api/crosswalks/sets/${set.id}`);
    if (removal.status !== 202) throw new Error(`removing the set ${set.id} answered ${removal.status}`);
    await waitForJob(client, ((await removal.json()) as { jobId: string }).jobId, 300_000);
  }
  return sets.length;
}

async function runSuggestions(client: HttpClient, pair: { source: SchemeId; target: SchemeId; all?: boolean }, onSample?: () => void): Promise<{ ms: number; answer: LinkSuggestions }> {
  const started = performance.now();
  const { jobId } = await post(client, '/api/links/suggestions', pair);
  const sampler = onSample ? setInterval(onSample, 100) : null;
  try {
    const job = await waitForJob(client, jobId, 600_000);
    if (job.state !== 'completed') throw new Error(`suggestions ${pair.source}→${pair.target} ended ${job.state}: ${job.error}`);
  } finally {
    if (sampler) clearInterval(sampler);
  }
  const ms = performance.now() - started;
  const answer = (await (await client.get(`/api/links/suggestions?source=${pair.source}&target=${pair.target}`)).json()) as LinkSuggestions;
  return { ms, answer };
}

/**
 * Link suggestions (issue 31): quality on held-out crosswalks and speed. In a store with the real
 * schemes and the seeded crosswalks, the SOC 2020→ISCO-08 and ESCO→O*NET sets are removed, the job
 * suggests for each pair, and its candidates are compared with the published pairs (precision of
 * the first candidate, recall of the first five). Each kind of evidence alone is scored the same
 * way (the same evidence, ranked with the other kinds' trust set to 0), which is how the weights of
 * the combined score are chosen. Then ESCO → ISCO-08 for every leaf (`all`) is timed, request to
 * candidates stored, with the process's peak RSS (api, workers and embedded store in one process,
 * the coder's thread included).
 */
export async function benchSuggestions(options: { log: (line: string) => void }): Promise<{ quality: string[][]; speed: string[][] }> {
  const { log } = options;
  const env: TestEnvironment = await startTestEnvironment({ workers: true, env: { LOG_LEVEL: 'error' } });
  try {
    const schemes: SchemeId[] = ['soc2020', 'isco08', 'esco', 'onet', 'hisco', 'occ1950'];
    for (const scheme of schemes) {
      await importScheme(env.app.schemes, { scheme, text: fs.readFileSync(path.join(data, `schemes/${scheme}.csv`), 'utf8'), format: 'csv', actorId: null });
    }
    const user = await env.addUser('bench-suggester', 'admin');
    const client = new HttpClient(env.url);
    if ((await client.login(user.username, user.password)).status !== 200) throw new Error('login failed');
    log('  suggestions: seeding the crosswalks');
    await seedCrosswalks(env.app);
    for (const { source, target } of seedFiles(path.join(data, 'crosswalks'))) {
      if (schemes.includes(source) && schemes.includes(target)) await waitForJob(client, jobIdFor('crosswalk.import', `seed-${source}-${target}`), 600_000);
    }
    const qualityRows: string[][] = [];
    for (const pair of heldOut) {
      const removed = await removeSets(client, pair);
      if (removed === 0) throw new Error(`The seeded ${pair.file} set is not in the store: its pairs would not be held out of anything.`);
      log(`  suggestions: ${pair.source}→${pair.target}, ${removed} seeded set(s) removed`);
      const published = publishedPairs(pair.file);
      const { ms, answer } = await runSuggestions(client, pair);
      const label = `${schemeById(pair.source).label} → ${schemeById(pair.target).label}`;
      const combined = quality(rankedOfAnswer(answer), published);
      qualityRows.push([label, 'combined (the job)', percent(combined.precision), percent(combined.recall), `${combined.covered} of ${combined.codes}`, `${(ms / 1000).toFixed(1)} s; against ${pair.by} (${combined.pairs} pairs)`]);
      // The same evidence, each kind alone.
      const table = await gatherSuggestionEvidence({ db: env.app.db, schemes: env.app.schemes, seedDir: env.app.config.seedDir }, { source: pair.source, target: pair.target, all: false, viewer: { id: user.id, role: 'admin' } });
      for (const kind of Object.keys(evidenceTrust) as (keyof typeof evidenceTrust)[]) {
        const trust = { name: 0, titles: 0, coder: 0, chain: 0, [kind]: evidenceTrust[kind] };
        const alone = quality(rankedOfRows(rankSuggestions(table, trust)), published);
        qualityRows.push([label, `${kind} alone`, percent(alone.precision), percent(alone.recall), `${alone.covered} of ${alone.codes}`, '']);
      }
    }

    log('  suggestions: ESCO → ISCO-08, every leaf');
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const { ms, answer } = await runSuggestions(client, { source: 'esco', target: 'isco08', all: true }, () => {
      peak = Math.max(peak, process.memoryUsage().rss);
    });
    const mib = 1024 ** 2;
    const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
    const speedRows = [
      ['ESCO → ISCO-08, every leaf (all)', `${(ms / 1000).toFixed(1)} s`, '≤ 60 s', verdict(ms <= 60_000), `${Object.keys(answer.codes).length.toLocaleString('en')} codes given candidates, of ${answer.run?.codes.toLocaleString('en')}`],
      ['peak RSS during the run', `${Math.round(peak / mib)} MiB`, '≤ 1,024 MiB', verdict(peak <= 1024 * mib), `the whole process (api, workers, embedded store); ${Math.round((peak - baseline) / mib)} MiB above its RSS before the run`],
    ];
    return { quality: qualityRows, speed: speedRows };
  } finally {
    await env.close();
  }
}
