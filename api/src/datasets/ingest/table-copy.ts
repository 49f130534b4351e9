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
      this.stream = this.client.query(pgCopyStreams.from(this.statement));
      // Kept from the start: an error while nobody is waiting must not go unhandled.
      this.stream.on('error', (error: Error) => (this.failure ??= error));
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
    if (!this.stream || this.stream.destroyed) return;
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
