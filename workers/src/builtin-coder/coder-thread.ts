import { parentPort, workerData } from 'node:worker_threads';
import { TitleCoder } from './title-coder.js';
import type { CodedTitle } from './title-index.js';

/** A request to code titles: how many codes each, and per title the only codes it may get ('Restrict predictions to associated codes'; null: any). */
export interface CodeRequest {
  titles: string[];
  k: number;
  allowed?: (string[] | null)[] | null;
  /** Per title, its language (ISO 639; null: not known): known titles of another language count less. */
  langs?: (string | null)[] | null;
}

export type CoderThreadMessage =
  | { kind: 'learned'; titles: number }
  | { kind: 'progress'; id: number; done: number }
  | { kind: 'done'; id: number; predictions: { code: string; conf: number }[][] };

const progressEvery = 2_000;

/** Codes a request's titles with a built coder, telling `onProgress` how many are done (the thread's work, also run inline). */
export function codeTitles(coder: TitleCoder, request: CodeRequest, onProgress: (done: number) => void): { code: string; conf: number }[][] {
  const predictions: { code: string; conf: number }[][] = [];
  for (let index = 0; index < request.titles.length; index++) {
    if (index % progressEvery === 0) onProgress(index);
    const allowed = request.allowed?.[index];
    const lang = request.langs?.[index];
    predictions.push(coder.predict(request.titles[index]!, { k: request.k, allowed: allowed ? new Set(allowed) : undefined, ...(lang ? { lang } : {}) }));
  }
  return predictions;
}

// Only a thread started by CoderSession works at import (its data says so), not any thread that imports this module.
if (parentPort && (workerData as { coderThread?: boolean } | null)?.coderThread) {
  const port = parentPort;
  const coder = TitleCoder.build((workerData as { examples: CodedTitle[] }).examples);
  port.postMessage({ kind: 'learned', titles: coder.titles } satisfies CoderThreadMessage);
  port.on('message', (message: CodeRequest & { id: number }) => {
    const predictions = codeTitles(coder, message, (done) => port.postMessage({ kind: 'progress', id: message.id, done } satisfies CoderThreadMessage));
    port.postMessage({ kind: 'done', id: message.id, predictions } satisfies CoderThreadMessage);
  });
}
