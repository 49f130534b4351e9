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

/**
 * The pair's stored candidates (of one source code, if asked), best first, leaving out pairs
 * rejected or linked since the job ran; source codes best first, by their best candidate's
 * score (a code left with no candidate is left out).
 */
export async function readSuggestionsOfPair(app: Pick<AppContext, 'db' | 'schemes'>, query: LinkSuggestionsQuery): Promise<LinkSuggestions> {
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
  const codes: LinkSuggestions['codes'] = {};
  for (const [code, list] of [...byCode].sort((a, b) => b[1][0]!.score - a[1][0]!.score || (a[0] < b[0] ? -1 : 1))) codes[code] = list;
  return { codes, run: run ? { finishedAt: run.finishedAt.toISOString(), codes: run.codes, jobId: run.jobId } : null };
}
