import crypto from 'node:crypto';
import type { Mappings } from '@og/shared/contracts/predictions';
import { AppError } from '@og/shared/errors/app-error';
import { type Database, inTransaction } from '../db/database.js';
import { countUnmappedSameTitle, isMapped, lockEntryMappings, mappingOf, writeEntryMapping } from '../db/queries/prediction-mappings.js';
import { shiftMappedCounts } from '../db/queries/prediction-set-counts.js';

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
      const locked = await lockEntryMappings(client, setId, string, options.propagate && isMapped(mapping));
      const before = locked.find((row) => row.string === string);
      if (!before) throw new AppError('not_found', 'Entry not found');
      if (options.version !== undefined && options.version !== before.version) {
        throw new AppError('conflict', 'Someone saved a mapping of this entry after you opened it.', { current: { ...mappingOf(before), version: before.version } });
      }
      const saved = await writeEntryMapping(client, setId, string, before, mapping, { userId: options.userId, how: 'review', batch: null });
      const shifts = saved.delta ? [{ bestConf: before.best_conf, delta: saved.delta }] : [];
      const changed = [string];
      let propagated = 0;
      const others = locked.filter((row) => row.string !== string && !row.mapped);
      const batch = others.length ? crypto.randomUUID() : null;
      for (const other of others) {
        const written = await writeEntryMapping(client, setId, other.string, other, mapping, { userId: options.userId, how: 'propagate', batch });
        if (written.delta) shifts.push({ bestConf: other.best_conf, delta: written.delta });
        changed.push(other.string);
        propagated++;
      }
      await shiftMappedCounts(client, setId, shifts);
      return { version: saved.version, propagated, changed, sameTitle: await countUnmappedSameTitle(client, setId, before.norm, string) };
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
