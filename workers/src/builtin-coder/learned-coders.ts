import type { CoderSession } from './coder-session.js';
import type { TrainingSummary } from './training-data.js';

export interface LearnedCoder {
  session: CoderSession;
  summary: TrainingSummary;
}

interface Entry {
  learned: Promise<LearnedCoder>;
  users: number;
  lastUsed: number;
  timer: NodeJS.Timeout | null;
}

/**
 * What a worker process has learned for the runs whose chunks it takes: a run's chunks
 * learn once per process, from what the run's first chunk here read. At most `capacity` runs are
 * kept (each holds its index's memory); one no chunk used for `idleMs` is let go.
 */
export class LearnedCoders {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly options: { capacity: number; idleMs: number }) {}

  /** The run's coder, learned by `learn` if this process has none for it; `release` it when the chunk is done. */
  async use(runId: string, learn: () => Promise<LearnedCoder>): Promise<{ coder: LearnedCoder; release: () => void }> {
    let entry = this.entries.get(runId);
    if (!entry) {
      this.makeRoom();
      const learned = learn();
      entry = { learned, users: 0, lastUsed: Date.now(), timer: null };
      this.entries.set(runId, entry);
      // A failed learning is not kept: the chunk's retry learns again.
      learned.catch(() => this.entries.get(runId) === entry && this.entries.delete(runId));
    }
    const held = entry;
    held.users++;
    if (held.timer) clearTimeout(held.timer);
    held.timer = null;
    let coder: LearnedCoder;
    try {
      coder = await held.learned;
    } catch (error) {
      held.users--;
      throw error;
    }
    if (!coder.session.alive) {
      // Its thread stopped since (a crash, the heap cap): learn again rather than fail every chunk here.
      held.users--;
      if (this.entries.get(runId) === held) this.entries.delete(runId);
      return this.use(runId, learn);
    }
    return { coder, release: () => this.release(runId, held) };
  }

  private release(runId: string, entry: Entry): void {
    entry.users--;
    entry.lastUsed = Date.now();
    if (entry.users > 0) return;
    entry.timer = setTimeout(() => this.forget(runId, entry), this.options.idleMs);
    entry.timer.unref();
  }

  private forget(runId: string, entry: Entry): void {
    if (this.entries.get(runId) !== entry || entry.users > 0) return;
    this.entries.delete(runId);
    if (entry.timer) clearTimeout(entry.timer);
    void entry.learned.then((coder) => coder.session.close()).catch(() => undefined);
  }

  /** Lets go of the least recently used idle runs until one more fits. */
  private makeRoom(): void {
    const idle = [...this.entries].filter(([, entry]) => entry.users === 0).sort((a, b) => a[1].lastUsed - b[1].lastUsed);
    while (this.entries.size >= this.options.capacity && idle.length) {
      const [runId, entry] = idle.shift()!;
      this.forget(runId, entry);
    }
  }

  close(): void {
    for (const [runId, entry] of [...this.entries]) {
      entry.users = 0;
      this.forget(runId, entry);
    }
  }
}
