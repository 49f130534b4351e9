import { Worker } from 'node:worker_threads';
import type { CodePrediction } from './title-coder.js';
import type { CodedTitle } from './title-index.js';
import type { CodeRequest, CoderThreadMessage } from './coder-thread.js';

/** The coder's heap, at most: a million coded titles need about 600 MB (README's bench). */
const maxHeapMb = 900;

/**
 * A built-in coder that has learned, kept for the requests that follow: a run's chunks
 * taken by one worker process learn once. It works in a thread of its own: building a large index
 * takes seconds of CPU, which would otherwise stop the all-in-one process's event loop, and its
 * heap is capped. Requests are answered in the order they come.
 */
export interface CoderSession {
  /** How many coded titles it learned from. */
  readonly titles: number;
  /** False once its thread stopped (a crash, the heap cap): it answers nothing more, and is learned again. */
  readonly alive: boolean;
  code(request: CodeRequest, options: { signal: AbortSignal; onProgress: (done: number) => void }): Promise<CodePrediction[][]>;
  close(): void;
}

/**
 * Learns from the examples in a thread. Under the test runner, which runs the TypeScript source,
 * the thread loads it through tsx (learning from the shipped titles takes long enough to stall
 * the job locks if it ran on the event loop).
 */
export function startCoderSession(examples: CodedTitle[]): Promise<CoderSession> {
  return threadSession(examples);
}

function coderThread(examples: CodedTitle[]): Worker {
  const options = { workerData: { examples, coderThread: true }, resourceLimits: { maxOldGenerationSizeMb: maxHeapMb } };
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./coder-thread.js', import.meta.url), options);
  const source = new URL('./coder-thread.ts', import.meta.url).href;
  return new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); })`, { ...options, eval: true });
}

function threadSession(examples: CodedTitle[]): Promise<CoderSession> {
  const worker = coderThread(examples);
  const pending = new Map<number, { resolve: (predictions: CodePrediction[][]) => void; reject: (error: Error) => void; onProgress: (done: number) => void }>();
  let nextId = 0;
  let stopped: Error | null = null;
  const stop = (error: Error) => {
    stopped ??= error;
    for (const request of pending.values()) request.reject(stopped);
    pending.clear();
  };
  return new Promise((resolve, reject) => {
    let learned = false;
    worker.on('message', (message: CoderThreadMessage) => {
      if (message.kind === 'learned') {
        learned = true;
        resolve({
          titles: message.titles,
          get alive() {
            return stopped === null;
          },
          code(request, options) {
            if (stopped) return Promise.reject(stopped);
            options.signal.throwIfAborted();
            const id = nextId++;
            return new Promise<CodePrediction[][]>((resolveCode, rejectCode) => {
              // A run stopped (the worker shuts down) ends the thread: its other requests stop too.
              const abort = () => {
                stop(options.signal.reason as Error);
                void worker.terminate();
              };
              options.signal.addEventListener('abort', abort, { once: true });
              const settle = () => options.signal.removeEventListener('abort', abort);
              pending.set(id, {
                resolve: (predictions) => (settle(), resolveCode(predictions)),
                reject: (error) => (settle(), rejectCode(error)),
                onProgress: options.onProgress,
              });
              worker.postMessage({ ...request, id });
            });
          },
          close: () => {
            stop(new Error('The coder was closed.'));
            void worker.terminate();
          },
        });
      } else {
        const request = pending.get(message.id);
        if (!request) return;
        if (message.kind === 'progress') request.onProgress(message.done);
        else {
          pending.delete(message.id);
          request.resolve(message.predictions);
        }
      }
    });
    worker.on('error', (error) => {
      stop(error);
      if (!learned) reject(error);
    });
    worker.on('exit', (code) => {
      const error = new Error(`The coder's thread stopped (exit code ${code}).`);
      stop(error);
      if (!learned) reject(error);
    });
  });
}
