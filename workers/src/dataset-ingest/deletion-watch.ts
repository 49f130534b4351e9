import type pg from 'pg';
import type { Database } from '@og/api/db/database';
import { datasetExists } from '@og/api/db/queries/datasets';
import { cancelStatement, connectionPid } from './dataset-ingest-queries.js';

/** The dataset was deleted while it was being ingested: nothing to do any more. */
export class DatasetGoneError extends Error {
  override readonly name = 'DatasetGoneError';
  constructor() {
    super('The dataset was deleted while its file was being read.');
  }
}

const checkEveryMs = 1_000;

/**
 * Notices, while an ingest runs, that its dataset was deleted, and stops the ingest: it cancels
 * the statement the ingest's connection is running (a COPY, the index build, the merge of the late
 * pairs, a wait for a lock), and {@link DeletionWatch.throwIfDeleted} throws at the ingest's
 * next check, between pieces of the file and between phases. The ingest then drops its own tables
 * on its own connection (which still holds the advisory lock) and gives up.
 *
 * How: once a second, a look-up of the dataset's row by its primary key on a pooled connection
 * (the ingest's own is busy with its statement). The row being gone is the fact itself, so it
 * cannot be missed, and the delete has nothing to add. Not LISTEN/NOTIFY: a connection hears a
 * notification only between statements, so listening takes a second connection held for the
 * whole ingest (or one listener per worker process, to keep and reconnect), and a notification
 * sent before the listener started or while it reconnected is lost. Not a Redis key set by the
 * delete: a second record of the same fact, which every way a dataset row goes would have to set.
 * One look-up a second per running ingest costs nothing beside the ingest.
 */
export class DeletionWatch {
  private gone = false;
  private checking: Promise<void> | null = null;
  private readonly timer: NodeJS.Timeout;

  private constructor(
    private readonly db: Database,
    private readonly datasetId: string,
    private readonly backendPid: number,
  ) {
    this.timer = setInterval(() => void this.check(), checkEveryMs);
    this.timer.unref();
  }

  /** Starts watching for the ingest that runs on `client`. */
  static async start(db: Database, client: pg.PoolClient, datasetId: string): Promise<DeletionWatch> {
    return new DeletionWatch(db, datasetId, await connectionPid(client));
  }

  /** Whether the dataset was found deleted. */
  get deleted(): boolean {
    return this.gone;
  }

  throwIfDeleted(): void {
    if (this.gone) throw new DatasetGoneError();
  }

  /** Stops watching. Waits for a check under way, so that no cancel of its lands on what the ingest does next (its clean-up). */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.checking;
  }

  private async check(): Promise<void> {
    if (this.checking || this.gone) return;
    this.checking = this.lookUp();
    await this.checking;
    this.checking = null;
  }

  private async lookUp(): Promise<void> {
    try {
      if (await datasetExists(this.db, this.datasetId)) return;
      this.gone = true;
      // Only the statement running now: a connection idle between statements ignores it (the checks catch that case).
      await cancelStatement(this.db, this.backendPid);
    } catch {
      // The database is away: the ingest's own statements fail too, or the next check asks again.
    }
  }
}
