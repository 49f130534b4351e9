import { Worker } from 'node:worker_threads';
import type { CodePrediction } from './title-coder.js';
import { type CoderThreadInput, type CoderThreadMessage, learnAndCode } from './coder-thread.js';

/** The coder's heap, at most: a million coded titles need about 600 MB (README's bench). */
const maxHeapMb = 900;

/**
 * Learns and codes in a thread of its own (issue 13): the build of a large index takes seconds of
 * CPU, which would otherwise stop the all-in-one process's event loop, and its heap is capped.
 * `onProgress` hears how many titles are coded.
 */
export function codeInThread(input: CoderThreadInput, options: { signal: AbortSignal; onProgress: (done: number) => void; onLearned?: (titles: number) => void }): Promise<CodePrediction[][]> {
  // The test runner runs the TypeScript source, which a thread cannot load: there the work runs inline.
  if (import.meta.url.endsWith('.ts')) return codeInline(input, options);
  const worker = new Worker(new URL('./coder-thread.js', import.meta.url), { workerData: { ...input, coderThread: true }, resourceLimits: { maxOldGenerationSizeMb: maxHeapMb } });
  return new Promise((resolve, reject) => {
    const abort = () => void worker.terminate();
    options.signal.addEventListener('abort', abort, { once: true });
    const settle = () => options.signal.removeEventListener('abort', abort);
    worker.on('message', (message: CoderThreadMessage) => {
      if (message.kind === 'learned') options.onLearned?.(message.titles);
      else if (message.kind === 'progress') options.onProgress(message.done);
      else {
        settle();
        resolve(message.predictions);
        void worker.terminate();
      }
    });
    worker.on('error', (error) => {
      settle();
      reject(error);
    });
    worker.on('exit', (code) => {
      settle();
      if (options.signal.aborted) reject(options.signal.reason as Error);
      else if (code !== 0) reject(new Error(`The coder's thread stopped (exit code ${code}).`));
    });
  });
}

function codeInline(input: CoderThreadInput, options: { onProgress: (done: number) => void; onLearned?: (titles: number) => void }): Promise<CodePrediction[][]> {
  let result: CodePrediction[][] = [];
  learnAndCode(input, (message) => {
    if (message.kind === 'learned') options.onLearned?.(message.titles);
    else if (message.kind === 'progress') options.onProgress(message.done);
    else result = message.predictions;
  });
  return Promise.resolve(result);
}
