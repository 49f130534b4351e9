import { once } from 'node:events';
import type pg from 'pg';
import pgCopyStreams from 'pg-copy-streams';

/**
 * One `COPY … FROM STDIN` (text format), started by its first write and written to while the
 * file is still being read: Postgres takes in one piece while the next is parsed. Writes never
 * wait; {@link TableCopy.drained} is awaited between pieces and waits while more than `maxQueued`
 * bytes are still on their way to Postgres, so at most that much waits in memory (a queue lets
 * the file be read on while Postgres stores what was written). Until the first write no COPY
 * runs, and no lock is held that anyone (a delete of the dataset) waits for.
 */
export class TableCopy {
  private stream: pgCopyStreams.CopyStreamQuery | null = null;
  private failure: Error | null = null;
  /** Bytes written that the connection has not taken yet. */
  private queued = 0;
  private waiting: (() => void) | null = null;

  constructor(
    private readonly client: pg.PoolClient,
    private readonly statement: string,
    private readonly maxQueued = 0,
  ) {}

  write(text: Buffer): void {
    if (this.failure) return;
    if (!this.stream) {
      const stream = this.client.query(pgCopyStreams.from(this.statement));
      // Kept from the start: an error while nobody is waiting must not go unhandled.
      stream.on('error', (error: Error) => {
        this.failure ??= error;
        // Postgres ended the COPY (a bad value, a cancel): the stream must not hand on what still
        // waits in its buffer, or pg-copy-streams writes it, once the socket drains, to a connection
        // it has let go of, and throws where nobody catches. Destroyed, it drops the buffer (and
        // sends a CopyFail, which Postgres, out of the COPY already, ignores).
        if (!stream.destroyed) stream.destroy();
        this.wake();
      });
      stream.on('close', () => this.wake());
      this.stream = stream;
    }
    const bytes = text.length;
    this.queued += bytes;
    this.stream.write(text, () => {
      this.queued -= bytes;
      this.wake();
    });
  }

  /** Waits until at most `maxQueued` bytes written are still on their way to Postgres (throws if the COPY failed). */
  async drained(): Promise<void> {
    while (!this.failure && this.stream && !this.stream.destroyed && this.queued > this.maxQueued) {
      await new Promise<void>((resolve) => (this.waiting = resolve));
    }
    if (this.failure) throw this.failure;
  }

  private wake(): void {
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.();
  }

  /** Ends the COPY (if it started); answers the rows Postgres stored. */
  async end(): Promise<number> {
    if (this.failure) throw this.failure;
    if (!this.stream) return 0;
    this.stream.end();
    await this.untilFinished(this.stream);
    if (this.failure) throw this.failure;
    return this.stream.rowCount;
  }

  /** Abandons the COPY (Postgres rolls back what it took) and waits until the connection is free again. */
  async abort(): Promise<void> {
    // A COPY Postgres failed (cancelled, say) is over already and its connection free (and one it
    // failed before taking it would never close).
    if (!this.stream || this.stream.destroyed || this.failure) return;
    const closed = once(this.stream, 'close').catch(() => undefined);
    this.stream.destroy(new Error('The COPY was abandoned.'));
    await closed;
  }

  /** Waits for the COPY to finish, or for the stream to close (after an error). */
  private async untilFinished(stream: pgCopyStreams.CopyStreamQuery): Promise<void> {
    const waiting = new AbortController();
    try {
      await Promise.race([once(stream, 'finish', { signal: waiting.signal }), once(stream, 'close', { signal: waiting.signal })]);
    } catch (error) {
      if (!this.failure) throw error;
    } finally {
      waiting.abort();
    }
  }
}

/** COPYs into several tables on one connection, one at a time: switching to another table ends the COPY running. */
export class CopyTargets<Table extends string> {
  private current: { table: Table; copy: TableCopy } | null = null;
  private readonly stored = new Map<Table, number>();

  constructor(
    private readonly client: pg.PoolClient,
    private readonly statements: Record<Table, string>,
    private readonly maxQueued = 0,
  ) {}

  /** The COPY into `table`, started (at its first write) after the one running ends. */
  async to(table: Table): Promise<TableCopy> {
    if (this.current?.table === table) return this.current.copy;
    await this.end();
    const copy = new TableCopy(this.client, this.statements[table], this.maxQueued);
    this.current = { table, copy };
    return copy;
  }

  /** {@link TableCopy.drained} of the COPY running. */
  async drained(): Promise<void> {
    await this.current?.copy.drained();
  }

  /** Ends the COPY running, if any. */
  async end(): Promise<void> {
    const current = this.current;
    this.current = null;
    if (current) this.stored.set(current.table, this.rowsStored(current.table) + (await current.copy.end()));
  }

  /** Rows Postgres stored in `table` by the COPYs ended so far. */
  rowsStored(table: Table): number {
    return this.stored.get(table) ?? 0;
  }

  /** Abandons the COPY running, if any. */
  async abort(): Promise<void> {
    const current = this.current;
    this.current = null;
    await current?.copy.abort();
  }
}
