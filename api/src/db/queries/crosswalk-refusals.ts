import type { Queryable } from '../database.js';

/** A row of a crosswalk file that the import did not make a link of, and why. */
export interface CrosswalkRefusal {
  line: number;
  sourceCode: string;
  targetCode: string;
  relation: string | null;
  reason: string;
}

/** Records refused rows of an import (a retried job records each line once). */
export async function insertCrosswalkRefusals(db: Queryable, jobId: string, refusals: CrosswalkRefusal[]): Promise<void> {
  if (refusals.length === 0) return;
  await db.query(
    `INSERT INTO crosswalk_refusals (job_id, line, source_code, target_code, relation, reason)
     SELECT $1, * FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[])
     ON CONFLICT (job_id, line) DO NOTHING`,
    [jobId, refusals.map((row) => row.line), refusals.map((row) => row.sourceCode), refusals.map((row) => row.targetCode), refusals.map((row) => row.relation), refusals.map((row) => row.reason)],
  );
}

/** Every refused row of an import, in file order. */
export async function listCrosswalkRefusals(db: Queryable, jobId: string): Promise<CrosswalkRefusal[]> {
  const result = await db.query<{ line: number; source_code: string; target_code: string; relation: string | null; reason: string }>(
    'SELECT line, source_code, target_code, relation, reason FROM crosswalk_refusals WHERE job_id = $1 ORDER BY line',
    [jobId],
  );
  return result.rows.map((row) => ({ line: row.line, sourceCode: row.source_code, targetCode: row.target_code, relation: row.relation, reason: row.reason }));
}
