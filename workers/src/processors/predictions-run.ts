import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { UnrecoverableError } from 'bullmq';
import { datasetDistinctTitles } from '@og/api/db/queries/coder-training';
import { dropLeftoverPredictionTables, findPredictionSet, markPredictionSetFailed } from '@og/api/db/queries/prediction-sets';
import { removeUpload, uploadsDirectory } from '@og/api/lib/uploads';
import type { JobInput, JobProgress, JobResult } from '@og/shared/jobs/job-kinds';
import { gatherTraining } from '../builtin-coder/training-data.js';
import { TitleCoder } from '../builtin-coder/title-coder.js';
import type { FinalFailure, JobProcessor, WorkerDeps } from '../processor.js';
import { importPredictions, PredictionSetGoneError } from '../predictions-import/import-predictions.js';

/** Titles coded between two progress reports. */
const reportEvery = 2_000;

/**
 * `predictions.run` (issue 13): the built-in coder learns (shipped titles and labels, coded
 * datasets, review mappings: read now, so the latest reviews count), codes the dataset's distinct
 * titles, and the result is imported as the set's entries through the import's own path (an
 * OCCPAST JSON file in the uploads directory), so the set reads like an uploaded one. A title the
 * coder cannot code is an entry without predictions, for a reviewer to code.
 */
export function predictionsRun(deps: WorkerDeps): JobProcessor<'predictions.run'> {
  return async (input, { report, signal, log }) => {
    const set = await findPredictionSet(deps.db, input.predictionSetId);
    const empty: JobResult<'predictions.run'> = { model: input.model, titles: 0, coded: 0, learnedFrom: { titles: 0, sources: [] } };
    if (!set || set.state !== 'importing') return empty;
    if (input.model !== 'builtin') throw new UnrecoverableError(`The model ${input.model} is not configured on this server.`);
    const viewer = (await deps.db.query<{ id: string; role: 'admin' | 'member' }>('SELECT id, role FROM users WHERE id = $1', [input.actorId])).rows[0];
    if (!viewer) throw new UnrecoverableError('The user who asked for the run is gone.');

    if (!(await datasetReady(deps, input.datasetId, { report, signal }))) return empty;

    const phaseSeconds: Record<string, number> = {};
    let started = performance.now();
    const phaseDone = (phase: string) => {
      phaseSeconds[phase] = Math.round(performance.now() - started) / 1000;
      started = performance.now();
    };
    await report({ phase: 'learning', done: 0, total: null, unit: 'titles', message: 'Reading coded titles' });
    const training = await gatherTraining(deps.db, { scheme: input.scheme, viewer, seedDir: deps.config.seedDir });
    const coder = TitleCoder.build(training.titles);
    phaseDone('learning');
    await report({ phase: 'learning', done: training.summary.titles, total: training.summary.titles, unit: 'titles', message: `Learned from ${training.summary.titles.toLocaleString('en')} titles` });

    const titles = await datasetDistinctTitles(deps.db, input.datasetId);
    const file = path.join(uploadsDirectory(deps.config), `run-${set.id}.json`);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    let coded = 0;
    try {
      const out = fs.createWriteStream(file);
      const write = (text: string) => (out.write(text) ? Promise.resolve() : new Promise<void>((resolve) => out.once('drain', () => resolve())));
      await write('[');
      for (let index = 0; index < titles.length; index++) {
        if (index % reportEvery === 0) {
          signal.throwIfAborted();
          await report({ phase: 'coding', done: index, total: titles.length, unit: 'titles' });
        }
        const predictions = coder.predict(titles[index]!.title).map((prediction) => ({ uris: [`${input.scheme}:${prediction.code}`], conf: prediction.conf }));
        if (predictions.length) coded++;
        await write(`${index ? ',' : ''}\n${JSON.stringify({ string: titles[index]!.title, predictions })}`);
      }
      await write('\n]\n');
      await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
      phaseDone('coding');
      await report({ phase: 'coding', done: titles.length, total: titles.length, unit: 'titles', message: `${coded.toLocaleString('en')} of ${titles.length.toLocaleString('en')} coded` });

      const imported = await importPredictions({ schemes: deps.schemes, db: deps.db }, { predictionSetId: set.id, path: file, originalName: `${set.name}.json` }, { report, signal });
      Object.assign(phaseSeconds, imported.phaseSeconds ?? {});
      log.info('prediction run done', { predictionSetId: set.id, titles: titles.length, coded, learnedFrom: training.summary.titles });
      return { model: input.model, titles: titles.length, coded, learnedFrom: training.summary, phaseSeconds };
    } catch (error) {
      if (error instanceof PredictionSetGoneError) return empty;
      throw error;
    } finally {
      await removeUpload(deps.config, file).catch(() => undefined);
    }
  };
}

/** How often a run asked for before its dataset is read looks again, and for how long at most. */
const waitStepMs = 1_000;
const maxWaitMs = 6 * 60 * 60 * 1000;

/**
 * Waits while the dataset is still being ingested (the wizard queues the run with the upload).
 * False when the dataset is gone; a dataset that failed fails the run, saying so.
 */
async function datasetReady(deps: WorkerDeps, datasetId: string, tools: { report: (progress: JobProgress) => Promise<void>; signal: AbortSignal }): Promise<boolean> {
  const started = Date.now();
  for (;;) {
    const state = (await deps.db.query<{ state: string }>('SELECT state FROM datasets WHERE id = $1', [datasetId])).rows[0]?.state;
    if (state === undefined) return false;
    if (state === 'ready') return true;
    if (state === 'failed') throw new UnrecoverableError('The dataset could not be read, so its titles were not coded.');
    if (Date.now() - started > maxWaitMs) throw new Error('The dataset is still being read after 6 hours; run the predictions again later.');
    await tools.report({ phase: 'waiting', done: 0, total: null, unit: 'titles', message: 'Waiting for the dataset to be read' });
    await new Promise((resolve) => setTimeout(resolve, waitStepMs));
    tools.signal.throwIfAborted();
  }
}

/** The run failed for good: the set says why, its tables go. */
export async function predictionsRunFailed(deps: WorkerDeps, input: JobInput<'predictions.run'>, failure: FinalFailure): Promise<void> {
  const expected = failure.error instanceof UnrecoverableError;
  if (!expected) deps.log.error('prediction run failed for good', { predictionSetId: input.predictionSetId, error: failure.error ?? failure.message });
  await markPredictionSetFailed(deps.db, input.predictionSetId, expected ? failure.message : 'The run failed on the server (the details are in its log). Run it again, or ask an administrator.');
  await dropLeftoverPredictionTables(deps.db, input.predictionSetId).catch(() => undefined);
}
