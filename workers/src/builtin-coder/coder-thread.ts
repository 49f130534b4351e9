import { parentPort, workerData } from 'node:worker_threads';
import { TitleCoder } from './title-coder.js';
import type { CodedTitle } from './title-index.js';

/** The thread's input: what the coder learns from, the titles to code, and how many codes each. */
export interface CoderThreadInput {
  examples: CodedTitle[];
  titles: string[];
  k: number;
  /** Per title, the only codes it may be given ('Restrict predictions to associated codes'); null: any. */
  allowed?: (string[] | null)[];
}

export type CoderThreadMessage =
  | { kind: 'learned'; titles: number }
  | { kind: 'progress'; done: number }
  | { kind: 'done'; predictions: { code: string; conf: number }[][] };

const progressEvery = 2_000;

/** Learns from the examples and codes the titles, telling `tell` how it goes (the thread's work, also run inline). */
export function learnAndCode(input: CoderThreadInput, tell: (message: CoderThreadMessage) => void): void {
  const coder = TitleCoder.build(input.examples);
  tell({ kind: 'learned', titles: coder.titles });
  const predictions: { code: string; conf: number }[][] = [];
  for (let index = 0; index < input.titles.length; index++) {
    if (index % progressEvery === 0) tell({ kind: 'progress', done: index });
    const allowed = input.allowed?.[index];
    predictions.push(coder.predict(input.titles[index]!, { k: input.k, allowed: allowed ? new Set(allowed) : undefined }));
  }
  tell({ kind: 'done', predictions });
}

// Only a thread started by codeInThread works at import (its data says so), not any thread that imports this module.
if (parentPort && (workerData as { coderThread?: boolean } | null)?.coderThread) {
  learnAndCode(workerData as CoderThreadInput, (message) => parentPort!.postMessage(message));
}
