import type { LlmService } from '@og/api/config/config';
import type { CodePrediction } from '../builtin-coder/title-coder.js';
import { postJson, type RequestBudget, ServiceError } from './service-request.js';

export interface LlmTitle {
  title: string;
  /** The title's language by name ('Dutch'), when known: named beside the title when it is not the dataset's. */
  language?: string | null;
  /** The built-in coder's candidates, with their labels: what the model chooses from first. */
  candidates: { code: string; label: string }[];
}

export interface LlmContext {
  schemeLabel: string;
  language: string | null;
  period: string | null;
}

/** A title is cut to this many characters in a prompt (a huge cell must not overflow the model's context). */
const maxTitleChars = 300;

/** The prompt: the titles with their candidates, the dataset's language and period; JSON only back. */
export function llmMessages(titles: readonly LlmTitle[], context: LlmContext): { role: 'system' | 'user'; content: string }[] {
  const system = [
    `You code historical and modern occupational titles into ${context.schemeLabel}.`,
    'For each numbered title give up to 5 codes of that scheme, best first, each with your confidence from 0 to 1.',
    'Prefer the candidate codes listed with the title; use another code of the scheme only when none fits.',
    'A title that names no occupation gets no codes.',
    'Answer with JSON only: {"results": [{"index": 1, "codes": [{"code": "…", "confidence": 0.9}]}]}.',
  ].join(' ');
  const lines = titles.map((item, index) => {
    const candidates = item.candidates.map((candidate) => `${candidate.code} ${candidate.label}`).join('; ');
    const language = item.language && item.language !== context.language ? ` (${item.language})` : '';
    return `${index + 1}. ${JSON.stringify(item.title.slice(0, maxTitleChars))}${language}${candidates ? ` — candidates: ${candidates}` : ''}`;
  });
  const about = [context.language ? `Language: ${context.language}.` : null, context.period ? `Period: ${context.period}.` : null].filter(Boolean).join(' ');
  return [
    { role: 'system', content: system },
    { role: 'user', content: `${about}${about ? '\n' : ''}${lines.join('\n')}` },
  ];
}

/**
 * Codes titles with an OpenAI-compatible chat completions API (`{baseUrl}/chat/completions`). The
 * answer must be JSON naming codes of the scheme (`isCode`); anything else in it is discarded, and
 * an answer that is not such JSON at all fails the batch (the job retries it). Titles the answer
 * leaves out are asked for once more, on their own, while the run's request budget allows; a title
 * still left out stays uncoded, for a reviewer (`onUnanswered` hears how many).
 */
export async function codeWithLlm(
  titles: readonly LlmTitle[],
  options: {
    service: LlmService;
    name: string;
    context: LlmContext;
    isCode: (code: string) => string | null;
    timeoutMs: number;
    signal: AbortSignal;
    budget: RequestBudget;
    onUnanswered?: (titles: number) => void;
    /** Whether a request to ask again is spare (the requests the run's other batches still need are kept for them). */
    mayAskAgain?: () => boolean;
  },
): Promise<CodePrediction[][]> {
  const first = await askLlm(titles, options);
  const missing = first.flatMap((answer, index) => (answer === null ? [index] : []));
  if (missing.length && (options.mayAskAgain?.() ?? options.budget.left > 0)) {
    try {
      const again = await askLlm(
        missing.map((index) => titles[index]!),
        options,
      );
      for (const [at, index] of missing.entries()) first[index] = again[at] ?? null;
    } catch (error) {
      // Asking again is a favour: a cap reached on the way leaves those titles uncoded, the run goes on.
      if (!(error instanceof ServiceError) || options.budget.left > 0) throw error;
    }
  }
  const unanswered = first.filter((answer) => answer === null).length;
  if (unanswered) options.onUnanswered?.(unanswered);
  return first.map((answer) => answer ?? []);
}

/** One request: per title its codes (best first), or null when the answer left the title out. */
async function askLlm(
  titles: readonly LlmTitle[],
  options: { service: LlmService; name: string; context: LlmContext; isCode: (code: string) => string | null; timeoutMs: number; signal: AbortSignal; budget: RequestBudget },
): Promise<(CodePrediction[] | null)[]> {
  const headers: Record<string, string> = options.service.apiKey ? { authorization: `Bearer ${options.service.apiKey}` } : {};
  const answer = (await postJson(
    `${options.service.baseUrl}/chat/completions`,
    { model: options.service.modelId, messages: llmMessages(titles, options.context), temperature: 0, response_format: { type: 'json_object' } },
    { service: options.name, headers, timeoutMs: options.timeoutMs, signal: options.signal, budget: options.budget },
  )) as { choices?: { message?: { content?: unknown } }[] };
  const content = answer.choices?.[0]?.message?.content;
  if (typeof content !== 'string') throw new ServiceError(`${options.name} answered without a message.`, null);
  let parsed: unknown;
  try {
    parsed = JSON.parse(content.replace(/^```(?:json)?\s*|\s*```$/g, ''));
  } catch {
    throw new ServiceError(`${options.name} answered something that is not the JSON asked for.`, null);
  }
  const results = typeof parsed === 'object' && parsed !== null ? (parsed as { results?: unknown }).results : undefined;
  if (!Array.isArray(results)) throw new ServiceError(`${options.name} answered JSON without results.`, null);
  const coded: (CodePrediction[] | null)[] = titles.map(() => null);
  for (const result of results) {
    const index = Number((result as { index?: unknown }).index) - 1;
    const codes = (result as { codes?: unknown }).codes;
    if (!Number.isInteger(index) || index < 0 || index >= titles.length || !Array.isArray(codes)) continue;
    // An answered title with no codes names no occupation: answered, uncoded.
    const predictions = (coded[index] ??= []);
    const seen = new Set(predictions.map((prediction) => prediction.code));
    for (const entry of codes.slice(0, 5)) {
      const code = options.isCode(String((entry as { code?: unknown }).code ?? '').trim());
      const conf = Number((entry as { confidence?: unknown }).confidence);
      if (!code || seen.has(code) || !Number.isFinite(conf)) continue;
      seen.add(code);
      predictions.push({ code, conf: Math.min(1, Math.max(0, conf)) });
    }
    predictions.sort((a, b) => b.conf - a.conf);
  }
  return coded;
}
