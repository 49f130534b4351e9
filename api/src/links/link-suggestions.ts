import type { JobAccepted } from '@og/shared/contracts/jobs';
import type { LinkSuggestion, LinkSuggestions, LinkSuggestionsQuery, SuggestLinksRequest } from '@og/shared/contracts/link-suggestions';
import type { AppContext } from '../context.js';
import { readLinkSuggestionRun, readLinkSuggestions, readRejectedPairs } from '../db/queries/link-suggestions.js';
import { readLinkMaps } from './link-maps.js';

/** Queues the `links.suggest` job of a scheme pair for an admin; answers its job. */
export async function startLinkSuggestions(
  app: Pick<AppContext, 'db' | 'jobs'>,
  request: SuggestLinksRequest,
  run: { ownerId: string; requestKey: string },
): Promise<JobAccepted> {
  const queued = await app.jobs.enqueue(app.db, 'links.suggest', { source: request.source, target: request.target, all: request.all ?? false, actorId: run.ownerId }, run);
  return { jobId: queued.id };
}

/** An answer of `GET /api/links/suggestions` with its source codes as a list, in their order. */
export interface RankedSuggestions {
  codes: [string, LinkSuggestion[]][];
  run: LinkSuggestions['run'];
}

/**
 * The pair's stored candidates (of one source code, if asked), best first, leaving out pairs
 * rejected or linked since the job ran; source codes best first, by their best candidate's
 * score (a code left with no candidate is left out).
 */
export async function readSuggestionsOfPair(app: Pick<AppContext, 'db' | 'schemes'>, query: LinkSuggestionsQuery): Promise<RankedSuggestions> {
  const [stored, run, maps] = await Promise.all([
    readLinkSuggestions(app.db, query),
    readLinkSuggestionRun(app.db, query),
    readLinkMaps(app.schemes, [query.source, query.target]),
  ]);
  const sourcePrefix = app.schemes.iris.codePrefix(query.source);
  const targetPrefix = app.schemes.iris.codePrefix(query.target);
  const sourceFirst = query.source < query.target;
  const rejected = new Set<string>();
  for (const { first, second } of await readRejectedPairs(app.db, sourceFirst ? { first: sourcePrefix, second: targetPrefix } : { first: targetPrefix, second: sourcePrefix })) {
    const [source, target] = sourceFirst ? [first, second] : [second, first];
    rejected.add(`${source.slice(sourcePrefix.length)} ${target.slice(targetPrefix.length)}`);
  }
  const linked = maps.maps[query.source] ?? {};
  const byCode = new Map<string, LinkSuggestion[]>();
  for (const row of stored) {
    if (rejected.has(`${row.sourceCode} ${row.targetCode}`)) continue;
    if (linked[row.sourceCode]?.[query.target]?.includes(row.targetCode)) continue;
    const list = byCode.get(row.sourceCode) ?? [];
    byCode.set(row.sourceCode, list);
    list.push({ code: row.targetCode, score: row.score, relation: row.relation, evidence: row.evidence });
  }
  const codes = [...byCode].sort((a, b) => b[1][0]!.score - a[1][0]!.score || (a[0] < b[0] ? -1 : 1));
  return { codes, run: run ? { finishedAt: run.finishedAt.toISOString(), codes: run.codes, jobId: run.jobId } : null };
}

/**
 * The answer as JSON text (`{codes: {code: [...]}, run}`) with its source codes in their order,
 * best first. A JavaScript object iterates integer-like keys (ISCO-08's '1111', OCC1950's '290')
 * in number order whatever order they were added in, so the object's JSON.stringify would send
 * such codes in number order; each code is written in turn instead.
 */
export function suggestionsJson(answer: RankedSuggestions): string {
  const codes = answer.codes.map(([code, candidates]) => `${JSON.stringify(code)}:${JSON.stringify(candidates satisfies LinkSuggestion[])}`).join(',');
  return `{"codes":{${codes}},"run":${JSON.stringify(answer.run satisfies LinkSuggestions['run'])}}`;
}
