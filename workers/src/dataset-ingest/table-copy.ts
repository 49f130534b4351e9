import { once } from 'node:events';
import type pg from 'pg';
import pgCopyStreams from 'pg-copy-streams';

/**
 * One `COPY … FROM STDIN` (text format), started by its first write and written to while the
 * file is still being read: Postgres takes in one piece while the next is parsed. Writes never
 * wait; {@link TableCopy.drained} is awaited between pieces, so little waits in memory. Until the
 * first write no COPY runs, and no lock is held that anyone (a delete of the dataset) waits for.
 */
export class TableCopy {
  private stream: pgCopyStreams.CopyStreamQuery | null = null;
  private failure: Error | null = null;
  private full = false;

  constructor(
    private readonly client: pg.PoolClient,
    private readonly statement: string,
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
      });
      this.stream = stream;
    }
    if (!this.stream.write(text)) this.full = true;
  }

  /** Waits until Postgres has taken what was written (throws if the COPY failed). */
  async drained(): Promise<void> {
    if (this.failure) throw this.failure;
    if (!this.full || !this.stream) return;
    this.full = false;
    await this.until(this.stream, 'drain');
    if (this.failure) throw this.failure;
  }

  /** Ends the COPY (if it started); answers the rows Postgres stored. */
  async end(): Promise<number> {
    if (this.failure) throw this.failure;
    if (!this.stream) return 0;
    this.stream.end();
    await this.until(this.stream, 'finish');
    if (this.failure) throw this.failure;
    return this.stream.rowCount;
  }

  /** Abandons the COPY (Postgres rolls back what it took) and waits until the connection is free again. */
  async abort(): Promise<void> {
    // A COPY Postgres failed (cancelled, say) is over already and its connection free (and one it
    // failed before taking it would never close).
    if (!this.stream || this.stream.destroyed || this.failure) return;
    const closed = once(this.stream, 'close').catch(() => undefined);
    this.stream.destroy(new Error('The ingest stopped.'));
    await closed;
  }

  /** Waits for the event, or for the stream to close (after an error). */
  private async until(stream: pgCopyStreams.CopyStreamQuery, event: 'drain' | 'finish'): Promise<void> {
    const waiting = new AbortController();
    try {
      await Promise.race([once(stream, event, { signal: waiting.signal }), once(stream, 'close', { signal: waiting.signal })]);
    } catch (error) {
      if (!this.failure) throw error;
    } finally {
      waiting.abort();
    }
  }
}
