import type { Mappings } from '@og/shared/contracts/predictions';
import type { Queryable } from '../database.js';

/** How a mapping was made: by a reviewer, by a bulk acceptance, carried over to a same-titled entry, or an undone batch. */
export type MappingHow = 'review' | 'bulk' | 'propagate' | 'undo';

/** An entry's mapping as stored, with what a save checks and counts by. */
export interface StoredMapping {
  node_uris: string[];
  prediction_uris: string[];
  tags: string[];
  mapped: boolean;
  version: number;
  best_conf: number;
  norm: string;
}

/** A stored mapping as the log and the API name its arrays. */
export const mappingOf = (row: Pick<StoredMapping, 'node_uris' | 'prediction_uris' | 'tags'>) => ({ nodeURIs: row.node_uris, predictionURIs: row.prediction_uris, tags: row.tags });

/**
 * The mapping as the log keeps it, in SQL: what {@link mappingOf} gives, for set-based writes (a
 * bulk acceptance, its undo) that log the same shape. `columns` names the three array columns.
 */
export const loggedMappingSql = (columns: { nodeURIs: string; predictionURIs: string; tags: string }): string =>
  `jsonb_build_object('nodeURIs', to_jsonb(${columns.nodeURIs}), 'predictionURIs', to_jsonb(${columns.predictionURIs}), 'tags', to_jsonb(${columns.tags}))`;

/** An entry is mapped when a reviewer chose at least one URI for it (SPEC: Save (N), N = node URIs plus prediction URIs). */
export const isMapped = (mapping: Pick<Mappings, 'nodeURIs' | 'predictionURIs'>) => mapping.nodeURIs.length + mapping.predictionURIs.length > 0;

/**
 * The entry with this string and, with `sameTitle`, the others of its normalised title, locked in
 * one statement in position order: two reviewers saving two spellings of one title at once would
 * otherwise each hold one and wait for the other's (a deadlock). Run it inside a transaction.
 */
export async function lockEntryMappings(
  db: Queryable,
  setId: string,
  string: string,
  sameTitle: boolean,
  also: readonly string[] = [],
): Promise<(StoredMapping & { string: string })[]> {
  const locked = await db.query<StoredMapping & { string: string }>(
    `SELECT string, node_uris, prediction_uris, tags, mapped, version, best_conf, norm FROM prediction_entries
      WHERE set_id = $1 AND (string = $2 OR string = ANY($4::text[]) OR ($3 AND norm = (SELECT norm FROM prediction_entries WHERE set_id = $1 AND string = $2)))
      ORDER BY position FOR UPDATE`,
    [setId, string, sameTitle, also],
  );
  return locked.rows;
}

/** Most tags of its own a set keeps; a tag typed past them is still saved on its entries. */
const customTagsKept = 200;

/** Adds the tags of a saved mapping that are not SPEC's to the set's own tags, each once, in the order first used. */
export async function addCustomTags(db: Queryable, setId: string, tags: readonly string[]): Promise<void> {
  if (!tags.length) return;
  await db.query(
    `UPDATE prediction_sets
        SET custom_tags = custom_tags || ARRAY(SELECT t FROM unnest($2::text[]) WITH ORDINALITY AS u(t, i) WHERE NOT t = ANY(custom_tags) ORDER BY i)
      WHERE id = $1 AND cardinality(custom_tags) < ${customTagsKept} AND EXISTS (SELECT 1 FROM unnest($2::text[]) t WHERE NOT t = ANY(custom_tags))`,
    [setId, tags],
  );
}

/**
 * Writes one entry's mapping (its row locked first) and appends it to the mapping log; answers
 * the new version and the mapped-state change, for the caller to keep the set's counts in step.
 */
export async function writeEntryMapping(
  db: Queryable,
  setId: string,
  string: string,
  before: StoredMapping,
  mapping: Pick<Mappings, 'nodeURIs' | 'predictionURIs' | 'tags'>,
  who: { userId: string | null; how: MappingHow; batch: string | null },
): Promise<{ version: number; delta: 0 | 1 | -1 }> {
  const mapped = isMapped(mapping);
  const updated = await db.query<{ version: number }>(
    `UPDATE prediction_entries SET node_uris = $3, prediction_uris = $4, tags = $5, mapped = $6, mapped_by = $7, mapped_at = now(),
            mapping_how = $8, mapping_batch = $9, version = version + 1
      WHERE set_id = $1 AND string = $2 RETURNING version`,
    [setId, string, mapping.nodeURIs, mapping.predictionURIs, mapping.tags, mapped, who.userId, who.how, who.batch],
  );
  await db.query(`INSERT INTO prediction_mapping_log (set_id, string, user_id, how, batch, before, after) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
    setId,
    string,
    who.userId,
    who.how,
    who.batch,
    JSON.stringify(mappingOf(before)),
    JSON.stringify({ nodeURIs: mapping.nodeURIs, predictionURIs: mapping.predictionURIs, tags: mapping.tags }),
  ]);
  const delta = mapped === before.mapped ? 0 : mapped ? 1 : -1;
  return { version: updated.rows[0]!.version, delta };
}

/** Other entries of the set with this normalised title that are still unmapped. */
export async function countUnmappedSameTitle(db: Queryable, setId: string, norm: string, string: string): Promise<number> {
  const same = await db.query<{ count: string }>('SELECT count(*) AS count FROM prediction_entries WHERE set_id = $1 AND norm = $2 AND string <> $3 AND NOT mapped', [
    setId,
    norm,
    string,
  ]);
  return Number(same.rows[0]!.count);
}
