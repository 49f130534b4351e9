import type { CodePrediction } from '../builtin-coder/title-coder.js';
import { hiscoCode } from '@og/api/predictions/prediction-file/prediction-codes';
import { postJson, type RequestBudget, ServiceError } from './service-request.js';

/**
 * The OccCANINE service contract (documented in README "Running predictions"):
 * `POST {OCCCANINE_URL}` with `{"titles": [...], "lang": "en", "k": 5}` answers OccCANINE's own wide
 * rows, one per title in order: `[{"occ1": "...", "hisco_1": "61110", "prob_1": 0.93, "desc_1": "...", …, "hisco_5", "prob_5"}]`
 * (or `{"rows": [...]}`); empty slots, `No pred` and `nan` are skipped. `lang` may be a list, one code per
 * title (infra/occcanine-service takes both); it is sent as a list only when the titles' languages differ,
 * so a server that takes one language keeps working for single-language runs.
 */
export async function codeWithOccCanine(
  titles: readonly string[],
  options: {
    url: string;
    /** The language of titles without their own. */
    lang: string;
    /** Each title's language, beside `titles` (null: `lang`). */
    langs?: readonly (string | null)[];
    timeoutMs: number;
    signal: AbortSignal;
    budget: RequestBudget;
  },
): Promise<CodePrediction[][]> {
  const answer = await postJson(options.url, { titles, lang: requestLang(titles, options), k: 5 }, { service: 'OccCANINE', timeoutMs: options.timeoutMs, signal: options.signal, budget: options.budget });
  const rows = Array.isArray(answer) ? answer : (answer as { rows?: unknown }).rows;
  if (!Array.isArray(rows) || rows.length !== titles.length) {
    throw new ServiceError(`OccCANINE answered ${Array.isArray(rows) ? rows.length : 'no'} rows for ${titles.length} titles.`, null);
  }
  return rows.map((row) => {
    const predictions: CodePrediction[] = [];
    for (let k = 1; k <= 5; k++) {
      const fields = row as Record<string, unknown>;
      const code = fields[`hisco_${k}`];
      const conf = Number(fields[`prob_${k}`]);
      const text = code === null || code === undefined ? '' : String(code).trim();
      if (!text || text === 'nan' || /^no pred/i.test(text) || !Number.isFinite(conf)) continue;
      predictions.push({ code: hiscoCode(text), conf: Math.min(1, Math.max(0, conf)) });
    }
    return predictions;
  });
}

/** The request's `lang`: one code when every title has the same language, else one per title. */
function requestLang(titles: readonly string[], options: { lang: string; langs?: readonly (string | null)[] }): string | string[] {
  if (!options.langs) return options.lang;
  if (options.langs.length !== titles.length) throw new Error(`codeWithOccCanine: ${options.langs.length} languages for ${titles.length} titles.`);
  const langs = options.langs.map((lang) => lang ?? options.lang);
  return langs.every((lang) => lang === langs[0]) ? (langs[0] ?? options.lang) : langs;
}
