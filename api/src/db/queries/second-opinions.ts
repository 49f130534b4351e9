import type { Queryable } from '../database.js';

/**
 * A set's entries offered for a second opinion (migration 021). An entry can be offered when a
 * person saved its mapping (not a bulk acceptance: that is the model's coding, which an audit
 * measures): the one who saved it last is its first reviewer.
 */

const eligibleEntries = `SELECT e.string, e.mapped_by, e.node_uris, e.prediction_uris, e.tags, e.version FROM prediction_entries e
  WHERE e.set_id = $1 AND e.mapped AND e.mapped_by IS NOT NULL AND e.mapping_how IS DISTINCT FROM 'bulk'
    AND NOT EXISTS (SELECT 1 FROM prediction_second_opinions o WHERE o.set_id = $1 AND o.string = e.string)`;

const offerColumns = 'set_id, string, offered_by, first_reviewer, first_node_uris, first_prediction_uris, first_tags, first_version';
const offerValues = '$1, string, $3, mapped_by, node_uris, prediction_uris, tags, version';

/** Offers a share of the set's mapped entries not offered yet, drawn at random (at least one when there is any); answers how many. */
export async function offerShare(db: Queryable, setId: string, share: number, offeredBy: string): Promise<number> {
  const result = await db.query(
    `WITH eligible AS (${eligibleEntries}),
          picked AS (SELECT * FROM eligible ORDER BY random() LIMIT (SELECT ceil(count(*) * $2::float8)::bigint FROM eligible))
     INSERT INTO prediction_second_opinions (${offerColumns}) SELECT ${offerValues} FROM picked ON CONFLICT DO NOTHING`,
    [setId, share, offeredBy],
  );
  return result.rowCount ?? 0;
}

/** Offers these entries of the set (those a person mapped and not offered yet); answers how many. */
export async function offerStrings(db: Queryable, setId: string, strings: readonly string[], offeredBy: string): Promise<number> {
  const result = await db.query(
    `WITH eligible AS (${eligibleEntries} AND e.string = ANY($2::text[]))
     INSERT INTO prediction_second_opinions (${offerColumns}) SELECT ${offerValues} FROM eligible ON CONFLICT DO NOTHING`,
    [setId, [...new Set(strings)], offeredBy],
  );
  return result.rowCount ?? 0;
}

/** The set's entries offered, those answered, and those waiting that this user may answer (not coded first by them). */
export async function countSecondOpinions(db: Queryable, setId: string, userId: string): Promise<{ offered: number; answered: number; forYou: number }> {
  const result = await db.query<{ offered: string; answered: string; for_you: string }>(
    `SELECT count(*) AS offered, count(answered_at) AS answered, count(*) FILTER (WHERE answered_at IS NULL AND first_reviewer IS DISTINCT FROM $2) AS for_you
       FROM prediction_second_opinions WHERE set_id = $1`,
    [setId, userId],
  );
  const row = result.rows[0]!;
  return { offered: Number(row.offered), answered: Number(row.answered), forYou: Number(row.for_you) };
}

/** The next entry waiting for a second opinion that this user may give (not one they coded first), in the order drawn at offering. */
export async function nextPendingString(db: Queryable, setId: string, userId: string): Promise<string | null> {
  const result = await db.query<{ string: string }>(
    'SELECT string FROM prediction_second_opinions WHERE set_id = $1 AND answered_at IS NULL AND first_reviewer IS DISTINCT FROM $2 ORDER BY draw LIMIT 1',
    [setId, userId],
  );
  return result.rows[0]?.string ?? null;
}

/**
 * Blindness: an entry waiting for its second opinion (offered, not answered) shows its mapping to
 * its first reviewer only; these are the ones among `strings` whose mapping this user may not see.
 */
export async function findHiddenMappings(db: Queryable, setId: string, strings: readonly string[], userId: string): Promise<Set<string>> {
  const result = await db.query<{ string: string }>(
    'SELECT string FROM prediction_second_opinions WHERE set_id = $1 AND string = ANY($2::text[]) AND answered_at IS NULL AND first_reviewer IS DISTINCT FROM $3',
    [setId, [...new Set(strings)], userId],
  );
  return new Set(result.rows.map((row) => row.string));
}

/** An offered entry as stored, with its first mapping as it was offered. */
export interface SecondOpinionRow {
  string: string;
  first_reviewer: string | null;
  first_node_uris: string[];
  first_prediction_uris: string[];
  first_version: number;
  second_reviewer: string | null;
  second_node_uris: string[] | null;
  second_prediction_uris: string[] | null;
  answered_at: Date | null;
  decided_by: string | null;
  decided_at: Date | null;
  decision_uris: string[] | null;
}

export async function findSecondOpinion(db: Queryable, setId: string, string: string): Promise<SecondOpinionRow | null> {
  const result = await db.query<SecondOpinionRow>('SELECT * FROM prediction_second_opinions WHERE set_id = $1 AND string = $2', [setId, string]);
  return result.rows[0] ?? null;
}

/** Stores the second reviewer's codes, unless someone answered first; answers whether it was stored. */
export async function saveSecondOpinion(
  db: Queryable,
  setId: string,
  string: string,
  reviewerId: string,
  coding: { nodeURIs: readonly string[]; predictionURIs: readonly string[]; tags: readonly string[] },
): Promise<boolean> {
  const result = await db.query(
    `UPDATE prediction_second_opinions SET second_reviewer = $3, second_node_uris = $4, second_prediction_uris = $5, second_tags = $6, answered_at = now()
      WHERE set_id = $1 AND string = $2 AND answered_at IS NULL AND first_reviewer IS DISTINCT FROM $3`,
    [setId, string, reviewerId, coding.nodeURIs, coding.predictionURIs, coding.tags],
  );
  return result.rowCount === 1;
}

/**
 * Logs the adjudication of an entry (who decided, when, the codes decided), unless someone
 * decided it already; answers when, or null when it was decided before.
 */
export async function recordDecision(db: Queryable, setId: string, string: string, userId: string, uris: readonly string[]): Promise<Date | null> {
  const result = await db.query<{ decided_at: Date }>(
    'UPDATE prediction_second_opinions SET decided_by = $3, decided_at = now(), decision_uris = $4 WHERE set_id = $1 AND string = $2 AND decided_at IS NULL RETURNING decided_at',
    [setId, string, userId, uris],
  );
  return result.rows[0]?.decided_at ?? null;
}

/** Takes back a decision whose save failed, so the disagreement is open again. */
export async function forgetDecision(db: Queryable, setId: string, string: string, userId: string): Promise<void> {
  await db.query('UPDATE prediction_second_opinions SET decided_by = NULL, decided_at = NULL, decision_uris = NULL WHERE set_id = $1 AND string = $2 AND decided_by = $3', [
    setId,
    string,
    userId,
  ]);
}

/** A double-coded entry with its reviewers' names, the entry's codes now, and its adjudication. */
export interface DoubleCodedRow {
  string: string;
  first_reviewer: string | null;
  first_name: string | null;
  first_node_uris: string[];
  first_prediction_uris: string[];
  /** When the first mapping was saved (the last save before it was offered). */
  first_mapped_at: Date | null;
  second_reviewer: string | null;
  second_name: string | null;
  second_node_uris: string[];
  second_prediction_uris: string[];
  answered_at: Date;
  current_node_uris: string[];
  current_prediction_uris: string[];
  decided_by: string | null;
  decider_name: string | null;
  decided_at: Date | null;
  decision_uris: string[] | null;
}

/** The set's entries with a second opinion, in the order they were answered. */
export async function findDoubleCoded(db: Queryable, setId: string): Promise<DoubleCodedRow[]> {
  const result = await db.query<DoubleCodedRow>(
    `SELECT o.string, o.first_reviewer, f.username AS first_name, o.first_node_uris, o.first_prediction_uris,
            (SELECT max(l.at) FROM prediction_mapping_log l WHERE l.set_id = o.set_id AND l.string = o.string AND l.at <= o.offered_at) AS first_mapped_at,
            o.second_reviewer, s.username AS second_name, o.second_node_uris, o.second_prediction_uris, o.answered_at,
            e.node_uris AS current_node_uris, e.prediction_uris AS current_prediction_uris,
            o.decided_by, d.username AS decider_name, o.decided_at, o.decision_uris
       FROM prediction_second_opinions o
       JOIN prediction_entries e ON e.set_id = o.set_id AND e.string = o.string
       LEFT JOIN users f ON f.id = o.first_reviewer
       LEFT JOIN users s ON s.id = o.second_reviewer
       LEFT JOIN users d ON d.id = o.decided_by
      WHERE o.set_id = $1 AND o.answered_at IS NOT NULL
      ORDER BY o.answered_at, o.string`,
    [setId],
  );
  return result.rows;
}
