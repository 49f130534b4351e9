import type { JobRun } from '@og/shared/contracts/jobs';
import { describe, expect, it } from 'vitest';
import { describeJobProgress, describePhase, describeProgressAmount, type PhaseLabels } from './job-progress';

const job = (progress: JobRun['progress'], state: JobRun['state'] = 'active'): JobRun => ({
  id: 'j',
  kind: 'dataset.ingest',
  label: 'Ingest dataset',
  state,
  progress,
  error: null,
  result: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
});

describe('describeJobProgress', () => {
  it('counts things in their unit, and bytes in KB, MB and GB', () => {
    expect(describeJobProgress(job({ phase: 'deleting', done: 35_000, total: 200_000, unit: 'sessions' }))).toBe('35,000 of 200,000 sessions');
    expect(describeJobProgress(job({ phase: 'grouping', done: 12, total: null, unit: 'rows' }))).toBe('12 rows');
    expect(describeJobProgress(job({ phase: 'reading', done: 120_000_000, total: 2_100_000_000, unit: 'bytes' }))).toBe('120 MB of 2.1 GB');
    expect(describeProgressAmount({ phase: 'reading', done: 999, total: null, unit: 'bytes' })).toBe('999 bytes');
  });

  it('says what the job is doing while it has no numbers', () => {
    expect(describeJobProgress(job(null, 'queued'))).toBe('Waiting in the queue');
  });
});

describe('describePhase', () => {
  const labels: PhaseLabels<'crosswalk.import'> = { reading: 'Reading rows', writing: 'Writing links', done: 'Finishing' };

  it("names a phase by its kind's label, and any other phase as it was reported", () => {
    expect(describePhase(labels, 'writing')).toBe('Writing links');
    expect(describePhase(labels, 'grouping')).toBe('grouping');
    expect(describePhase(labels, 'toString')).toBe('toString');
  });
});
