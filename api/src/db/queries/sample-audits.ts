import { confidenceBands } from '@og/shared/domain/reliability/confidence-bands';
import { curveThresholds } from '@og/shared/domain/reliability/production-curve';
import type { Queryable } from '../database.js';

/**
 * Audits of a prediction set (migration 020): the populations of the confidence bands, the draw
 * of a band's entries in proportion to their size, the audits and their answers.
 *
 * An entry's size is what the draw is proportional to, an SQL expression over its row
 * (`sizeSql`): its people (at least 1, so an entry without people can still be drawn and stand
 * for itself), or 1 in a standalone set.
 */

/**
 * An entry's confidence as audits reckon it: its best confidence when it has a top prediction
 * with codes, else −1, below every threshold (bulk acceptance, whatever its confidence, maps only
 * entries with such a prediction).
 */
const auditConfidenceSql = `CASE WHEN json_array_length(predictions) > 0 AND json_array_length(predictions->0->'uris') > 0 THEN best_conf ELSE -1::real END`;

/** The band of an entry, as `bandOf` in shared/domain/reliability/confidence-bands.ts reckons it, compared as `real` the way the counts and bulk acceptance compare. */
const bandSql = `CASE ${confidenceBands
  .slice(0, -1)
  .map((band, index) => `WHEN ${auditConfidenceSql} >= ${band.from}::real THEN ${index}`)
  .join(' ')} ELSE ${confidenceBands.length - 1} END`;

export interface BandPopulationRow {
  band: number;
  entries: number;
  size: number;
}

/** Each non-empty band's entries and the sum of their sizes. */
export async function bandPopulations(db: Queryable, setId: string, sizeSql: string): Promise<BandPopulationRow[]> {
  const result = await db.query<{ band: number; entries: string; size: string }>(
    `SELECT ${bandSql} AS band, count(*) AS entries, sum(${sizeSql}) AS size FROM prediction_entries WHERE set_id = $1 GROUP BY 1`,
    [setId],
  );
  return result.rows.map((row) => ({ band: row.band, entries: Number(row.entries), size: Number(row.size) }));
}

export interface DrawnRow {
  string: string;
  best_conf: number;
  /** The entry's size in the draw. */
  size: number;
  /** The entry's people (null in a standalone set). */
  people: number | null;
}

const drawnColumns = (sizeSql: string, peopleSql: string | null) => `string, ${auditConfidenceSql} AS best_conf, (${sizeSql})::bigint AS size, ${peopleSql ? `(${peopleSql})::bigint` : 'NULL::bigint'} AS people`;
const drawnRow = (row: { string: string; best_conf: number; size: string; people: string | null }): DrawnRow => ({
  string: row.string,
  best_conf: row.best_conf,
  size: Number(row.size),
  people: row.people === null ? null : Number(row.people),
});

/** The `limit` largest entries of a band, largest first (ties by string). */
export async function largestInBand(db: Queryable, setId: string, band: number, sizeSql: string, peopleSql: string | null, limit: number): Promise<DrawnRow[]> {
  const result = await db.query<{ string: string; best_conf: number; size: string; people: string | null }>(
    `SELECT ${drawnColumns(sizeSql, peopleSql)} FROM prediction_entries WHERE set_id = $1 AND ${bandSql} = $2 ORDER BY ${sizeSql} DESC, string LIMIT $3`,
    [setId, band, limit],
  );
  return result.rows.map(drawnRow);
}

/** Every entry of a band. */
export async function allInBand(db: Queryable, setId: string, band: number, sizeSql: string, peopleSql: string | null): Promise<DrawnRow[]> {
  const result = await db.query<{ string: string; best_conf: number; size: string; people: string | null }>(
    `SELECT ${drawnColumns(sizeSql, peopleSql)} FROM prediction_entries WHERE set_id = $1 AND ${bandSql} = $2`,
    [setId, band],
  );
  return result.rows.map(drawnRow);
}

/**
 * A systematic draw proportional to size of `draws` entries from a band, leaving out `excluded`
 * (its certain entries), whose sizes sum to `rest`: the entries in random order lie end to end
 * on [0, rest), scaled by `draws` so every step is `rest` long and integer; the draw takes the
 * entries under the points start + k·rest (k = 0 … draws − 1), `start` a random integer below
 * `rest`. An entry of size s is taken with probability draws · s / rest (below 1 for an entry
 * not certain), at most once; the arithmetic is exact in bigint.
 */
export async function drawInBand(
  db: Queryable,
  setId: string,
  band: number,
  sizeSql: string,
  peopleSql: string | null,
  draw: { excluded: readonly string[]; draws: number; rest: number; start: number },
): Promise<DrawnRow[]> {
  const result = await db.query<{ string: string; best_conf: number; size: string; people: string | null }>(
    `WITH laid AS (
       SELECT ${drawnColumns(sizeSql, peopleSql)},
              (sum(${sizeSql}) OVER (ORDER BY random() ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW))::bigint * $4::bigint AS upto
         FROM prediction_entries WHERE set_id = $1 AND ${bandSql} = $2 AND NOT (string = ANY($3::text[]))
     )
     SELECT string, best_conf, size, people FROM laid
      WHERE (upto - $6::bigint + $5::bigint - 1) / $5::bigint > (upto - size * $4::bigint - $6::bigint + $5::bigint - 1) / $5::bigint`,
    [setId, band, draw.excluded, draw.draws, draw.rest, draw.start],
  );
  return result.rows.map(drawnRow);
}

export interface AuditEntryInsert {
  string: string;
  band: number;
  bestConf: number;
  weight: number;
  peopleWeight: number | null;
}

/** Stores an audit and its entries in the order given. */
export async function insertAudit(db: Queryable, setId: string, userId: string, size: number, entries: readonly AuditEntryInsert[]): Promise<{ id: string; createdAt: Date }> {
  const audit = await db.query<{ id: string; created_at: Date }>('INSERT INTO prediction_audits (set_id, created_by, size) VALUES ($1, $2, $3) RETURNING id, created_at', [setId, userId, size]);
  const { id, created_at } = audit.rows[0]!;
  await db.query(
    `INSERT INTO prediction_audit_entries (audit_id, string, position, band, best_conf, weight, people_weight)
     SELECT $1, u.string, u.position, u.band, u.best_conf, u.weight, u.people_weight
       FROM unnest($2::text[], $3::int[], $4::smallint[], $5::real[], $6::float8[], $7::float8[]) AS u(string, position, band, best_conf, weight, people_weight)`,
    [
      id,
      entries.map((entry) => entry.string),
      entries.map((_, index) => index),
      entries.map((entry) => entry.band),
      entries.map((entry) => entry.bestConf),
      entries.map((entry) => entry.weight),
      entries.map((entry) => entry.peopleWeight),
    ],
  );
  return { id, createdAt: created_at };
}

/** An audit of the set, or null (another set's audit is none of this one's). */
export async function findAudit(db: Queryable, setId: string, auditId: string): Promise<{ id: string; created_at: Date } | null> {
  const result = await db.query<{ id: string; created_at: Date }>('SELECT id, created_at FROM prediction_audits WHERE id = $1 AND set_id = $2', [auditId, setId]);
  return result.rows[0] ?? null;
}

/** An audit's entries in the order to check them, with their answers. */
export async function listAuditEntries(db: Queryable, auditId: string): Promise<{ string: string; band: number; correct: boolean | null }[]> {
  const result = await db.query<{ string: string; band: number; correct: boolean | null }>('SELECT string, band, correct FROM prediction_audit_entries WHERE audit_id = $1 ORDER BY position', [auditId]);
  return result.rows;
}

/** Whether the audit drew the entry. */
export async function isAuditEntry(db: Queryable, auditId: string, string: string): Promise<boolean> {
  const result = await db.query('SELECT 1 FROM prediction_audit_entries WHERE audit_id = $1 AND string = $2', [auditId, string]);
  return (result.rowCount ?? 0) > 0;
}

/** Records (or replaces) the answer to one entry of an audit; answers the audit's answered and drawn entries. */
export async function recordAuditAnswer(
  db: Queryable,
  auditId: string,
  string: string,
  answer: { correct: boolean; nodeURIs: readonly string[]; userId: string },
): Promise<{ answered: number; size: number }> {
  await db.query(
    `UPDATE prediction_audit_entries SET correct = $3, node_uris = $4, answered_by = $5, answered_at = now() WHERE audit_id = $1 AND string = $2`,
    [auditId, string, answer.correct, answer.nodeURIs, answer.userId],
  );
  const counted = await db.query<{ answered: number; size: number }>(
    'SELECT count(*) FILTER (WHERE correct IS NOT NULL)::int AS answered, count(*)::int AS size FROM prediction_audit_entries WHERE audit_id = $1',
    [auditId],
  );
  return counted.rows[0]!;
}

export interface AuditedEntryRow {
  audit_id: string;
  band: number;
  best_conf: number;
  weight: number;
  people_weight: number | null;
  correct: boolean | null;
}

/** Every entry the set's audits drew, answered or not. */
export async function listAuditedEntries(db: Queryable, setId: string): Promise<AuditedEntryRow[]> {
  const result = await db.query<AuditedEntryRow>(
    `SELECT e.audit_id, e.band, e.best_conf, e.weight, e.people_weight, e.correct
       FROM prediction_audit_entries e JOIN prediction_audits a ON a.id = e.audit_id WHERE a.set_id = $1`,
    [setId],
  );
  return result.rows;
}

/** The set's audits, oldest first, with how many entries each drew and how many are answered. */
export async function listAudits(db: Queryable, setId: string): Promise<{ id: string; created_at: Date; drawn: number; answered: number }[]> {
  const result = await db.query<{ id: string; created_at: Date; drawn: number; answered: number }>(
    `SELECT a.id, a.created_at, count(e.string)::int AS drawn, count(e.string) FILTER (WHERE e.correct IS NOT NULL)::int AS answered
       FROM prediction_audits a LEFT JOIN prediction_audit_entries e ON e.audit_id = a.id
      WHERE a.set_id = $1 GROUP BY a.id ORDER BY a.created_at, a.id`,
    [setId],
  );
  return result.rows;
}

/**
 * The set's population along the production curve: for each of `curveThresholds`, the entries
 * and the people (`peopleSql`, when given) whose best confidence is at least it (compared as
 * `real`; an entry without a top prediction at none), and the totals. One pass over the set's entries.
 */
export async function populationAbove(db: Queryable, setId: string, peopleSql: string | null): Promise<{ entries: number[]; people: number[]; totalEntries: number; totalPeople: number }> {
  const result = await db.query<{ passed: number; entries: string; people: string | null }>(
    `SELECT width_bucket(${auditConfidenceSql}, $2::real[]) AS passed, count(*) AS entries, ${peopleSql ? `sum(${peopleSql})` : 'NULL'} AS people
       FROM prediction_entries WHERE set_id = $1 GROUP BY 1`,
    [setId, curveThresholds],
  );
  // `passed` is how many thresholds the entry's confidence reaches: it counts at every threshold below that.
  const entries = curveThresholds.map(() => 0);
  const people = curveThresholds.map(() => 0);
  let totalEntries = 0;
  let totalPeople = 0;
  for (const row of result.rows) {
    totalEntries += Number(row.entries);
    totalPeople += Number(row.people ?? 0);
    for (let index = 0; index < row.passed; index++) {
      entries[index]! += Number(row.entries);
      people[index]! += Number(row.people ?? 0);
    }
  }
  return { entries, people, totalEntries, totalPeople };
}
