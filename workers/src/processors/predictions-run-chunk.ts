import os from 'node:os';
import { UnrecoverableError } from 'bullmq';
import { findPredictionSet } from '@og/api/db/queries/prediction-sets';
import { type EntryReason, saveEntryReasons } from '@og/api/db/queries/prediction-entry-reasons';
import { findRunChunk, saveRunChunkEntries } from '@og/api/db/queries/prediction-run-chunks';
import { findRunActor, findRunDatasetSettings } from '@og/api/db/queries/prediction-runs';
import type { JobInput, JobResult, UncodedReason } from '@og/shared/jobs/job-kinds';
import { startCoderSession } from '../builtin-coder/coder-session.js';
import type { LearnedCoder } from '../builtin-coder/learned-coders.js';
import type { CodePrediction } from '../builtin-coder/title-coder.js';
import { TitleManifestError } from '../builtin-coder/title-manifest.js';
import { gatherTraining, trainedLanguages } from '../builtin-coder/training-data.js';
import { codingFor } from '../prediction-services/run-coding.js';
import { inPool, ServiceError } from '../prediction-services/service-request.js';
import { readTitleLanguages } from '../prediction-services/title-languages.js';
import type { JobProcessor, WorkerDeps } from '../processor.js';

/** This process, as a chunk's result names it. */
const workerName = `${os.hostname()}:${process.pid}`;

/**
 * `predictions.run-chunk`: codes one chunk of a run's titles with the run's model and
 * stores its entries for the run to import. The built-in coder learns once per process and run
 * (the first chunk here reads what it learns from; the next ones reuse it).
 */
export function predictionsRunChunk(deps: WorkerDeps): JobProcessor<'predictions.run-chunk'> {
  return async (input, tools) => {
    const empty: JobResult<'predictions.run-chunk'> = { titles: 0, coded: 0, learnedFrom: { titles: 0, sources: [] }, worker: workerName, unanswered: 0, uncoded: [] };
    const [set, chunk] = await Promise.all([findPredictionSet(deps.db, input.predictionSetId), findRunChunk(deps.db, input.predictionSetId, input.chunk)]);
    // The set was deleted, or its run failed or ended: nothing to code.
    if (!set || set.state !== 'importing' || !chunk) return empty;
    const settings = await findRunDatasetSettings(deps.db, input.datasetId);
    const { titles, allowed } = chunk;
    // Each title's language travels with it into the coder and the services.
    const titleLanguages = (await readTitleLanguages(deps.db, { id: input.datasetId, ...(settings ?? {}) }, titles)).languages;

    let learnedFrom = empty.learnedFrom;
    let builtin: Map<string, CodePrediction[]> | null = null;
    if (input.model !== 'occcanine') {
      // The built-in coder's answers, or its candidates for an LLM.
      await tools.report({ phase: 'learning', done: 0, total: null, unit: 'titles', message: 'Reading coded titles' });
      const { coder, release } = await deps.coders.use(input.predictionSetId, () => learn(deps, input));
      try {
        learnedFrom = coder.summary;
        const phase = input.model === 'builtin' ? 'coding' : 'candidates';
        await tools.report({ phase, done: 0, total: titles.length, unit: 'titles', message: `Learned from ${learnedFrom.titles.toLocaleString('en')} titles` });
        const predictions = await coder.session.code(
          { titles, k: input.model === 'builtin' ? 5 : 10, allowed, langs: titles.map((title) => titleLanguages.get(title) ?? null) },
          { signal: tools.signal, onProgress: (done) => void tools.report({ phase, done, total: titles.length, unit: 'titles' }).catch(() => undefined) },
        );
        builtin = new Map(titles.map((title, index) => [title, predictions[index] ?? []]));
      } finally {
        release();
      }
    }

    // Why a title gets no prediction: the built-in coder knows no title near it, or none in its language (null: not known, or several).
    const trained = trainedLanguages(learnedFrom);
    const uncodedReason = (language: string | null): UncodedReason =>
      input.model !== 'builtin' ? 'no prediction from the model' : language && !trained.has(language) ? 'no training data in this language' : 'no known title near it';
    const uncoded = new Map<string, NonNullable<JobResult<'predictions.run-chunk'>['uncoded']>[number]>();
    const coding = await codingFor(deps, input, { builtin, language: settings?.language ?? null, titleLanguages, period: settings?.period ?? null, signal: tools.signal, requests: input.requestBudget, titles: titles.length });
    const entries: string[] = [];
    // Each uncoded title's reason, for the review to show in place of its predictions.
    const reasons: EntryReason[] = [];
    let coded = 0;
    for (let from = 0; from < titles.length; from += coding.batchSize * coding.concurrency) {
      tools.signal.throwIfAborted();
      // The run failed (another part failed for good) or its set was deleted: stop, and send nothing more to a service.
      if (from > 0 && (await findPredictionSet(deps.db, input.predictionSetId))?.state !== 'importing') return empty;
      await tools.report({ phase: 'coding', done: from, total: titles.length, unit: 'titles' });
      const group: string[][] = [];
      for (let at = from; at < Math.min(titles.length, from + coding.batchSize * coding.concurrency); at += coding.batchSize) group.push(titles.slice(at, at + coding.batchSize));
      const answers = await inPool(group, coding.concurrency, coding.code).catch((error: unknown) => {
        // A refusal, a malformed answer or the cap will not change on a retry.
        if (error instanceof ServiceError && !error.retryable) throw new UnrecoverableError(error.message);
        throw error;
      });
      for (const [batchIndex, batch] of group.entries()) {
        for (const [index, title] of batch.entries()) {
          const keep = allowed?.[from + batchIndex * coding.batchSize + index];
          // Exactly 1 is a reviewer's mark (SPEC §5): a coder's surest stays just below it.
          const predictions = (answers[batchIndex]![index] ?? [])
            .filter((prediction) => !keep || keep.includes(prediction.code))
            .map((prediction) => ({ uris: [`${input.scheme}:${prediction.code}`], conf: Math.min(0.9999, prediction.conf) }));
          if (predictions.length) coded++;
          else {
            const language = titleLanguages.get(title) ?? null;
            const reason = uncodedReason(language);
            const key = JSON.stringify([language, reason]);
            const count = uncoded.get(key) ?? { language, reason, titles: 0 };
            count.titles++;
            uncoded.set(key, count);
            reasons.push({ string: title, reason });
          }
          entries.push(JSON.stringify({ string: title, predictions }));
        }
      }
    }
    await saveEntryReasons(deps.db, input.predictionSetId, reasons);
    await saveRunChunkEntries(deps.db, input.predictionSetId, input.chunk, entries.join(',\n'), coded);
    await tools.report({ phase: 'coding', done: titles.length, total: titles.length, unit: 'titles' });
    return { titles: titles.length, coded, learnedFrom, worker: workerName, unanswered: coding.unanswered(), uncoded: [...uncoded.values()] };
  };
}

/** What the run's coder learns from (what the person who asked may see), learned in a thread. */
async function learn(deps: WorkerDeps, input: JobInput<'predictions.run-chunk'>): Promise<LearnedCoder> {
  const viewer = await findRunActor(deps.db, input.actorId);
  if (!viewer) throw new UnrecoverableError('The user who asked for the run is gone.');
  const training = await gatherTraining(deps.db, { scheme: input.scheme, viewer, seedDir: deps.config.seedDir, schemes: deps.schemes }).catch((error: unknown) => {
    // A malformed titles manifest stays malformed on a retry.
    throw error instanceof TitleManifestError ? new UnrecoverableError(error.message) : error;
  });
  const session = await startCoderSession(training.titles);
  return { session, summary: training.summary };
}
