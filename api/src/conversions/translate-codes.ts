import { type TranslatedCode, type TranslateResult, type TranslateTarget, translateTargetLimit } from '@og/shared/contracts/public';
import { AppError } from '@og/shared/errors/app-error';
import type { SchemeId } from '@og/shared/domain/schemes';
import type { SchemeContext } from '../schemes/scheme-context.js';
import { type ConversionGraph, relationStrength, type SchemeCodes } from './conversion-graph.js';
import { cachedGraph } from './conversion-query.js';

const pathRank = { direct: 0, 'two-hop': 1, 'default-to-parent': 2 } as const;

/** A code as people write it: its label (the code string), else its value. */
function written(codes: SchemeCodes, value: string): string {
  const record = codes.record(value);
  return record?.label || value;
}

/**
 * 'Translate codes' of Explore: each code of `from` read in `to` through the same
 * paths as a conversion (its own links, its descendants', two links through a third scheme, or
 * its parent's when it defaults to its parent). A target reached several ways is listed once, by
 * its best way (a direct link before two hops, the strongest relation first); a target reached
 * through a descendant's link names that descendant (`via`).
 */
export async function translateCodes(schemes: SchemeContext, request: { from: SchemeId; to: SchemeId; codes: string[] }): Promise<TranslateResult> {
  const graph = await cachedGraph(schemes, [request.from], request.to);
  const sourceCodes = graph.codesOf(request.from)!;
  // Spellings of one code ('2', '02', '2.0') are found once: each code's paths are walked once.
  const byValue = new Map<string, Omit<TranslatedCode, 'code'>>();
  const answers: TranslatedCode[] = [];
  let targetCount = 0;
  for (const code of new Set(request.codes.filter((each) => each !== ''))) {
    const value = sourceCodes.find(code);
    let found = value === null ? undefined : byValue.get(value);
    if (!found) {
      found = translateOne(graph, sourceCodes, request.from, code);
      if (value !== null) byValue.set(value, found);
    }
    targetCount += found.targets.length;
    if (targetCount > translateTargetLimit) {
      throw new AppError('result_too_large', `These codes reach more than ${translateTargetLimit.toLocaleString('en')} codes of ${request.to}: translate fewer at a time.`);
    }
    answers.push({ code, ...found });
  }
  return { from: request.from, to: request.to, codes: answers };
}

function translateOne(graph: ConversionGraph, sourceCodes: SchemeCodes, from: SchemeId, code: string): Omit<TranslatedCode, 'code'> {
  const found = graph.paths(from, code);
  const name = found.value === null ? null : (sourceCodes.record(found.value)?.name ?? null);
  if (found.reason !== null) {
    const status = found.reason === 'unknown code' ? 'unknown' : found.reason === 'unlinkable' ? 'unlinkable' : 'no-link';
    return { name, status, targets: [] };
  }
  const own = `${from}:${found.value}`;
  const best = new Map<string, TranslateTarget>();
  for (const link of found.links) {
    const record = graph.target.record(link.target);
    const via = link.path === 'direct' && link.start !== own ? written(sourceCodes, link.start.slice(from.length + 1)) : null;
    const target: TranslateTarget = { code: written(graph.target, link.target), name: record?.name ?? '', relation: link.relation, path: link.path, via };
    const kept = best.get(link.target);
    if (!kept || better(target, kept)) best.set(link.target, target);
  }
  const targets = [...best.values()].sort((a, b) => pathRank[a.path] - pathRank[b.path] || a.code.localeCompare(b.code, 'en', { numeric: true }));
  return { name, status: 'translated', targets };
}

function better(candidate: TranslateTarget, kept: TranslateTarget): boolean {
  if (pathRank[candidate.path] !== pathRank[kept.path]) return pathRank[candidate.path] < pathRank[kept.path];
  return (candidate.relation ? relationStrength[candidate.relation] : 0) > (kept.relation ? relationStrength[kept.relation] : 0);
}
