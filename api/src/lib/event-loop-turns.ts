import { performance } from 'node:perf_hooks';
import { setImmediate as afterEverythingWaiting } from 'node:timers/promises';

/**
 * Lets everything that waits run (timers, I/O: requests, socket events) before going on. Two
 * `setImmediate`s, as work that runs in the loop's I/O phase (after an awaited read, drain or
 * answer of the store) gets its first in the same round of the loop, before its timers: with one,
 * the work before it and the work after it could run back to back.
 */
export async function eventLoopTurn(): Promise<void> {
  await afterEverythingWaiting();
  await afterEverythingWaiting();
}

/**
 * How long a job's own synchronous work may hold the event loop before it lets the rest run: a
 * fifth of the 100 ms no job may pass, leaving room for what cannot be cut (a turn ends between
 * rows, or between buffers written out) and for a busy machine.
 */
const turnMs = 20;

/**
 * Long synchronous work (reading rows) cut into turns of the event loop: the work asks
 * {@link EventLoopTurns.over} every few rows, and when it is, awaits {@link EventLoopTurns.next}.
 * With the workers in the api's process (`npm start`), the api's requests and socket events wait
 * for no job longer than a turn. Cut by time, not by bytes: the first rows of a job run before V8
 * has optimised the code, many times slower than the rest.
 */
export class EventLoopTurns {
  private endsAt = performance.now() + turnMs;

  /** Whether this turn's time is up. */
  get over(): boolean {
    return performance.now() >= this.endsAt;
  }

  /** Lets everything that waits run ({@link eventLoopTurn}), then starts a new turn. */
  async next(): Promise<void> {
    await eventLoopTurn();
    this.endsAt = performance.now() + turnMs;
  }
}
