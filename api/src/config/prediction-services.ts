import { z } from 'zod';

/** The LLMs 'Run predictions' offers (SPEC §2), and the prefix of their settings (`LLM_{PREFIX}_URL`, `_KEY`, `_MODEL`). */
export const llmSettingPrefixes = { 'gpt-4.1': 'GPT41', deepseek: 'DEEPSEEK', 'claude-sonnet-4': 'CLAUDE_SONNET_4', 'gemini-2.5-pro': 'GEMINI_25_PRO' } as const;
export type LlmModel = keyof typeof llmSettingPrefixes;

export interface LlmService {
  /** An OpenAI-compatible API's base URL (`…/v1`): chat completions are POSTed to `{baseUrl}/chat/completions`. */
  baseUrl: string;
  apiKey: string;
  modelId: string;
}

/**
 * External coders, all optional: an HTTP service around OccCANINE's `predict`, and
 * OpenAI-compatible chat completions per LLM. Keys stay here: never sent to browsers, logs or job data.
 */
export interface PredictionServices {
  occcanineUrl: string | null;
  llms: Partial<Record<LlmModel, LlmService>>;
  /** Most requests one run may send to a service. */
  requestCap: number;
  /** Requests one run has in flight at once. */
  concurrency: number;
  /** How long one request may take. */
  timeoutMs: number;
  /** Titles per part of a run (each a job any worker process may take). */
  chunkTitles: number;
}

const url = z.url({ protocol: /^https?$/ });

/** Reads the services from the environment; a malformed setting is named in the returned problems. */
export function readPredictionServices(source: Record<string, string | undefined>): { services: PredictionServices; problems: string[] } {
  const problems: string[] = [];
  const text = (name: string) => source[name]?.trim() || undefined;
  const checkedUrl = (name: string) => {
    const value = text(name);
    if (value && !url.safeParse(value).success) problems.push(`${name}: not an http(s) URL`);
    else if (value && /^[a-z]+:\/\/[^/]*@/i.test(value)) problems.push(`${name}: put no user or password in the URL (an LLM's key goes in its _KEY setting)`);
    return value ?? null;
  };
  const number = (name: string, fallback: number) => {
    const value = text(name);
    if (value === undefined) return fallback;
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed < 1) problems.push(`${name}: a positive whole number`);
    return parsed;
  };
  const llms: PredictionServices['llms'] = {};
  for (const [model, prefix] of Object.entries(llmSettingPrefixes) as [LlmModel, string][]) {
    const baseUrl = checkedUrl(`LLM_${prefix}_URL`);
    const apiKey = text(`LLM_${prefix}_KEY`);
    const modelId = text(`LLM_${prefix}_MODEL`);
    if (!baseUrl && !apiKey && !modelId) continue;
    if (!baseUrl || !modelId) {
      problems.push(`LLM_${prefix}_URL and LLM_${prefix}_MODEL are both needed for ${model}`);
      continue;
    }
    llms[model] = { baseUrl: baseUrl.replace(/\/+$/, ''), apiKey: apiKey ?? '', modelId };
  }
  return {
    services: {
      occcanineUrl: checkedUrl('OCCCANINE_URL'),
      llms,
      requestCap: number('PREDICTION_REQUEST_CAP', 2_000),
      concurrency: number('PREDICTION_CONCURRENCY', 4),
      timeoutMs: number('PREDICTION_TIMEOUT_MS', 60_000),
      chunkTitles: number('PREDICTION_CHUNK_TITLES', 20_000),
    },
    problems,
  };
}
