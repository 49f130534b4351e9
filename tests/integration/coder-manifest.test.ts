import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importScheme } from '../../api/src/schemes/import-scheme.js';
import type { PredictionEntryAnswer } from '../../shared/src/contracts/predictions.js';
import type { JobResult } from '../../shared/src/jobs/job-kinds.js';
import type { HttpClient } from '../support/http-client.js';
import { waitForJob } from '../support/jobs.js';
import { type SeedDir, seedDirCopy, shippedManifest } from '../support/seed-dir.js';
import { startTestEnvironment, type TestEnvironment } from '../support/test-environment.js';

const data = path.resolve(import.meta.dirname, '../../../shared/data');
/** Each run learns from some 290,000 shipped HISCO titles (about a minute on this machine). */
const runTimeoutMs = 300_000;

let env: TestEnvironment;
let owner: HttpClient;
/** A copy of the data folder's titles (the files linked, the manifest copied so a test may change it) and the HISCO scheme. */
let seed: SeedDir | undefined;
let manifestText: string;

type RunResult = JobResult<'predictions.run'>;

/** A file the shipped data does not have, added to the copy's manifest: a title no other file knows. */
const added = { file: 'added_titles_nl.csv', text: 'beroep,code\nvlorkbinder,75432\nzwirrelmaker,83110\n' };

async function dataset(titles: string[], language: string | null): Promise<string> {
  const created = await owner.post('/api/datasets', {
    data: titles.map((title) => ({ title, code: '', totals: [] })),
    metadata: { title: `Census (${language ?? 'no language'})`, titleColumn: 'title', codeColumn: null, language },
  });
  expect(created.status, await created.clone().text()).toBe(202);
  const { datasetId, jobId } = (await created.json()) as { datasetId: string; jobId: string };
  expect((await waitForJob(owner, jobId, 60_000)).state).toBe('completed');
  return datasetId;
}

async function run(datasetId: string): Promise<{ setId: string; job: Awaited<ReturnType<typeof waitForJob>> }> {
  const response = await owner.post(`/api/datasets/${datasetId}/prediction-runs`, { scheme: 'hisco' });
  expect(response.status, await response.clone().text()).toBe(202);
  const accepted = (await response.json()) as { predictionSetId: string; jobId: string };
  return { setId: accepted.predictionSetId, job: await waitForJob(owner, accepted.jobId, runTimeoutMs) };
}

async function entry(setId: string, string: string): Promise<PredictionEntryAnswer['predictionEntry']> {
  const response = await owner.get(`/api/prediction-sets/${setId}/entries/${encodeURIComponent(string)}?filter=all`);
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as PredictionEntryAnswer).predictionEntry;
}

beforeAll(async () => {
  seed = seedDirCopy({ keep: () => true, schemes: ['hisco'] });
  seed.addTitlesFile(added.file, added.text);
  const shipped = shippedManifest();
  manifestText = JSON.stringify({ ...shipped, files: [...shipped.files, { file: added.file, scheme: 'hisco', title: 'beroep', code: 'code', language: 'nl' }] });
  seed.writeManifest(manifestText);

  env = await startTestEnvironment({ workers: true, env: { SEED_DIR: seed.dir } });
  await importScheme(env.app.schemes, { scheme: 'hisco', text: fs.readFileSync(path.join(data, 'schemes/hisco.csv'), 'utf8'), format: 'csv', actorId: null });
  owner = (await env.signIn('otto', 'member')).client;
}, 180_000);
afterAll(async () => {
  await env?.close();
  seed?.remove();
});

describe('the built-in coder learns every coded title the titles manifest lists (issue 27)', () => {
  it("codes a Danish census from the verified 'no occupation' list and a file added to the manifest, and says what it learned per language and what it could not code", async () => {
    const id = await dataset(['hans kone', 'Deres Boern', 'vlorkbinder', 'qqxjz vvqpw'], 'Danish');
    const started = Date.now();
    const { setId, job } = await run(id);
    expect(job.state, job.error ?? '').toBe('completed');
    const result = job.result as RunResult;
    console.log(`run of 4 titles, learning from ${result.learnedFrom.titles.toLocaleString('en')} coded titles: ${((Date.now() - started) / 1000).toFixed(1)} s (phases ${JSON.stringify(result.phaseSeconds)})`);

    const source = (name: string) => result.learnedFrom.sources.find((candidate) => candidate.name === name);
    expect(source('occcanine_verified_no_occupation_dk_census.csv')).toMatchObject({ language: 'da' });
    // The strings verified as no occupation (verified 1), not those verified as one (0) or not checked.
    expect(source('occcanine_verified_no_occupation_dk_census.csv')!.titles).toBe(81);
    expect(source('hsn_hisco_nl.csv')).toMatchObject({ language: 'nl' });
    expect(source('hsn_hisco_nl.csv')!.titles).toBeGreaterThan(130_000);
    expect(source('hsn_hisco_nl.csv (standard_title)')).toMatchObject({ language: 'nl' });
    expect(source('cedar_hisco_se.csv')).toMatchObject({ language: 'sv' });
    expect(source('occcanine_toydata_en.csv')).toEqual({ name: 'occcanine_toydata_en.csv', language: 'en', titles: 10_000 });
    expect(source(`${added.file} (beroep)`)).toEqual({ name: `${added.file} (beroep)`, language: 'nl', titles: 2 });
    expect(source('schemes/hisco.csv (labels)')).toMatchObject({ language: null });
    // The Swedish spellings file codes nothing itself: its spellings of CEDAR's titles are learned with their codes.
    expect(source('histocc_se_raw_to_standard.csv (spellings of coded titles)')).toMatchObject({ language: 'sv' });
    expect(source('histocc_se_raw_to_standard.csv (spellings of coded titles)')!.titles).toBeGreaterThan(1_000);
    // Files of other schemes are not learned for HISCO.
    expect(source('esco_occupation_labels_en.csv')).toBeUndefined();
    expect(result.learnedFrom.titles).toBe(result.learnedFrom.sources.reduce((sum, item) => sum + item.titles, 0));

    // HISCO -1 (no occupation), a code of the scheme the review shows.
    const kone = await entry(setId, 'hans kone');
    expect(kone.predictions[0]?.uris).toEqual(['hisco:-1']);
    expect(kone.unknownURIs).toEqual([]);
    expect((await entry(setId, 'Deres Boern')).predictions[0]?.uris).toEqual(['hisco:-1']);
    expect((await entry(setId, 'vlorkbinder')).predictions[0]?.uris).toEqual(['hisco:75432']);
    expect((await entry(setId, 'qqxjz vvqpw')).predictions).toEqual([]);
    expect(result).toMatchObject({ titles: 4, coded: 3, uncoded: [{ language: 'da', reason: 'no known title near it', titles: 1 }] });
  }, runTimeoutMs);

  it('codes Dutch titles from HSN on a fresh database, and says a language without training data is why a title has no prediction', async () => {
    const dutch = await run(await dataset(['boerenknecht', 'timmerman', 'landbouwer', 'schoenmaker'], 'nl'));
    expect(dutch.job.state, dutch.job.error ?? '').toBe('completed');
    for (const [title, code] of [
      ['boerenknecht', '62105'],
      ['timmerman', '95410'],
      ['landbouwer', '61220'],
      ['schoenmaker', '80110'],
    ] as const) {
      expect((await entry(dutch.setId, title)).predictions[0]?.uris, title).toEqual([`hisco:${code}`]);
    }
    expect(dutch.job.result).toMatchObject({ titles: 4, coded: 4, uncoded: [] });

    const icelandic = await run(await dataset(['qqxjz vvqpw'], 'is'));
    expect(icelandic.job.state, icelandic.job.error ?? '').toBe('completed');
    expect(icelandic.job.result).toMatchObject({ titles: 1, coded: 0, uncoded: [{ language: 'is', reason: 'no training data in this language', titles: 1 }] });
    // The review says so beside the entry.
    expect(await entry(icelandic.setId, 'qqxjz vvqpw')).toMatchObject({ predictions: [], language: 'is', noPredictionReason: 'no training data in this language' });
  }, 2 * runTimeoutMs);

  it('fails a run on a malformed manifest with a message naming the manifest and the entry, leaving nothing half-made', async () => {
    const id = await dataset(['hans kone'], 'da');
    const manifest = path.join(seed!.dir, 'titles', 'manifest.json');
    const cases = [
      { text: manifestText.replace('"title":"beroep"', '"title":"occupation"'), says: `names the column "occupation", which ${added.file} does not have` },
      { text: manifestText.replace(`"file":"${added.file}","scheme":"hisco"`, `"file":"${added.file}","scheme":"hisko"`), says: 'is "hisko", not one of our schemes' },
      { text: manifestText.slice(0, -10), says: 'is not valid JSON' },
    ];
    try {
      for (const { text, says } of cases) {
        fs.writeFileSync(manifest, text);
        const { setId, job } = await run(id);
        expect(job.state).toBe('failed');
        expect(job.error).toContain(`The titles manifest ${manifest}`);
        expect(job.error).toContain(says);
        const set = await env.app.db.query<{ state: string; error: string; entries: number; chunks: number }>(
          `SELECT s.state, s.error,
                  (SELECT count(*)::int FROM prediction_entries e WHERE e.set_id = s.id) AS entries,
                  (SELECT count(*)::int FROM prediction_run_chunks c WHERE c.set_id = s.id) AS chunks
             FROM prediction_sets s WHERE s.id = $1`,
          [setId],
        );
        expect(set.rows[0]).toMatchObject({ state: 'failed', entries: 0, chunks: 0 });
        expect(set.rows[0]!.error).toContain(says);
        // No part of the run was queued, and no run file is left in the uploads.
        const parts = await env.app.db.query(`SELECT 1 FROM job_runs WHERE kind = 'predictions.run-chunk' AND input->>'predictionSetId' = $1`, [setId]);
        expect(parts.rowCount).toBe(0);
        expect(fs.existsSync(path.join(env.config.dataDir, 'uploads', `run-${setId}.json`))).toBe(false);
      }
    } finally {
      fs.writeFileSync(manifest, manifestText);
    }
    // Mended, the manifest is read again by the next run, without a restart.
    const mended = await run(id);
    expect(mended.job.state, mended.job.error ?? '').toBe('completed');
  }, 2 * runTimeoutMs);
});
