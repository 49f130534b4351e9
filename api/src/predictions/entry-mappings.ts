import crypto from 'node:crypto';
import type { Mappings } from '@og/shared/contracts/predictions';
import { AppError } from '@og/shared/errors/app-error';
import { type Database, inTransaction, type Queryable } from '../db/database.js';
import { shiftMappedCounts } from './set-counts.js';

/** How a mapping was made: by a reviewer, by a bulk acceptance, carried over to a same-titled entry, or an undone batch. */
export type MappingHow = 'review' | 'bulk' | 'propagate' | 'undo';

interface StoredMapping {
  node_uris: string[];
  prediction_uris: string[];
  tags: string[];
  mapped: boolean;
  version: number;
  best_conf: number;
  norm: string;
}

const mappingOf = (row: Pick<StoredMapping, 'node_uris' | 'prediction_uris' | 'tags'>) => ({ nodeURIs: row.node_uris, predictionURIs: row.prediction_uris, tags: row.tags });

/**
 * The mapping as the log keeps it, in SQL: what {@link mappingOf} gives, for set-based writes (a
 * bulk acceptance, its undo) that log the same shape. `columns` names the three array columns.
 */
export const loggedMappingSql = (columns: { nodeURIs: string; predictionURIs: string; tags: string }): string =>
  `jsonb_build_object('nodeURIs', to_jsonb(${columns.nodeURIs}), 'predictionURIs', to_jsonb(${columns.predictionURIs}), 'tags', to_jsonb(${columns.tags}))`;

/** An entry is mapped when a reviewer chose at least one URI for it (SPEC: Save (N), N = node URIs plus prediction URIs). */
export const isMapped = (mapping: Pick<Mappings, 'nodeURIs' | 'predictionURIs'>) => mapping.nodeURIs.length + mapping.predictionURIs.length > 0;

/**
 * Writes one entry's mapping (the row locked first), appends it to the mapping log, and keeps the
 * set's counts in step; answers the new version and the mapped-state change.
 */
async function writeMapping(
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

export interface SavedMapping {
  version: number;
  /** Other entries of the set with the same normalised string mapped along. */
  propagated: number;
  /** Entries whose mapped state changed, for everyone watching the set. */
  changed: string[];
  /** Other entries of the set with the same normalised string still unmapped after the save. */
  sameTitle: number;
}

/**
 * SPEC §7 `POST …/entries/{string}`: the reviewer's mapping of one entry. Beyond SPEC: sent with
 * the version it read, a save over a newer mapping answers 409 with the current one (no lost
 * update between two reviewers); with `propagate`, the set's unmapped entries whose normalised
 * string is the same get the same mapping (never overwriting another mapping).
 */
export async function saveMapping(
  db: Database,
  setId: string,
  string: string,
  mapping: Pick<Mappings, 'nodeURIs' | 'predictionURIs' | 'tags'>,
  options: { userId: string; version?: number; propagate: boolean },
): Promise<SavedMapping> {
  return withDeadlockRetry(() =>
    inTransaction(db, async (client) => {
      // The entry and, to propagate, the others of its normalised title are locked in one statement,
      // in position order: two reviewers saving two spellings of one title at once would otherwise
      // each hold one and wait for the other's (a deadlock).
      const locked = await client.query<StoredMapping & { string: string }>(
        `SELECT string, node_uris, prediction_uris, tags, mapped, version, best_conf, norm FROM prediction_entries
          WHERE set_id = $1 AND (string = $2 OR ($3 AND norm = (SELECT norm FROM prediction_entries WHERE set_id = $1 AND string = $2)))
          ORDER BY position FOR UPDATE`,
        [setId, string, options.propagate && isMapped(mapping)],
      );
      const before = locked.rows.find((row) => row.string === string);
      if (!before) throw new AppError('not_found', 'Entry not found');
      if (options.version !== undefined && options.version !== before.version) {
        throw new AppError('conflict', 'Someone saved a mapping of this entry after you opened it.', { current: { ...mappingOf(before), version: before.version } });
      }
      const saved = await writeMapping(client, setId, string, before, mapping, { userId: options.userId, how: 'review', batch: null });
      const shifts = saved.delta ? [{ bestConf: before.best_conf, delta: saved.delta }] : [];
      const changed = [string];
      let propagated = 0;
      const others = locked.rows.filter((row) => row.string !== string && !row.mapped);
      const batch = others.length ? crypto.randomUUID() : null;
      for (const other of others) {
        const written = await writeMapping(client, setId, other.string, other, mapping, { userId: options.userId, how: 'propagate', batch });
        if (written.delta) shifts.push({ bestConf: other.best_conf, delta: written.delta });
        changed.push(other.string);
        propagated++;
      }
      await shiftMappedCounts(client, setId, shifts);
      const same = await client.query<{ count: string }>(
        'SELECT count(*) AS count FROM prediction_entries WHERE set_id = $1 AND norm = $2 AND string <> $3 AND NOT mapped',
        [setId, before.norm, string],
      );
      return { version: saved.version, propagated, changed, sameTitle: Number(same.rows[0]!.count) };
    }),
  );
}

/** Runs a transaction again (up to twice) when Postgres ended it as a deadlock's or a serialisation's loser. */
async function withDeadlockRetry<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= 3 || (code !== '40P01' && code !== '40001')) throw error;
    }
  }
}
