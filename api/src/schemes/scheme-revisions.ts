import type { Redis } from 'ioredis';
import type { SchemeId } from '@og/shared/domain/schemes';

/**
 * A revision number per scheme, kept in Redis so that every api and worker process agrees:
 * every write to a scheme (or to links touching it) bumps it, and cached trees, link maps' ETags
 * and other caches are keyed by it. A missing key starts from the current time, so revisions never
 * repeat after Redis lost its data.
 *
 * A revision is only trusted while it is sure to change with the content:
 * - an edit marks its schemes as being edited before it writes the store, and the bump clears the
 *   mark; while a mark stands (an edit under way, or one whose bump failed or whose process died,
 *   until it is recorded: ./recorded-edit.ts), `current` answers a value no other call answers, so
 *   nothing read then is kept or answered as unchanged;
 * - the value `current` answers ends with a count of this process's lost Redis connections, so
 *   whatever was kept before Redis went away (and may have lost its last writes) is not used after.
 */
export class SchemeRevisions {
  private connectionEpoch = 0;
  private unsettledReads = 0;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {
    redis.on('close', () => this.connectionEpoch++);
  }

  private key(scheme: SchemeId): string {
    return `${this.prefix}:scheme-revision:${scheme}`;
  }

  private editingKey(scheme: SchemeId): string {
    return `${this.prefix}:scheme-editing:${scheme}`;
  }

  async current(scheme: SchemeId): Promise<string> {
    const epoch = this.connectionEpoch;
    const [stored, editing] = await this.redis.mget(this.key(scheme), this.editingKey(scheme));
    let value = stored;
    if (value === null) {
      await this.redis.set(this.key(scheme), String(Date.now()), 'NX');
      value = (await this.redis.get(this.key(scheme)))!;
    }
    return editing === null ? `${value}.${epoch}` : `${value}.${epoch}.editing-${++this.unsettledReads}`;
  }

  /** Marks the schemes as being edited (by the edit named), before the store is written. */
  async markEditing(edit: string, ...schemeIds: SchemeId[]): Promise<void> {
    await this.redis.mset(Object.fromEntries(schemeIds.map((scheme) => [this.editingKey(scheme), edit])));
  }

  /** Bumps the schemes' revisions and clears their marks of an edit under way, in one transaction. */
  async bump(...schemeIds: SchemeId[]): Promise<void> {
    const transaction = this.redis.multi();
    const now = String(Date.now());
    for (const scheme of schemeIds) transaction.set(this.key(scheme), now, 'NX').incr(this.key(scheme)).del(this.editingKey(scheme));
    const results = await transaction.exec();
    const failed = results?.find(([error]) => error);
    if (!results || failed) throw failed?.[0] ?? new Error('The revision bump was aborted.');
  }
}
