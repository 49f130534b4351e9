import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { UnrecoverableError } from 'bullmq';
import { datasetDistinctTitles, datasetTitleCodes } from '@og/api/db/queries/coder-training';
import { findJobRuns } from '@og/api/db/queries/job-runs';
import { deleteEntryReasons } from '@og/api/db/queries/prediction-entry-reasons';
import { deleteRunChunks, insertRunChunks, runChunkEntries, type RunChunkInput } from '@og/api/db/queries/prediction-run-chunks';
import { findDatasetState, findRunActor, findRunDatasetSettings, type RunDatasetSettings } from '@og/api/db/queries/prediction-runs';
import { dropLeftoverPredictionTables, findPredictionSet, markPredictionSetFailed } from '@og/api/db/queries/prediction-sets';
import { removeUpload, uploadsDirectory } from '@og/api/lib/uploads';
import type { JobInput, JobProgressOf, JobResult } from '@og/shared/jobs/job-kinds';
import { allowedPerTitle, associatedCodes } from '../builtin-coder/associated-codes.js';
import { readTitleManifest, TitleManifestError } from '../builtin-coder/title-manifest.js';
import { batchSizeOf } from '../prediction-services/run-coding.js';
import { describeTitlesWithoutLanguage, readTitleLanguages } from '../prediction-services/title-languages.js';
import { ServiceError } from '../prediction-services/service-request.js';
import type { FinalFailure, JobProcessor, WorkerDeps } from '../processor.js';
import { importPredictions, PredictionSetGoneError } from '../predictions-import/import-predictions.js';

/**
 * `predictions.run`: codes the dataset's distinct titles with the chosen model — the
 * built-in coder (it learns now from shipped titles and labels, coded datasets and review
 * mappings, so the latest reviews count), OccCANINE's service, or an LLM given the built-in
 * coder's candidates — and imports the result as the set's entries through the import's own path
 * (an OCCPAST JSON file in the uploads directory), so the set reads like an uploaded one. A title
 * no coder could code is an entry without predictions, for a reviewer to code.
 *
 * The titles are split into chunks of PREDICTION_CHUNK_TITLES, each a `predictions.run-chunk` job
 * any worker process may take; the run follows them (their progress is its progress), then joins
 * their entries in order. A chunk that fails for good fails the run with its reason.
 */
export function predictionsRun(deps: WorkerDeps): JobProcessor<'predictions.run'> {
  return async (input, { report, signal, log }) => {
    const set = await findPredictionSet(deps.db, input.predictionSetId);
    const empty: JobResult<'predictions.run'> = { model: input.model, titles: 0, coded: 0, learnedFrom: { titles: 0, sources: [] } };
    if (!set || set.state !== 'importing') return empty;
    if (!(await findRunActor(deps.db, input.actorId))) throw new UnrecoverableError('The user who asked for the run is gone.');

    if (!(await datasetReady(deps, input.datasetId, { report, signal }))) return empty;

    const phaseSeconds: Record<string, number> = {};
    let started = performance.now();
    const phaseDone = (phase: string) => {
      phaseSeconds[phase] = Math.round(performance.now() - started) / 1000;
      started = performance.now();
    };
    const settings = await findRunDatasetSettings(deps.db, input.datasetId);
    const titles = (await datasetDistinctTitles(deps.db, input.datasetId)).map((row) => row.title);
    const requests = input.model === 'builtin' ? 0 : Math.ceil(titles.length / batchSizeOf(input.model));
    const requestCap = deps.config.predictionServices.requestCap;
    if (requests > requestCap) {
      throw new UnrecoverableError(
        `${titles.length.toLocaleString('en')} titles need ${requests.toLocaleString('en')} requests to ${input.model}, more than this server allows a run (PREDICTION_REQUEST_CAP ${requestCap}); nothing was sent.`,
      );
    }
    // The built-in coder (an LLM's candidates too) learns from the titles manifest: a malformed one fails the run before anything is stored.
    if (input.model !== 'occcanine' && deps.config.seedDir) {
      try {
        readTitleManifest(deps.config.seedDir);
      } catch (error) {
        throw error instanceof TitleManifestError ? new UnrecoverableError(error.message) : error;
      }
    }
    const allowed = await restriction(deps, input, settings, titles);
    const withoutLanguage = await titlesWithoutLanguage(deps, input.datasetId, settings, titles);

    // The chunks, stored with the set, each a job of its own; a retried run joins the jobs it started.
    const chunkTitles = deps.config.predictionServices.chunkTitles;
    const chunks: RunChunkInput[] = [];
    for (let from = 0; from < titles.length; from += chunkTitles) {
      chunks.push({ titles: titles.slice(from, from + chunkTitles), allowed: allowed?.slice(from, from + chunkTitles) ?? null });
    }
    await insertRunChunks(deps.db, set.id, chunks);
    const jobIds: string[] = [];
    for (const [chunk, { titles: chunkList }] of chunks.entries()) {
      // Each chunk may spend its share of the run's requests (the cap was checked against the whole run above).
      const requestBudget = input.model === 'builtin' ? 0 : Math.max(Math.ceil(chunkList.length / batchSizeOf(input.model)), Math.floor((requestCap * chunkList.length) / titles.length));
      const row = await deps.jobs.enqueue(
        deps.db,
        'predictions.run-chunk',
        { predictionSetId: set.id, chunk, datasetId: input.datasetId, scheme: input.scheme, model: input.model, actorId: input.actorId, requestBudget },
        { ownerId: null, requestKey: `${set.id}-${chunk}` },
      );
      jobIds.push(row.id);
    }
    const followed = await followChunks(deps, set.id, jobIds, titles.length, { report, signal });
    if (!followed) return empty;
    phaseDone('coding');
    const { coded, unanswered, learnedFrom, workers, uncoded } = followed;
    const left = unanswered ? `; ${input.model} left ${unanswered.toLocaleString('en')} out of its answers` : '';
    const languageNote = withoutLanguage ? ` ${withoutLanguage.note}` : '';
    await report({ phase: 'coding', done: titles.length, total: titles.length, unit: 'titles', message: `${coded.toLocaleString('en')} of ${titles.length.toLocaleString('en')} coded${left}.${languageNote}` });

    const file = path.join(uploadsDirectory(deps.config), `run-${set.id}.json`);
    try {
      await writeRunFile(deps, set.id, chunks.length, file);
      const imported = await importPredictions({ schemes: deps.schemes, db: deps.db }, { predictionSetId: set.id, path: file, originalName: `${set.name}.json` }, { report, signal });
      Object.assign(phaseSeconds, imported.phaseSeconds ?? {});
      await deleteRunChunks(deps.db, set.id);
      log.info('prediction run done', { predictionSetId: set.id, model: input.model, titles: titles.length, coded, chunks: chunks.length, workers, learnedFrom: learnedFrom.titles });
      return { model: input.model, titles: titles.length, coded, learnedFrom, phaseSeconds, chunks: chunks.length, workers, unanswered, uncoded, ...(withoutLanguage ? { withoutLanguage } : {}) };
    } catch (error) {
      if (error instanceof PredictionSetGoneError) return empty;
      throw error;
    } finally {
      await removeUpload(deps.config, file).catch(() => undefined);
    }
  };
}

/** How often a run looks at its chunks. */
const followStepMs = 300;

/**
 * Waits for the run's chunk jobs, reporting their summed progress; the chunks' coded count, what
 * they learned from and the worker processes that coded them once all are done. Null when the set
 * is gone; a chunk that failed for good fails the run with its reason.
 */
async function followChunks(
  deps: WorkerDeps,
  setId: string,
  jobIds: string[],
  total: number,
  tools: { report: (progress: JobProgressOf<'predictions.run'>) => Promise<void>; signal: AbortSignal },
): Promise<{ coded: number; unanswered: number; learnedFrom: JobResult<'predictions.run'>['learnedFrom']; workers: number; uncoded: NonNullable<JobResult<'predictions.run'>['uncoded']> } | null> {
  for (;;) {
    tools.signal.throwIfAborted();
    const set = await findPredictionSet(deps.db, setId);
    if (!set || set.state !== 'importing') return null;
    const runs = await findJobRuns(deps.db, jobIds);
    const failed = runs.find((run) => run.state === 'failed');
    if (failed) throw new UnrecoverableError(failed.error ?? 'A part of the run failed.');
    const results = runs.flatMap((run) => (run.state === 'completed' ? [run.result as JobResult<'predictions.run-chunk'>] : []));
    if (results.length === jobIds.length) {
      const learned = results.reduce((best, result) => (result.learnedFrom.titles > best.titles ? result.learnedFrom : best), results[0]?.learnedFrom ?? { titles: 0, sources: [] });
      return {
        coded: results.reduce((sum, result) => sum + result.coded, 0),
        unanswered: results.reduce((sum, result) => sum + (result.unanswered ?? 0), 0),
        learnedFrom: learned,
        workers: new Set(results.map((result) => result.worker)).size,
        uncoded: sumUncoded(results.flatMap((result) => result.uncoded ?? [])),
      };
    }
    let done = results.reduce((sum, result) => sum + result.titles, 0);
    let message: string | undefined;
    for (const run of runs) {
      if (run.state !== 'active' || !run.progress) continue;
      if (run.progress.phase === 'coding' || run.progress.phase === 'candidates') done += run.progress.done;
      message ??= run.progress.message;
    }
    const working = runs.filter((run) => run.state === 'active').length;
    await tools.report({
      phase: done > 0 ? 'coding' : 'learning',
      done,
      total,
      unit: 'titles',
      message: `${message ?? 'Coding'}; ${results.length} of ${jobIds.length} parts done, ${working} in progress`,
    });
    await sleep(followStepMs, tools.signal);
  }
}

/** The chunks' counts of titles without a prediction, summed per language and reason. */
function sumUncoded(counts: NonNullable<JobResult<'predictions.run'>['uncoded']>): NonNullable<JobResult<'predictions.run'>['uncoded']> {
  const sums = new Map<string, (typeof counts)[number]>();
  for (const count of counts) {
    const key = JSON.stringify([count.language, count.reason]);
    const sum = sums.get(key);
    if (sum) sum.titles += count.titles;
    else sums.set(key, { ...count });
  }
  return [...sums.values()];
}

/**
 * With a language column, the titles it gives no language (coded without one), and the column's
 * values that name none: what the run's result says. Null without a column, or when every title has a language.
 */
async function titlesWithoutLanguage(
  deps: WorkerDeps,
  datasetId: string,
  settings: RunDatasetSettings | null,
  titles: readonly string[],
): Promise<NonNullable<JobResult<'predictions.run'>['withoutLanguage']> | null> {
  if (!settings?.languageColumn) return null;
  const read = await readTitleLanguages(deps.db, { id: datasetId, ...settings }, titles);
  const note = describeTitlesWithoutLanguage(read);
  return note ? { titles: read.withoutLanguage, unknown: read.unknown, note } : null;
}

/** The chunks' entries joined in order into an OCCPAST JSON file for the import; a failing disk fails the run, not the process. */
async function writeRunFile(deps: WorkerDeps, setId: string, chunks: number, file: string): Promise<void> {
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  const out = fs.createWriteStream(file);
  let streamError: Error | null = null;
  out.on('error', (error) => (streamError = error));
  const write = (text: string) => {
    if (streamError) return Promise.reject(streamError);
    if (out.write(text)) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const onError = (error: Error) => reject(error);
      out.once('error', onError);
      out.once('drain', () => {
        out.off('error', onError);
        resolve();
      });
    });
  };
  try {
    await write('[');
    let first = true;
    for (let chunk = 0; chunk < chunks; chunk++) {
      const entries = await runChunkEntries(deps.db, setId, chunk);
      if (entries === null) throw new Error(`Part ${chunk + 1} of the run has no entries.`);
      if (!entries) continue;
      await write(`${first ? '' : ','}\n${entries}`);
      first = false;
    }
    await write('\n]\n');
    await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  } finally {
    out.destroy();
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * The wizard's 'Restrict predictions to associated codes': per title, the codes of the target
 * scheme associated with the codes its rows carry (associated-codes.ts); null when not asked for.
 */
async function restriction(deps: WorkerDeps, input: JobInput<'predictions.run'>, metadata: RunDatasetSettings | null, titles: string[]): Promise<(string[] | null)[] | null> {
  if (!metadata?.restrictPredictionsWithCodes || !metadata.scheme || !metadata.codeColumn) return null;
  const associated = await associatedCodes(deps.schemes, metadata.scheme, input.scheme);
  return allowedPerTitle(titles, await datasetTitleCodes(deps.db, input.datasetId), associated);
}

/** How often a run asked for before its dataset is read looks again, and for how long at most. */
const waitStepMs = 1_000;
const maxWaitMs = 6 * 60 * 60 * 1000;

/**
 * Waits while the dataset is still being ingested (the wizard queues the run with the upload).
 * False when the dataset is gone; a dataset that failed fails the run, saying so.
 */
async function datasetReady(deps: WorkerDeps, datasetId: string, tools: { report: (progress: JobProgressOf<'predictions.run'>) => Promise<void>; signal: AbortSignal }): Promise<boolean> {
  const started = Date.now();
  for (;;) {
    const state = await findDatasetState(deps.db, datasetId);
    if (state === null) return false;
    if (state === 'ready') return true;
    if (state === 'failed') throw new UnrecoverableError('The dataset could not be read, so its titles were not coded.');
    if (Date.now() - started > maxWaitMs) throw new UnrecoverableError('The dataset is still being read after 6 hours; run the predictions again later.');
    await tools.report({ phase: 'waiting', done: 0, total: null, unit: 'titles', message: 'Waiting for the dataset to be read' });
    await new Promise((resolve) => setTimeout(resolve, waitStepMs));
    tools.signal.throwIfAborted();
  }
}

/** The run failed for good: the set says why, its tables go. */
export async function predictionsRunFailed(deps: WorkerDeps, input: JobInput<'predictions.run'>, failure: FinalFailure): Promise<void> {
  // The run's own refusals and a coding service's failures say what went wrong; anything else is the server's.
  const expected = failure.error instanceof UnrecoverableError || failure.error instanceof ServiceError;
  if (!expected) deps.log.error('prediction run failed for good', { predictionSetId: input.predictionSetId, error: failure.error ?? failure.message });
  await markPredictionSetFailed(deps.db, input.predictionSetId, expected ? failure.message : 'The run failed on the server (the details are in its log). Run it again, or ask an administrator.');
  await dropLeftoverPredictionTables(deps.db, input.predictionSetId).catch(() => undefined);
  await deleteRunChunks(deps.db, input.predictionSetId).catch(() => undefined);
  await deleteEntryReasons(deps.db, input.predictionSetId).catch(() => undefined);
}
