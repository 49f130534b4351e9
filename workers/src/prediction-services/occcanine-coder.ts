import type { CodePrediction } from '../builtin-coder/title-coder.js';
import { hiscoCode } from '../predictions-import/prediction-codes.js';
import { postJson, type RequestBudget, ServiceError } from './service-request.js';

/**
 * The OccCANINE service contract (documented in README "Running predictions"):
 * `POST {OCCCANINE_URL}` with `{"titles": [...], "lang": "en", "k": 5}` answers OccCANINE's own wide
 * rows, one per title in order: `[{"occ1": "...", "hisco_1": "61110", "prob_1": 0.93, "desc_1": "...", …, "hisco_5", "prob_5"}]`
 * (or `{"rows": [...]}`); empty slots, `No pred` and `nan` are skipped.
 */
export async function codeWithOccCanine(
  titles: readonly string[],
  options: { url: string; lang: string; timeoutMs: number; signal: AbortSignal; budget: RequestBudget },
): Promise<CodePrediction[][]> {
  const answer = await postJson(options.url, { titles, lang: options.lang, k: 5 }, { service: 'OccCANINE', timeoutMs: options.timeoutMs, signal: options.signal, budget: options.budget });
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
