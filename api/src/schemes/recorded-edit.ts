import crypto from 'node:crypto';
import type { SchemeId } from '@og/shared/domain/schemes';
import { AppError } from '@og/shared/errors/app-error';
import { inTransaction } from '../db/database.js';
import { appendAudit } from '../db/queries/audit-log.js';
import { deleteEditIntent, type EditIntent, type EditRecord, findEditIntents, insertEditIntent } from '../db/queries/edit-intents.js';
import { applyLinkRecordsChange } from '../db/queries/link-records.js';
import type { Logger } from '../lib/log.js';
import { iri, join, literal, sparql, toQueryText } from '../sparql/sparql-builder.js';
import type { SchemeContext } from './scheme-context.js';
import type { SchemeIris } from './scheme-iris.js';
import { withSchemeLocks } from './scheme-lock.js';

/**
 * An edit of schemes or links touches three stores: the triple store holds it, Redis the revisions
 * every cache and ETag follows, PostgreSQL its audit row (and a link's record). So that a failure
 * between them leaves nothing half-recorded for good, each edit, under the locks of its schemes:
 *
 * 1. writes its intent to PostgreSQL (`edit_intents`): with PostgreSQL away the edit is refused
 *    here, before anything is written;
 * 2. marks its schemes as being edited in Redis (their revisions are not trusted meanwhile:
 *    ./scheme-revisions.ts);
 * 3. writes the store, in the same update as a mark naming the intent as its schemes' last edit
 *    (`SchemeIris.editsGraph`), so that the store itself tells whether the write was made;
 * 4. settles the intent: bumps the revisions (clearing the marks), then in one transaction makes
 *    the link records, appends the audit row and deletes the intent, then tells followers.
 *
 * A failure after step 3 rolls the edit forward, never back: the store has it and others may
 * have read it. The request answers 503 saying so, and the intent is settled once the services
 * are back, by the next edit of one of its schemes (which settles what is pending first, so the
 * marks and the audit log stay in order) or by the reconciler ({@link startEditReconciler}). An
 * intent whose write the store does not have (a failure at step 2 or 3) is dropped, its marks
 * cleared. Each step is safe to repeat: a second bump only makes caches read again, and the audit
 * row is written in the transaction that deletes the intent, so once.
 */

/** The SPARQL operations that make `edit` the last edit of each scheme, to run in the same update as the edit. */
export function markEdit(iris: SchemeIris, edit: string, schemeIds: SchemeId[]): string {
  const graph = iri(iris.editsGraph());
  const predicate = iri(iris.lastEditPredicate());
  const subjects = schemeIds.map((scheme) => iri(iris.scheme(scheme)));
  const removals = subjects.map((subject) => sparql`DELETE { GRAPH ${graph} { ${subject} ${predicate} ?edit } } WHERE { GRAPH ${graph} { ${subject} ${predicate} ?edit } } ;`);
  const marks = join(subjects.map((subject) => sparql`${subject} ${predicate} ${literal(edit)}`), ' .\n');
  return sparql`${join(removals, '\n')}\nINSERT DATA { GRAPH ${graph} { ${marks} } }`.text;
}

/** Whether the store holds the write of `edit`: its mark on one of its schemes. */
export function askEditMarked(iris: SchemeIris, edit: string, schemeIds: SchemeId[]): string {
  const subjects = join(schemeIds.map((scheme) => iri(iris.scheme(scheme))));
  return toQueryText(sparql`ASK { VALUES ?scheme { ${subjects} } GRAPH ${iri(iris.editsGraph())} { ?scheme ${iri(iris.lastEditPredicate())} ${literal(edit)} } }`);
}

/**
 * Steps 2 to 4 of a recorded edit, after step 1: whether the store has the write is `written`,
 * or 'unknown' (the store's mark tells). Resolves the audit row's `after`.
 */
async function settleEdit(schemes: SchemeContext, intent: EditIntent, written: boolean | 'unknown'): Promise<unknown> {
  const applied = written === 'unknown' ? await schemes.store.ask(askEditMarked(schemes.iris, intent.id, intent.schemes)) : written;
  await schemes.revisions.bump(...intent.schemes);
  if (!applied) {
    await deleteEditIntent(schemes.db, intent.id);
    return undefined;
  }
  const { record } = intent;
  const after = record.readBack ? await schemes.repository.readCode(record.readBack.scheme, record.readBack.value) : record.audit.after;
  const recorded = await inTransaction(schemes.db, async (client) => {
    if (!(await deleteEditIntent(client, intent.id))) return false;
    if (record.linkRecords) await applyLinkRecordsChange(client, record.linkRecords);
    await appendAudit(client, { ...record.audit, after });
    return true;
  });
  if (recorded && record.linksChanged) schemes.announce?.linksChanged(...record.linksChanged);
  return after;
}

/**
 * Settles every intent left pending on any of these schemes, oldest first. Called by each edit
 * under its locks before it checks anything, and by the reconciler.
 */
export async function settlePendingEdits(schemes: SchemeContext, schemeIds: SchemeId[]): Promise<void> {
  for (const intent of await findEditIntents(schemes.db, schemeIds)) await settleEdit(schemes, intent, 'unknown');
}

/**
 * Writes `update` to the store as one recorded edit of `schemeIds` (whose locks the caller holds,
 * having settled what was pending on them): steps 1 to 4 above. Resolves the audit row's `after`
 * (for an edit with `readBack`, the code as it now is).
 */
export async function writeRecordedEdit(schemes: SchemeContext, schemeIds: SchemeId[], update: string, record: EditRecord): Promise<unknown> {
  const intent: EditIntent = { id: crypto.randomUUID(), schemes: schemeIds, record };
  await insertEditIntent(schemes.db, intent);
  try {
    await schemes.revisions.markEditing(intent.id, ...schemeIds);
    await schemes.store.update(`${update}\n;\n${markEdit(schemes.iris, intent.id, schemeIds)}`);
  } catch (error) {
    // The write may or may not have been made (the mark tells): settled now if the stores answer, else later.
    await settleEdit(schemes, intent, 'unknown').catch(() => undefined);
    throw error;
  }
  try {
    return await settleEdit(schemes, intent, true);
  } catch (error) {
    const saved = new AppError(
      'service_unavailable',
      'The change is saved, but recording it is not finished: its history and what other people see follow as soon as the database and Redis answer again.',
      { saved: true },
    );
    throw Object.assign(saved, { cause: error });
  }
}

/** How often the reconciler looks for intents left pending. */
const reconcileIntervalMs = 5_000;

/**
 * Settles intents left pending by edits that failed after writing, or whose process died: on
 * start, every few seconds, and at once when Redis is reachable again. Each intent is settled
 * under its schemes' locks (a scheme busy with another edit is tried again next time; that edit
 * settles it itself). Any api process may run one: an intent is recorded once whoever settles it.
 */
export function startEditReconciler(schemes: SchemeContext, log: Logger): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  let stopped = false;
  const reconcile = async () => {
    const pending = await findEditIntents(schemes.db, null);
    const settled = new Set<string>();
    for (const intent of pending) {
      if (stopped) return;
      if (intent.schemes.every((scheme) => settled.has(scheme))) continue;
      try {
        await withSchemeLocks(schemes, intent.schemes, () => settlePendingEdits(schemes, intent.schemes), { waitMs: 0 });
        for (const scheme of intent.schemes) settled.add(scheme);
      } catch (error) {
        // A scheme locked by an edit under way (which settles what is pending on it first) or by a holder that died (until its lock lapses): tried again next time.
        if (error instanceof AppError && error.code === 'conflict') continue;
        log.warn('an edit is not fully recorded yet; trying again shortly', { edit: intent.id, schemes: intent.schemes, reason: (error as Error).message });
      }
    }
  };
  const run = () => {
    if (running || stopped) return;
    running = reconcile()
      .catch((error: unknown) => log.warn('looking for edits not fully recorded failed; trying again shortly', { reason: (error as Error).message }))
      .finally(() => (running = null));
  };
  const timer = setInterval(run, reconcileIntervalMs);
  schemes.redis.on('ready', run);
  run();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      schemes.redis.off('ready', run);
      await running;
    },
  };
}
