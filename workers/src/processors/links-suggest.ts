import { findRunActor } from '@og/api/db/queries/prediction-runs';
import { replaceLinkSuggestions } from '@og/api/db/queries/link-suggestions';
import { UnrecoverableError } from 'bullmq';
import { evidenceCounts, gatherSuggestionEvidence, rankSuggestions } from '../link-suggestions/suggest-links.js';
import type { JobProcessor, WorkerDeps } from '../processor.js';

/**
 * `links.suggest`: gathers the evidence for a scheme pair's candidates, scores them, and replaces
 * the pair's stored candidates in one transaction at the end (a reader sees the old ones until then).
 */
export function linksSuggest(deps: WorkerDeps): JobProcessor<'links.suggest'> {
  return async (input, { report, signal, job, log }) => {
    const viewer = await findRunActor(deps.db, input.actorId);
    if (!viewer) throw new UnrecoverableError('The user who asked for the suggestions is gone.');
    const table = await gatherSuggestionEvidence(
      { db: deps.db, schemes: deps.schemes, seedDir: deps.config.seedDir, signal },
      { source: input.source, target: input.target, all: input.all, viewer },
      (phase, done, total) => report({ phase, done, total, unit: phase === 'gathering' ? 'steps' : 'codes' }),
    );
    const suggestions = rankSuggestions(table);
    signal.throwIfAborted();
    await report({ phase: 'storing', done: 0, total: suggestions.length, unit: 'candidates' });
    await replaceLinkSuggestions(deps.db, input, { jobId: String(job.id), requestedBy: viewer.id, codes: table.codes.length }, suggestions);
    await report({ phase: 'done', done: suggestions.length, total: suggestions.length, unit: 'candidates' });
    const suggested = new Set(suggestions.map((suggestion) => suggestion.sourceCode)).size;
    log.info('link suggestions stored', { source: input.source, target: input.target, codes: table.codes.length, suggested });
    return { codes: table.codes.length, suggested, evidence: evidenceCounts(suggestions) };
  };
}
