import { UnrecoverableError } from 'bullmq';
import type { Config, LlmModel } from '@og/api/config/config';
import type { SchemeContext } from '@og/api/schemes/scheme-context';
import { languageLabel, readLanguage } from '@og/shared/domain/languages';
import { schemeById, type SchemeId } from '@og/shared/domain/schemes';
import type { CodePrediction } from '../builtin-coder/title-coder.js';
import { codeWithLlm } from './llm-coder.js';
import { codeWithOccCanine } from './occcanine-coder.js';
import { RequestBudget } from './service-request.js';

/** How a run's model codes its titles: batches of this size, this many in flight at once. */
export interface Coding {
  /** Titles per request (the built-in coder: per progress step). */
  batchSize: number;
  /** Batches in flight at once. */
  concurrency: number;
  code: (titles: string[]) => Promise<CodePrediction[][]>;
  /** Titles the model's answers left out, even when asked again (an LLM's; uncoded, for a reviewer). */
  unanswered: () => number;
}

/** Titles per request to each kind of model (what the run's request cap is counted in). */
export function batchSizeOf(model: string): number {
  if (model === 'builtin') return 2_000;
  if (model === 'occcanine') return 200;
  return 20;
}

/**
 * How the run's model codes a batch of titles: the built-in coder's answers, read from
 * `builtin`, or a configured service's — an LLM is given the built-in coder's candidates. At most
 * `requests` requests are sent.
 */
export async function codingFor(
  deps: { config: Config; schemes: SchemeContext },
  run: { model: string; scheme: SchemeId },
  context: {
    builtin: Map<string, CodePrediction[]> | null;
    /** The dataset's language setting (an ISO 639 code, `mul`, or a name in older metadata). */
    language: string | null;
    /** Each title's own language (ISO 639; null: not known), as the dataset's settings give it. */
    titleLanguages: ReadonlyMap<string, string | null>;
    period: string | null;
    signal: AbortSignal;
    requests: number;
    titles: number;
  },
): Promise<Coding> {
  const services = deps.config.predictionServices;
  const budget = new RequestBudget(context.requests);
  const batchSize = batchSizeOf(run.model);
  let unanswered = 0;
  const none = () => 0;
  if (run.model === 'builtin') return { batchSize, concurrency: 1, code: async (titles) => titles.map((title) => context.builtin!.get(title) ?? []), unanswered: none };
  if (run.model === 'occcanine') {
    if (!services.occcanineUrl) throw new UnrecoverableError('OccCANINE is not configured on this server (OCCCANINE_URL).');
    const url = services.occcanineUrl;
    const lang = languageCode(context.language);
    const langs = (titles: readonly string[]) => titles.map((title) => context.titleLanguages.get(title) ?? null);
    return { batchSize, concurrency: services.concurrency, code: (titles) => codeWithOccCanine(titles, { url, lang, langs: langs(titles), timeoutMs: services.timeoutMs, signal: context.signal, budget }), unanswered: none };
  }
  const service = services.llms[run.model as LlmModel];
  if (!service) throw new UnrecoverableError(`The model ${run.model} is not configured on this server.`);
  const lookup = (await deps.schemes.trees.get(run.scheme)).tree.lookup;
  const byCode = new Map(Object.values(lookup).map((record) => [record.label, record]));
  const llmContext = { schemeLabel: schemeById(run.scheme).label, language: promptLanguage(context.language), period: context.period };
  // First asks not sent yet: asking again for left-out titles may only spend what they and the batches in flight leave.
  let firstAsksLeft = Math.ceil(context.titles / batchSize);
  return {
    batchSize,
    concurrency: services.concurrency,
    code: (titles) => {
      firstAsksLeft--;
      return codeWithLlm(
        titles.map((title) => ({
          title,
          language: promptLanguage(context.titleLanguages.get(title) ?? null),
          candidates: (context.builtin!.get(title) ?? []).flatMap((prediction) => {
            const record = byCode.get(prediction.code);
            return record ? [{ code: record.label, label: record.name }] : [];
          }),
        })),
        {
          service,
          name: run.model,
          context: llmContext,
          isCode: (code) => (byCode.has(code) ? code : null),
          timeoutMs: services.timeoutMs,
          signal: context.signal,
          budget,
          onUnanswered: (count) => (unanswered += count),
          mayAskAgain: () => budget.left > Math.max(0, firstAsksLeft) + services.concurrency,
        },
      );
    },
    unanswered: () => unanswered,
  };
}

/** A language as a prompt names it: 'Dutch' for `nl`; a value that is no language code as it is; null for none or several. */
function promptLanguage(language: string | null): string | null {
  if (!language || language === 'mul') return null;
  return languageLabel(language);
}

/**
 * OccCANINE's `lang` from the dataset's language: its ISO 639 code ('English', 'da', 'Danish' →
 * 'en', 'da'; the service maps codes to OccCANINE's own), 'unk' when it names no one language.
 */
export function languageCode(language: string | null): string {
  return readLanguage(language) ?? 'unk';
}
