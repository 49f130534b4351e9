/**
 * A job's progress, saved and sent at most once every `intervalMs`. A report that comes sooner
 * waits, and the newest one waiting goes out as soon as the interval is over, so a throttled
 * report is late by at most the interval (a job's heartbeat of every half second reaches its
 * watchers every half second, whatever the phase's own reports do between). A new phase goes out
 * at once: a throttled one could be overwritten before it is seen. Sends go out one at a time, in
 * the order they were made.
 */
export class ProgressThrottle<P extends { phase: string }> {
  private lastSent = 0;
  private lastPhase: string | null = null;
  private waiting: P | null = null;
  private timer: NodeJS.Timeout | null = null;
  private sending: Promise<void> = Promise.resolve();
  private closed = false;

  /**
   * @param send saves and publishes one report
   * @param onLateError what a failure of a waiting report's send does (no caller awaits that one)
   */
  constructor(
    private readonly send: (progress: P) => Promise<void>,
    private readonly intervalMs: number,
    private readonly onLateError: (error: unknown) => void,
  ) {}

  /** Sends `progress` now, or once the interval since the last send is over; rejects when a send now fails. */
  async report(progress: P): Promise<void> {
    if (this.closed) return;
    if (Date.now() - this.lastSent >= this.intervalMs || progress.phase !== this.lastPhase) {
      this.stopTimer();
      await this.flush(progress);
      return;
    }
    this.waiting = progress;
    this.timer ??= setTimeout(() => this.sendWaiting(), Math.max(0, this.lastSent + this.intervalMs - Date.now()));
  }

  /**
   * Ends the throttling: no report is sent after this, and those being sent are done when it
   * answers. Answers the report still waiting, if any, for the caller to send or drop.
   */
  async settle(): Promise<P | null> {
    this.closed = true;
    this.stopTimer();
    await this.sending.catch(() => undefined);
    const left = this.waiting;
    this.waiting = null;
    return left;
  }

  private sendWaiting(): void {
    this.timer = null;
    const progress = this.waiting;
    if (!progress || this.closed) return;
    this.flush(progress).catch(this.onLateError);
  }

  private flush(progress: P): Promise<void> {
    this.lastSent = Date.now();
    this.lastPhase = progress.phase;
    this.waiting = null;
    this.sending = this.sending.catch(() => undefined).then(() => this.send(progress));
    return this.sending;
  }

  private stopTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
