import { type TranslatedCode, type TranslateResult, type TranslateTarget, translateTargetLimit } from '@og/shared/contracts/public';
import { AppError } from '@og/shared/errors/app-error';
import type { SchemeId } from '@og/shared/domain/schemes';
import type { Database } from '../db/database.js';
import { findLinkFacts, type LinkEnds } from '../db/queries/link-records.js';
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
 * through a descendant's link names that descendant (`via`). A target reached by a link that
 * carries a weight as a share of the asked-for code has that `weight` (a descendant's weights are
 * shares of the descendant, not of the code asked for: left out).
 */
export async function translateCodes(app: { schemes: SchemeContext; db: Database }, request: { from: SchemeId; to: SchemeId; codes: string[] }): Promise<TranslateResult> {
  const { schemes } = app;
  const graph = await cachedGraph(schemes, [request.from], request.to);
  const linkOf = new Map<TranslateTarget, LinkEnds>();
  const sourceCodes = graph.codesOf(request.from)!;
  // Spellings of one code ('2', '02', '2.0') are found once: each code's paths are walked once.
  const byValue = new Map<string, Omit<TranslatedCode, 'code'>>();
  const answers: TranslatedCode[] = [];
  let targetCount = 0;
  for (const code of new Set(request.codes.filter((each) => each !== ''))) {
    const value = sourceCodes.find(code);
    let found = value === null ? undefined : byValue.get(value);
    if (!found) {
      found = translateOne(graph, sourceCodes, request.from, code, (target, start, value) => linkOf.set(target, linkEnds(schemes, request.from, start, request.to, value)));
      if (value !== null) byValue.set(value, found);
    }
    targetCount += found.targets.length;
    if (targetCount > translateTargetLimit) {
      throw new AppError('result_too_large', `These codes reach more than ${translateTargetLimit.toLocaleString('en')} codes of ${request.to}: translate fewer at a time.`);
    }
    answers.push({ code, ...found });
  }
  await addWeights(app.db, linkOf, request.from < request.to ? 'first' : 'second');
  return { from: request.from, to: request.to, codes: answers };
}

/** A direct link from a code of `from` to a code of `to` (their values), as the store keys it. */
function linkEnds(schemes: SchemeContext, from: SchemeId, start: string, to: SchemeId, target: string): LinkEnds {
  const sourceIri = schemes.iris.code(from, start);
  const targetIri = schemes.iris.code(to, target);
  return from < to ? { first: sourceIri, second: targetIri } : { first: targetIri, second: sourceIri };
}

/** Gives each target reached by a weighted link its weight, when the weight is a share of the code the link starts from (`from`: that code's end). */
async function addWeights(db: Database, linkOf: Map<TranslateTarget, LinkEnds>, from: 'first' | 'second'): Promise<void> {
  const facts = await findLinkFacts(db, [...linkOf.values()]);
  for (const [target, link] of linkOf) {
    const fact = facts.get(`${link.first} ${link.second}`);
    if (fact?.weight != null && fact.weightOf === from) target.weight = fact.weight;
  }
}

function translateOne(
  graph: ConversionGraph,
  sourceCodes: SchemeCodes,
  from: SchemeId,
  code: string,
  directLink: (target: TranslateTarget, start: string, value: string) => void,
): Omit<TranslatedCode, 'code'> {
  const found = graph.paths(from, code);
  const name = found.value === null ? null : (sourceCodes.record(found.value)?.name ?? null);
  if (found.reason !== null) {
    const status = found.reason === 'unknown code' ? 'unknown' : found.reason === 'unlinkable' ? 'unlinkable' : 'no-link';
    return { name, status, targets: [] };
  }
  const own = `${from}:${found.value}`;
  const best = new Map<string, TranslateTarget>();
  const startOf = new Map<TranslateTarget, string>();
  for (const link of found.links) {
    const record = graph.target.record(link.target);
    const via = link.path === 'direct' && link.start !== own ? written(sourceCodes, link.start.slice(from.length + 1)) : null;
    const target: TranslateTarget = { code: written(graph.target, link.target), name: record?.name ?? '', relation: link.relation, path: link.path, via };
    const kept = best.get(link.target);
    if (!kept || better(target, kept)) {
      best.set(link.target, target);
      startOf.set(target, link.start);
    }
  }
  for (const [value, target] of best) if (target.path === 'direct' && target.via === null) directLink(target, startOf.get(target)!.slice(from.length + 1), value);
  const targets = [...best.values()].sort((a, b) => pathRank[a.path] - pathRank[b.path] || a.code.localeCompare(b.code, 'en', { numeric: true }));
  return { name, status: 'translated', targets };
}

function better(candidate: TranslateTarget, kept: TranslateTarget): boolean {
  if (pathRank[candidate.path] !== pathRank[kept.path]) return pathRank[candidate.path] < pathRank[kept.path];
  return (candidate.relation ? relationStrength[candidate.relation] : 0) > (kept.relation ? relationStrength[kept.relation] : 0);
}
