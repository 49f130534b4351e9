import type { Queryable } from '../database.js';
import type { LinkEnds } from './link-records.js';

/** A crosswalk set as its row keeps it (migrations/014-crosswalk-sets.ts). */
export interface CrosswalkSetRow {
  id: string;
  job_id: string;
  name: string;
  file_name: string;
  source_scheme: string;
  target_scheme: string;
  mapping_set_id: string;
  license: string | null;
  origin: string | null;
  file_sha256: string | null;
  reading: CrosswalkReading | null;
  created_by: string | null;
  created_at: Date;
  imported: number;
  already_present: number;
  refused: number;
  removed: number;
}

/** How an import read its file: what, besides the file, decides which links it makes. */
export interface CrosswalkReading {
  relation: string;
  weightColumn: string | null;
  relationMap: Record<string, string>;
  justification: string | null;
}

/** What the links a set made carry as their `source` while no one made them again: `crosswalk.import:{job id}:{file name}`. */
export function setLinkSource(set: Pick<CrosswalkSetRow, 'job_id' | 'file_name'>): string {
  return `crosswalk.import:${set.job_id}:${set.file_name}`;
}

export async function findCrosswalkSet(db: Queryable, id: string): Promise<CrosswalkSetRow | null> {
  const result = await db.query<CrosswalkSetRow>('SELECT * FROM crosswalk_sets WHERE id = $1', [id]);
  return result.rows[0] ?? null;
}

/** The set of the two schemes (either direction) imported from a file with this hash read this way, other than the one `jobId` makes. */
export async function findCrosswalkSetOfFile(db: Queryable, pair: { a: string; b: string; sha256: string; reading: CrosswalkReading; exceptJobId: string }): Promise<CrosswalkSetRow | null> {
  const result = await db.query<CrosswalkSetRow>(
    `SELECT * FROM crosswalk_sets
      WHERE least(source_scheme, target_scheme) = least($1::text, $2::text) AND greatest(source_scheme, target_scheme) = greatest($1::text, $2::text)
        AND file_sha256 = $3 AND reading = $4::jsonb AND job_id <> $5
      ORDER BY created_at LIMIT 1`,
    [pair.a, pair.b, pair.sha256, JSON.stringify(pair.reading), pair.exceptJobId],
  );
  return result.rows[0] ?? null;
}

/**
 * Records the set an import makes; answers its id. The import's job retried finds the set of its
 * first attempt (by job id) and gives it this attempt's counts.
 */
export async function saveCrosswalkSet(
  db: Queryable,
  set: {
    id: string;
    jobId: string;
    name: string;
    fileName: string;
    source: string;
    target: string;
    mappingSetId: string;
    license: string | null;
    origin: string | null;
    sha256: string;
    reading: CrosswalkReading;
    createdBy: string | null;
    imported: number;
    alreadyPresent: number;
    refused: number;
  },
): Promise<string> {
  const result = await db.query<{ id: string }>(
    `INSERT INTO crosswalk_sets (id, job_id, name, file_name, source_scheme, target_scheme, mapping_set_id, license, origin, file_sha256, reading, created_by, imported, already_present, refused)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12, $13, $14, $15)
     ON CONFLICT (job_id) DO UPDATE SET imported = EXCLUDED.imported, already_present = EXCLUDED.already_present, refused = EXCLUDED.refused
     RETURNING id`,
    [set.id, set.jobId, set.name, set.fileName, set.source, set.target, set.mappingSetId, set.license, set.origin, set.sha256, JSON.stringify(set.reading), set.createdBy, set.imported, set.alreadyPresent, set.refused],
  );
  return result.rows[0]!.id;
}

/** A set with the name of who imported it and how many links are still its own. */
export interface ListedCrosswalkSet extends CrosswalkSetRow {
  created_by_name: string | null;
  links: number;
}

/** The sets of two schemes (either direction), oldest first. */
export async function listCrosswalkSetsOfPair(db: Queryable, a: string, b: string): Promise<ListedCrosswalkSet[]> {
  const result = await db.query<ListedCrosswalkSet>(
    `SELECT s.*, u.name AS created_by_name,
            (SELECT count(*) FROM link_records r WHERE r.set_id = s.id)::integer AS links
       FROM crosswalk_sets s LEFT JOIN users u ON u.id = s.created_by
      WHERE least(s.source_scheme, s.target_scheme) = least($1::text, $2::text) AND greatest(s.source_scheme, s.target_scheme) = greatest($1::text, $2::text)
      ORDER BY s.created_at, s.id`,
    [a, b],
  );
  return result.rows;
}

/** The sets whose import jobs have these ids (the seeded ones). */
export async function findCrosswalkSetsOfJobs(db: Queryable, jobIds: string[]): Promise<CrosswalkSetRow[]> {
  const result = await db.query<CrosswalkSetRow>('SELECT * FROM crosswalk_sets WHERE job_id = ANY($1::text[]) ORDER BY created_at', [jobIds]);
  return result.rows;
}

/**
 * Which of a set's links its removal keeps: those confirmed since (`confirmed_at`), and those
 * someone made again since (their `source` is no longer the set's import).
 */
const keptWhere = 'set_id = $1 AND (confirmed_at IS NOT NULL OR source IS DISTINCT FROM $2)';
const removableWhere = 'set_id = $1 AND confirmed_at IS NULL AND source IS NOT DISTINCT FROM $2';

/**
 * Fresh planner statistics of `link_records`. A set imported moments ago is not yet in them
 * (autovacuum analyses the table later); planned on the old ones, the removal's DELETE of a chunk
 * joins the chunk to every row of the set rather than looking each link up by its key.
 */
export async function analyzeLinkRecords(db: Queryable): Promise<void> {
  await db.query('ANALYZE link_records');
}

/** How many of a set's links its removal takes out, and how many it keeps. */
export async function countSetLinks(db: Queryable, set: CrosswalkSetRow): Promise<{ removable: number; kept: number }> {
  const result = await db.query<{ removable: number; kept: number }>(
    `SELECT count(*) FILTER (WHERE confirmed_at IS NULL AND source IS NOT DISTINCT FROM $2)::integer AS removable,
            count(*) FILTER (WHERE confirmed_at IS NOT NULL OR source IS DISTINCT FROM $2)::integer AS kept
       FROM link_records WHERE set_id = $1`,
    [set.id, setLinkSource(set)],
  );
  return result.rows[0]!;
}

/** A link of a set that its removal keeps, and why (an edit since counts over a confirmation). */
export interface KeptSetLinkRow extends LinkEnds {
  why: 'edited' | 'confirmed';
}

/** The first `limit` links that a set's removal keeps, in key order. */
export async function findKeptSetLinks(db: Queryable, set: CrosswalkSetRow, limit: number): Promise<KeptSetLinkRow[]> {
  const result = await db.query<{ first_iri: string; second_iri: string; why: 'edited' | 'confirmed' }>(
    `SELECT first_iri, second_iri, CASE WHEN source IS DISTINCT FROM $2 THEN 'edited' ELSE 'confirmed' END AS why
       FROM link_records WHERE ${keptWhere}
      ORDER BY first_iri, second_iri LIMIT $3`,
    [set.id, setLinkSource(set), limit],
  );
  return result.rows.map((row) => ({ first: row.first_iri, second: row.second_iri, why: row.why }));
}

/** Up to `limit` links that a set's removal takes out and has not yet. */
export async function findRemovableSetLinks(db: Queryable, set: CrosswalkSetRow, limit: number): Promise<LinkEnds[]> {
  const result = await db.query<{ first_iri: string; second_iri: string }>(
    `SELECT first_iri, second_iri FROM link_records WHERE ${removableWhere} ORDER BY first_iri, second_iri LIMIT $3`,
    [set.id, setLinkSource(set), limit],
  );
  return result.rows.map((row) => ({ first: row.first_iri, second: row.second_iri }));
}

/** The links are out of the store: their records go, and the set counts them as removed. Answers how many went. */
export async function forgetRemovedSetLinks(db: Queryable, set: CrosswalkSetRow, links: LinkEnds[]): Promise<number> {
  if (links.length === 0) return 0;
  const deleted = await db.query(
    `DELETE FROM link_records WHERE ${removableWhere} AND (first_iri, second_iri) IN (SELECT * FROM unnest($3::text[], $4::text[]))`,
    [set.id, setLinkSource(set), links.map((link) => link.first), links.map((link) => link.second)],
  );
  const count = deleted.rowCount ?? 0;
  await db.query('UPDATE crosswalk_sets SET removed = removed + $2 WHERE id = $1', [set.id, count]);
  return count;
}

/** The set goes: the links it kept are no longer anyone's set's (no foreign key does it: see migration 014). */
export async function deleteCrosswalkSet(db: Queryable, id: string): Promise<void> {
  await db.query('UPDATE link_records SET set_id = NULL WHERE set_id = $1', [id]);
  await db.query('DELETE FROM crosswalk_sets WHERE id = $1', [id]);
}
