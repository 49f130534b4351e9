import crypto from 'node:crypto';
import { isStandardTag, type Mappings } from '@og/shared/contracts/predictions';
import { AppError } from '@og/shared/errors/app-error';
import { type Database, inTransaction } from '../db/database.js';
import { addCustomTags, countUnmappedSameTitle, isMapped, lockEntryMappings, mappingOf, writeEntryMapping } from '../db/queries/prediction-mappings.js';
import { shiftMappedCounts } from '../db/queries/prediction-set-counts.js';

export interface SavedMapping {
  version: number;
  /** Other entries of the set with the same normalised string mapped along. */
  propagated: number;
  /** Entries the save wrote: this one, the ticked ones found, the propagated ones. */
  mapped: number;
  /** The batch the entries were written in (ticked or propagated ones saved with this one); null for one entry alone. */
  batchId: string | null;
  /** Entries whose mapped state changed, for everyone watching the set. */
  changed: string[];
  /** Other entries of the set with the same normalised string still unmapped after the save. */
  sameTitle: number;
}

/**
 * SPEC §7 `POST …/entries/{string}`: the reviewer's mapping of one entry. Beyond SPEC: sent with
 * the version it read, a save over a newer mapping answers 409 with the current one (no lost
 * update between two reviewers); with `propagate`, the set's unmapped entries whose normalised
 * string is the same get the same mapping (never overwriting another mapping); entries ticked
 * beside it (`alsoStrings`) get it whatever they had, all in one batch of the mapping log, undone as
 * one. Tags other than SPEC's sixteen join the set's own tags.
 */
export async function saveMapping(
  db: Database,
  setId: string,
  string: string,
  mapping: Pick<Mappings, 'nodeURIs' | 'predictionURIs' | 'tags'>,
  options: { userId: string; version?: number; propagate: boolean; alsoStrings?: readonly string[] },
): Promise<SavedMapping> {
  const also = [...new Set(options.alsoStrings ?? [])].filter((other) => other !== string);
  return withDeadlockRetry(() =>
    inTransaction(db, async (client) => {
      const locked = await lockEntryMappings(client, setId, string, options.propagate && isMapped(mapping), also);
      const before = locked.find((row) => row.string === string);
      if (!before) throw new AppError('not_found', 'Entry not found');
      if (options.version !== undefined && options.version !== before.version) {
        throw new AppError('conflict', 'Someone saved a mapping of this entry after you opened it.', { current: { ...mappingOf(before), version: before.version } });
      }
      // The entries the reviewer ticked beside this one take the same mapping, whatever theirs was;
      // the same-titled ones (propagate) only when unmapped.
      const ticked = new Set(also);
      const tickedRows = locked.filter((row) => ticked.has(row.string));
      const propagatedRows = locked.filter((row) => row.string !== string && !ticked.has(row.string) && !row.mapped);
      const batch = tickedRows.length || propagatedRows.length ? crypto.randomUUID() : null;
      const who = (how: 'review' | 'propagate', inBatch: boolean) => ({ userId: options.userId, how, batch: inBatch ? batch : null });
      // This entry joins the batch when entries were ticked with it, so undoing the batch undoes the whole save.
      const saved = await writeEntryMapping(client, setId, string, before, mapping, who('review', tickedRows.length > 0));
      const shifts = saved.delta ? [{ bestConf: before.best_conf, delta: saved.delta }] : [];
      const changed = [string];
      for (const [rows, how] of [
        [tickedRows, 'review'],
        [propagatedRows, 'propagate'],
      ] as const) {
        for (const other of rows) {
          const written = await writeEntryMapping(client, setId, other.string, other, mapping, who(how, true));
          if (written.delta) shifts.push({ bestConf: other.best_conf, delta: written.delta });
          changed.push(other.string);
        }
      }
      await shiftMappedCounts(client, setId, shifts);
      await addCustomTags(client, setId, mapping.tags.filter((tag) => !isStandardTag(tag)));
      return {
        version: saved.version,
        propagated: propagatedRows.length,
        mapped: changed.length,
        batchId: batch,
        changed,
        sameTitle: await countUnmappedSameTitle(client, setId, before.norm, string),
      };
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
