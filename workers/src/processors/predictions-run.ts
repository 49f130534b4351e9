import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { UnrecoverableError } from 'bullmq';
import { datasetDistinctTitles, datasetTitleCodes } from '@og/api/db/queries/coder-training';
import { dropLeftoverPredictionTables, findPredictionSet, markPredictionSetFailed } from '@og/api/db/queries/prediction-sets';
import { removeUpload, uploadsDirectory } from '@og/api/lib/uploads';
import type { JobInput, JobProgress, JobResult } from '@og/shared/jobs/job-kinds';
import type { LlmModel } from '@og/api/config/config';
import { schemeById, type SchemeId } from '@og/shared/domain/schemes';
import { allowedPerTitle, associatedCodes } from '../builtin-coder/associated-codes.js';
import { gatherTraining } from '../builtin-coder/training-data.js';
import { codeInThread } from '../builtin-coder/code-in-thread.js';
import type { CodePrediction } from '../builtin-coder/title-coder.js';
import { codeWithLlm } from '../prediction-services/llm-coder.js';
import { codeWithOccCanine } from '../prediction-services/occcanine-coder.js';
import { inPool, RequestBudget, ServiceError } from '../prediction-services/service-request.js';
import type { FinalFailure, JobProcessor, WorkerDeps } from '../processor.js';
import { importPredictions, PredictionSetGoneError } from '../predictions-import/import-predictions.js';

/**
 * `predictions.run` (issue 13): codes the dataset's distinct titles with the chosen model — the
 * built-in coder (it learns now from shipped titles and labels, coded datasets and review
 * mappings, so the latest reviews count), OccCANINE's service, or an LLM given the built-in
 * coder's candidates — and imports the result as the set's entries through the import's own path
 * (an OCCPAST JSON file in the uploads directory), so the set reads like an uploaded one. A title
 * no coder could code is an entry without predictions, for a reviewer to code.
 */
export function predictionsRun(deps: WorkerDeps): JobProcessor<'predictions.run'> {
  return async (input, { report, signal, log }) => {
    const set = await findPredictionSet(deps.db, input.predictionSetId);
    const empty: JobResult<'predictions.run'> = { model: input.model, titles: 0, coded: 0, learnedFrom: { titles: 0, sources: [] } };
    if (!set || set.state !== 'importing') return empty;
    const viewer = (await deps.db.query<{ id: string; role: 'admin' | 'member' }>('SELECT id, role FROM users WHERE id = $1', [input.actorId])).rows[0];
    if (!viewer) throw new UnrecoverableError('The user who asked for the run is gone.');

    if (!(await datasetReady(deps, input.datasetId, { report, signal }))) return empty;

    const phaseSeconds: Record<string, number> = {};
    let started = performance.now();
    const phaseDone = (phase: string) => {
      phaseSeconds[phase] = Math.round(performance.now() - started) / 1000;
      started = performance.now();
    };
    const dataset = (await deps.db.query<{ metadata: RunDatasetMetadata }>('SELECT metadata FROM datasets WHERE id = $1', [input.datasetId])).rows[0];
    const titles = await datasetDistinctTitles(deps.db, input.datasetId);
    const allowed = await restriction(deps, input, dataset?.metadata, titles.map((row) => row.title));
    let learnedFrom: JobResult<'predictions.run'>['learnedFrom'] = { titles: 0, sources: [] };
    let builtin: Map<string, CodePrediction[]> | null = null;
    if (input.model !== 'occcanine') {
      // The built-in coder learns and codes in a thread of its own (its candidates are the LLMs' too).
      await report({ phase: 'learning', done: 0, total: null, unit: 'titles', message: 'Reading coded titles' });
      const training = await gatherTraining(deps.db, { scheme: input.scheme, viewer, seedDir: deps.config.seedDir, schemes: deps.schemes });
      learnedFrom = training.summary;
      await report({ phase: 'learning', done: 0, total: learnedFrom.titles, unit: 'titles', message: `Learning from ${learnedFrom.titles.toLocaleString('en')} titles` });
      const phase = input.model === 'builtin' ? 'coding' : 'candidates';
      const predictions = await codeInThread(
        { examples: training.titles, titles: titles.map((row) => row.title), k: input.model === 'builtin' ? 5 : 10, allowed: allowed ?? undefined },
        {
          signal,
          onLearned: () => phaseDone('learning'),
          onProgress: (done) => void report({ phase, done, total: titles.length, unit: 'titles' }).catch(() => undefined),
        },
      );
      builtin = new Map(titles.map((row, index) => [row.title, predictions[index] ?? []]));
    }
    const coding = await codingFor(deps, input, { builtin, language: dataset?.metadata.language ?? null, period: dataset?.metadata.period ?? null, signal });
    const requests = input.model === 'builtin' ? 0 : Math.ceil(titles.length / coding.batchSize);
    if (requests > deps.config.predictionServices.requestCap) {
      throw new UnrecoverableError(
        `${titles.length.toLocaleString('en')} titles need ${requests.toLocaleString('en')} requests to ${input.model}, more than this server allows a run (PREDICTION_REQUEST_CAP ${deps.config.predictionServices.requestCap}); nothing was sent.`,
      );
    }

    const file = path.join(uploadsDirectory(deps.config), `run-${set.id}.json`);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    let coded = 0;
    let out: fs.WriteStream | null = null;
    try {
      out = fs.createWriteStream(file);
      const stream = out;
      // A failing disk (ENOSPC) fails the run, not the process: every pending write hears the error.
      let streamError: Error | null = null;
      stream.on('error', (error) => (streamError = error));
      const write = (text: string) => {
        if (streamError) return Promise.reject(streamError);
        if (stream.write(text)) return Promise.resolve();
        return new Promise<void>((resolve, reject) => {
          const onError = (error: Error) => reject(error);
          stream.once('error', onError);
          stream.once('drain', () => {
            stream.off('error', onError);
            resolve();
          });
        });
      };
      await write('[');
      let written = 0;
      for (let from = 0; from < titles.length; from += coding.batchSize * coding.concurrency) {
        signal.throwIfAborted();
        await report({ phase: 'coding', done: from, total: titles.length, unit: 'titles' });
        const group: string[][] = [];
        for (let at = from; at < Math.min(titles.length, from + coding.batchSize * coding.concurrency); at += coding.batchSize) {
          group.push(titles.slice(at, at + coding.batchSize).map((row) => row.title));
        }
        const answers = await inPool(group, coding.concurrency, coding.code).catch((error: unknown) => {
          // A refusal, a malformed answer or the cap will not change on a retry of the whole run.
          if (error instanceof ServiceError && !error.retryable) throw new UnrecoverableError(error.message);
          throw error;
        });
        for (const [batchIndex, batch] of group.entries()) {
          for (const [index, title] of batch.entries()) {
            const keep = allowed?.[from + batchIndex * coding.batchSize + index];
            // Exactly 1 is a reviewer's mark (SPEC §5): a coder's surest stays just below it.
            const predictions = (answers[batchIndex]![index] ?? []).filter((prediction) => !keep || keep.includes(prediction.code)).map((prediction) => ({ uris: [`${input.scheme}:${prediction.code}`], conf: Math.min(0.9999, prediction.conf) }));
            if (predictions.length) coded++;
            await write(`${written++ ? ',' : ''}\n${JSON.stringify({ string: title, predictions })}`);
          }
        }
      }
      await write('\n]\n');
      await new Promise<void>((resolve, reject) => stream.end((error?: Error | null) => (error ? reject(error) : resolve())));
      phaseDone('coding');
      await report({ phase: 'coding', done: titles.length, total: titles.length, unit: 'titles', message: `${coded.toLocaleString('en')} of ${titles.length.toLocaleString('en')} coded` });

      const imported = await importPredictions({ schemes: deps.schemes, db: deps.db }, { predictionSetId: set.id, path: file, originalName: `${set.name}.json` }, { report, signal });
      Object.assign(phaseSeconds, imported.phaseSeconds ?? {});
      log.info('prediction run done', { predictionSetId: set.id, model: input.model, titles: titles.length, coded, learnedFrom: learnedFrom.titles });
      return { model: input.model, titles: titles.length, coded, learnedFrom, phaseSeconds };
    } catch (error) {
      if (error instanceof PredictionSetGoneError) return empty;
      throw error;
    } finally {
      out?.destroy();
      await removeUpload(deps.config, file).catch(() => undefined);
    }
  };
}

interface RunDatasetMetadata {
  language?: string | null;
  period?: string | null;
  scheme?: SchemeId | null;
  codeColumn?: string | null;
  restrictPredictionsWithCodes?: boolean;
}

/**
 * The wizard's 'Restrict predictions to associated codes': per title, the codes of the target
 * scheme associated with the codes its rows carry (associated-codes.ts); null when not asked for.
 */
async function restriction(deps: WorkerDeps, input: JobInput<'predictions.run'>, metadata: RunDatasetMetadata | undefined, titles: string[]): Promise<(string[] | null)[] | null> {
  if (!metadata?.restrictPredictionsWithCodes || !metadata.scheme || !metadata.codeColumn) return null;
  const associated = await associatedCodes(deps.schemes, metadata.scheme, input.scheme);
  return allowedPerTitle(titles, await datasetTitleCodes(deps.db, input.datasetId), associated);
}

interface Coding {
  /** Titles per request (the built-in coder: per progress step). */
  batchSize: number;
  /** Batches in flight at once. */
  concurrency: number;
  code: (titles: string[]) => Promise<CodePrediction[][]>;
}

/** How the run's model codes a batch of titles: the built-in coder here, or a configured service (issue 13). */
async function codingFor(
  deps: WorkerDeps,
  input: JobInput<'predictions.run'>,
  context: { builtin: Map<string, CodePrediction[]> | null; language: string | null; period: string | null; signal: AbortSignal },
): Promise<Coding> {
  const services = deps.config.predictionServices;
  const budget = new RequestBudget(services.requestCap);
  if (input.model === 'builtin') return { batchSize: 2_000, concurrency: 1, code: async (titles) => titles.map((title) => context.builtin!.get(title) ?? []) };
  if (input.model === 'occcanine') {
    if (!services.occcanineUrl) throw new UnrecoverableError('OccCANINE is not configured on this server (OCCCANINE_URL).');
    const url = services.occcanineUrl;
    const lang = languageCode(context.language);
    return { batchSize: 200, concurrency: services.concurrency, code: (titles) => codeWithOccCanine(titles, { url, lang, timeoutMs: services.timeoutMs, signal: context.signal, budget }) };
  }
  const service = services.llms[input.model as LlmModel];
  if (!service) throw new UnrecoverableError(`The model ${input.model} is not configured on this server.`);
  const lookup = (await deps.schemes.trees.get(input.scheme)).tree.lookup;
  const byCode = new Map(Object.values(lookup).map((record) => [record.label, record]));
  const llmContext = { schemeLabel: schemeById(input.scheme).label, language: context.language, period: context.period };
  return {
    batchSize: 20,
    concurrency: services.concurrency,
    code: (titles) =>
      codeWithLlm(
        titles.map((title) => ({
          title,
          candidates: (context.builtin!.get(title) ?? []).flatMap((prediction) => {
            const record = byCode.get(prediction.code);
            return record ? [{ code: record.label, label: record.name }] : [];
          }),
        })),
        { service, name: input.model, context: llmContext, isCode: (code) => (byCode.has(code) ? code : null), timeoutMs: services.timeoutMs, signal: context.signal, budget },
      ),
  };
}

/** OccCANINE's `lang` from the dataset's language ('English', 'da', 'Danish' → 'en', 'da'); 'unk' when unknown. */
function languageCode(language: string | null): string {
  const names: Record<string, string> = { english: 'en', danish: 'da', swedish: 'se', norwegian: 'no', german: 'de', dutch: 'nl', french: 'fr', italian: 'it', spanish: 'es', portuguese: 'pt', icelandic: 'is', greek: 'gr', polish: 'pl' };
  const text = language?.trim().toLowerCase() ?? '';
  if (/^[a-z]{2}$/.test(text)) return text;
  return names[text] ?? 'unk';
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
}
