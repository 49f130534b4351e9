import type { SchemeId } from '@og/shared/domain/schemes';
import type { JobInput, JobProgressOf, JobResult } from '@og/shared/jobs/job-kinds';
import { type Database, inTransaction } from '@og/api/db/database';
import { appendAudit, findLatestAuditAfter } from '@og/api/db/queries/audit-log';
import {
  analyzeLinkRecords,
  countSetLinks,
  type CrosswalkSetRow,
  deleteCrosswalkSet,
  findCrosswalkSet,
  findKeptSetLinks,
  findRemovableSetLinks,
  forgetRemovedSetLinks,
  type KeptSetLinkRow,
} from '@og/api/db/queries/crosswalk-sets';
import { pairGraph } from '@og/api/links/link-edits';
import { replaceLinks } from '@og/api/links/link-queries';
import { settlePendingEdits } from '@og/api/schemes/recorded-edit';
import type { SchemeContext } from '@og/api/schemes/scheme-context';
import { withSchemeLocks } from '@og/api/schemes/scheme-lock';

/** Links taken out of the store per update (and per progress report). */
const linksPerChunk = 1_000;
/** Kept links the result lists. */
const keptListed = 1_000;

type RemoveSetResult = JobResult<'crosswalk.remove-set'>;

/** A kept link as the result names it: each end's scheme and value, from the set's source scheme. */
function keptLink(schemes: SchemeContext, set: CrosswalkSetRow, link: KeptSetLinkRow): RemoveSetResult['keptLinks'][number] {
  const source = set.source_scheme as SchemeId;
  const target = set.target_scheme as SchemeId;
  const [firstScheme, secondScheme] = source < target ? [source, target] : [target, source];
  const first = { scheme: firstScheme, value: schemes.iris.valueOf(firstScheme, link.first) ?? link.first };
  const second = { scheme: secondScheme, value: schemes.iris.valueOf(secondScheme, link.second) ?? link.second };
  return firstScheme === source ? { first, second, why: link.why } : { first: second, second: first, why: link.why };
}

/**
 * `crosswalk.remove-set`: takes back a crosswalk set. Under the locks of both schemes (so no link
 * edit or import of the pair runs meanwhile), after settling edits left pending on them, it takes
 * out of the pair's graph every link of the set that no one made again or confirmed since, a chunk
 * at a time (the store first, then the chunk's records and the set's `removed` count in one
 * transaction, each chunk's revisions bumped), then, in one transaction, lets the kept links be no
 * set's, deletes the set and writes the audit entry. Safe to retry: a chunk taken out of the store
 * but whose records stayed is taken out again (a no-op) and recorded; a set already gone answers
 * what its removal's audit entry recorded.
 */
export async function removeCrosswalkSet(
  deps: { schemes: SchemeContext; db: Database },
  input: JobInput<'crosswalk.remove-set'>,
  context: { actorId: string | null; report: (progress: JobProgressOf<'crosswalk.remove-set'>) => Promise<void>; signal: AbortSignal },
): Promise<{ result: RemoveSetResult; pair: [SchemeId, SchemeId] | null }> {
  const { schemes, db } = deps;
  const found = await findCrosswalkSet(db, input.setId);
  if (!found) return { result: await removedBefore(db, schemes, input.setId), pair: null };
  const pair = [found.source_scheme, found.target_scheme].sort() as [SchemeId, SchemeId];
  const graph = pairGraph(schemes, pair[0], pair[1]);

  const result = await withSchemeLocks(schemes, pair, async () => {
    await settlePendingEdits(schemes, pair);
    const set = await findCrosswalkSet(db, input.setId);
    if (!set) return removedBefore(db, schemes, input.setId);
    await analyzeLinkRecords(db);
    const { removable, kept } = await countSetLinks(db, set);
    const keptLinks = (await findKeptSetLinks(db, set, keptListed)).map((link) => keptLink(schemes, set, link));
    const total = set.removed + removable;
    let removed = set.removed;
    await context.report({ phase: 'removing', done: removed, total, unit: 'links' });
    for (;;) {
      context.signal.throwIfAborted();
      const chunk = await findRemovableSetLinks(db, set, linksPerChunk);
      if (chunk.length === 0) break;
      await schemes.revisions.markEditing(`crosswalk.remove-set:${set.id}`, ...pair);
      try {
        await schemes.store.update(replaceLinks(graph, chunk.map((link) => [link.first, link.second]), []));
        removed += await inTransaction(db, (client) => forgetRemovedSetLinks(client, set, chunk));
      } finally {
        // Whether or not the chunk went, what was read of the pair before may be stale.
        await schemes.revisions.bump(...pair);
      }
      await context.report({ phase: 'removing', done: removed, total, unit: 'links' });
    }
    const done: RemoveSetResult = { removed, kept, keptLinks };
    await inTransaction(db, async (client) => {
      await deleteCrosswalkSet(client, set.id);
      await appendAudit(client, {
        actorId: context.actorId,
        action: 'crosswalk.remove-set',
        scheme: null,
        subject: setSubject(schemes, set.id),
        before: { setId: set.id, graph, name: set.name, fileName: set.file_name, source: set.source_scheme, target: set.target_scheme, mappingSetId: set.mapping_set_id, jobId: set.job_id },
        after: { setId: set.id, removed, kept },
      });
    });
    await schemes.revisions.bump(...pair);
    return done;
  });
  await context.report({ phase: 'done', done: result.removed, total: result.removed, unit: 'links' });
  return { result, pair };
}

/** What the audit log names as a set's removal's subject: an IRI of the set (its `mapping_set_id` may be a file's, shared by other sets). */
const setSubject = (schemes: SchemeContext, setId: string) => `${schemes.iris.baseIri}crosswalk-sets/${setId}`;

/** A set already gone (a removal retried after it finished): what its removal recorded, or nothing taken out. */
async function removedBefore(db: Database, schemes: SchemeContext, setId: string): Promise<RemoveSetResult> {
  const after = (await findLatestAuditAfter(db, { action: 'crosswalk.remove-set', subject: setSubject(schemes, setId), field: 'setId', value: setId })) as { removed?: number; kept?: number } | null;
  return { removed: after?.removed ?? 0, kept: after?.kept ?? 0, keptLinks: [] };
}
