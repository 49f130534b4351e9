import type { LinkRelation } from '@og/shared/contracts/links';
import type { SuggestionEvidence } from '@og/shared/contracts/link-suggestions';
import type { SchemeId } from '@og/shared/domain/schemes';
import { type Database, inTransaction, type Queryable } from '../database.js';

/**
 * Link suggestions (issue 31, migration 022): the candidates the `links.suggest` job stores per
 * ordered scheme pair, its last run, and the negative mappings no suggestion may propose.
 */

/** A candidate as stored: the source code's value, its rank (1: best) and the candidate target code's. */
export interface StoredSuggestion {
  sourceCode: string;
  rank: number;
  targetCode: string;
  score: number;
  relation: LinkRelation;
  evidence: SuggestionEvidence[];
}

/** Rows sent per INSERT (8 parameters each, well under Postgres's 65,535). */
const rowsPerInsert = 2_000;

/**
 * Replaces the pair's candidates and its run in one transaction: a reader sees the old
 * candidates or the new ones, never half of each. Two runs of the pair finishing at once take
 * turns (a transaction lock on the pair), the later one's candidates kept.
 */
export async function replaceLinkSuggestions(
  db: Database,
  pair: { source: SchemeId; target: SchemeId },
  run: { jobId: string; requestedBy: string | null; codes: number },
  suggestions: readonly StoredSuggestion[],
): Promise<void> {
  await inTransaction(db, async (client) => {
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('link_suggestions:' || $1 || '>' || $2))`, [pair.source, pair.target]);
    await client.query('DELETE FROM link_suggestions WHERE source_scheme = $1 AND target_scheme = $2', [pair.source, pair.target]);
    for (let start = 0; start < suggestions.length; start += rowsPerInsert) {
      const chunk = suggestions.slice(start, start + rowsPerInsert);
      await client.query(
        `INSERT INTO link_suggestions (source_scheme, target_scheme, source_code, rank, target_code, score, relation, evidence)
         SELECT $1, $2, s.source_code, s.rank, s.target_code, s.score, s.relation, s.evidence
           FROM unnest($3::text[], $4::smallint[], $5::text[], $6::real[], $7::text[], $8::jsonb[])
             AS s(source_code, rank, target_code, score, relation, evidence)`,
        [
          pair.source,
          pair.target,
          chunk.map((row) => row.sourceCode),
          chunk.map((row) => row.rank),
          chunk.map((row) => row.targetCode),
          chunk.map((row) => row.score),
          chunk.map((row) => row.relation),
          chunk.map((row) => JSON.stringify(row.evidence)),
        ],
      );
    }
    await client.query(
      `INSERT INTO link_suggestion_runs (source_scheme, target_scheme, job_id, requested_by, finished_at, codes)
       VALUES ($1, $2, $3, $4, now(), $5)
       ON CONFLICT (source_scheme, target_scheme) DO UPDATE
         SET job_id = EXCLUDED.job_id, requested_by = EXCLUDED.requested_by, finished_at = EXCLUDED.finished_at, codes = EXCLUDED.codes`,
      [pair.source, pair.target, run.jobId, run.requestedBy, run.codes],
    );
  });
}

/** The pair's candidates (of one source code, if given), each source code's best first. */
export async function readLinkSuggestions(db: Queryable, pair: { source: SchemeId; target: SchemeId; code?: string }): Promise<StoredSuggestion[]> {
  const result = await db.query<{ source_code: string; rank: number; target_code: string; score: number; relation: LinkRelation; evidence: SuggestionEvidence[] }>(
    `SELECT source_code, rank, target_code, score, relation, evidence
       FROM link_suggestions
      WHERE source_scheme = $1 AND target_scheme = $2 AND ($3::text IS NULL OR source_code = $3)
      ORDER BY source_code, rank`,
    [pair.source, pair.target, pair.code ?? null],
  );
  return result.rows.map((row) => ({
    sourceCode: row.source_code,
    rank: row.rank,
    targetCode: row.target_code,
    score: row.score,
    relation: row.relation,
    evidence: row.evidence,
  }));
}

/** When the pair's last run finished, how many source codes it looked at, and its job. */
export async function readLinkSuggestionRun(db: Queryable, pair: { source: SchemeId; target: SchemeId }): Promise<{ finishedAt: Date; codes: number; jobId: string } | null> {
  const result = await db.query<{ finished_at: Date; codes: number; job_id: string }>(
    'SELECT finished_at, codes, job_id FROM link_suggestion_runs WHERE source_scheme = $1 AND target_scheme = $2',
    [pair.source, pair.target],
  );
  const row = result.rows[0];
  return row ? { finishedAt: row.finished_at, codes: row.codes, jobId: row.job_id } : null;
}

/**
 * The rejected pairs between two schemes, as (first IRI, second IRI) in scheme-name order, as
 * link_rejections keys them: those whose first IRI starts with `firstPrefix` and second with
 * `secondPrefix` (the code prefixes of the scheme first in name order, and the other's).
 */
export async function readRejectedPairs(db: Queryable, prefixes: { first: string; second: string }): Promise<{ first: string; second: string }[]> {
  const result = await db.query<{ first_iri: string; second_iri: string }>(
    `SELECT first_iri, second_iri FROM link_rejections
      WHERE starts_with(first_iri, $1) AND starts_with(second_iri, $2)`,
    [prefixes.first, prefixes.second],
  );
  return result.rows.map((row) => ({ first: row.first_iri, second: row.second_iri }));
}
