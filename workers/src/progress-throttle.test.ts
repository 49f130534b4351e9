import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProgressThrottle } from './progress-throttle.js';

type Progress = { phase: string; done: number };

describe('ProgressThrottle', () => {
  let sent: { at: number; progress: Progress }[];
  let lateErrors: unknown[];
  const make = (send?: (progress: Progress) => Promise<void>) =>
    new ProgressThrottle<Progress>(
      send ??
        (async (progress) => {
          sent.push({ at: Date.now(), progress });
        }),
      250,
      (error) => lateErrors.push(error),
    );

  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
    sent = [];
    lateErrors = [];
  });
  afterEach(() => vi.useRealTimers());

  it('sends the first report at once and a report within the interval once the interval is over, the newest waiting one', async () => {
    const throttle = make();
    await throttle.report({ phase: 'reading', done: 1 });
    await vi.advanceTimersByTimeAsync(100);
    await throttle.report({ phase: 'reading', done: 2 });
    await vi.advanceTimersByTimeAsync(50);
    await throttle.report({ phase: 'reading', done: 3 });
    expect(sent.map((s) => s.progress.done)).toEqual([1]);
    await vi.advanceTimersByTimeAsync(99);
    expect(sent.map((s) => s.progress.done)).toEqual([1]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent.map((s) => s.progress.done)).toEqual([1, 3]);
    expect(sent[1]!.at - sent[0]!.at).toBe(250);
    // Nothing more waits: no further send.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sent).toHaveLength(2);
  });

  it("keeps a half-second heartbeat's reports half a second apart when each follows a phase's own report closely", async () => {
    const throttle = make();
    // A phase's report, then the heartbeat 40 ms later, over and over: the heartbeat's report is never lost until the next.
    for (let beat = 0; beat < 6; beat++) {
      await throttle.report({ phase: 'indexing', done: beat * 2 });
      await vi.advanceTimersByTimeAsync(40);
      await throttle.report({ phase: 'indexing', done: beat * 2 + 1 });
      await vi.advanceTimersByTimeAsync(460);
    }
    const gaps = sent.slice(1).map((s, index) => s.at - sent[index]!.at);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(500);
    expect(sent.map((s) => s.progress.done)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it('sends a new phase at once, dropping the waiting report of the phase before', async () => {
    const throttle = make();
    await throttle.report({ phase: 'reading', done: 1 });
    await throttle.report({ phase: 'reading', done: 2 });
    await throttle.report({ phase: 'indexing', done: 0 });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sent.map((s) => `${s.progress.phase} ${s.progress.done}`)).toEqual(['reading 1', 'indexing 0']);
  });

  it('settles with the report still waiting and sends nothing after', async () => {
    const throttle = make();
    await throttle.report({ phase: 'reading', done: 1 });
    await throttle.report({ phase: 'reading', done: 2 });
    expect(await throttle.settle()).toEqual({ phase: 'reading', done: 2 });
    await throttle.report({ phase: 'done', done: 3 });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sent.map((s) => s.progress.done)).toEqual([1]);
    expect(await throttle.settle()).toBeNull();
  });

  it('sends one at a time, in order, and settles only once the send in flight is done', async () => {
    let release: () => void = () => undefined;
    const order: string[] = [];
    const throttle = make(async (progress) => {
      order.push(`start ${progress.done}`);
      if (progress.done === 1) await new Promise<void>((resolve) => (release = resolve));
      order.push(`end ${progress.done}`);
    });
    const first = throttle.report({ phase: 'reading', done: 1 });
    await throttle.report({ phase: 'reading', done: 2 }).catch(() => undefined);
    await vi.advanceTimersByTimeAsync(250);
    const settled = throttle.settle();
    let isSettled = false;
    void settled.then(() => (isSettled = true));
    await vi.advanceTimersByTimeAsync(10);
    expect(isSettled).toBe(false);
    release();
    await first;
    expect(await settled).toBeNull();
    expect(order).toEqual(['start 1', 'end 1', 'start 2', 'end 2']);
  });

  it("rejects a report whose send now fails, and hands a waiting report's failure to its handler", async () => {
    const failing = make(async (progress) => {
      if (progress.done >= 1) throw new Error(`lost ${progress.done}`);
    });
    await expect(failing.report({ phase: 'reading', done: 1 })).rejects.toThrow('lost 1');
    await failing.report({ phase: 'reading', done: 2 });
    await vi.advanceTimersByTimeAsync(250);
    expect(lateErrors.map((error) => (error as Error).message)).toEqual(['lost 2']);
  });
});
