import { describe, expect, it } from 'vitest';
import { describeImport } from './prediction-import-view';

const progress = (phase: string, done: number, total: number | null, unit: string) => ({ phase, done, total, unit });

describe('describeImport', () => {
  it('names the phase and how far it got', () => {
    expect(describeImport({ state: 'active', progress: progress('reading', 1_000, 4_000, 'bytes') })).toEqual({ label: 'Reading predictions', detail: '1 KB of 4 KB' });
    expect(describeImport({ state: 'active', progress: progress('indexing', 1_200, 1_200, 'entries') })).toEqual({ label: 'Indexing', detail: '1,200 of 1,200 entries' });
  });

  it('leaves the amount out of a phase that cannot count, and says the state while there is no progress', () => {
    expect(describeImport({ state: 'active', progress: progress('grouping', 0, null, 'entries') })).toEqual({ label: 'Merging identical strings', detail: null });
    expect(describeImport({ state: 'queued', progress: null })).toEqual({ label: 'Waiting in the queue', detail: null });
    expect(describeImport({ state: 'completed', progress: progress('done', 5, 5, 'entries') })).toEqual({ label: 'Finishing', detail: null });
  });
});
