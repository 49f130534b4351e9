import type { JobRun } from '@og/shared/contracts/jobs';
import { jobKindNames, jobKinds, type JobKind } from '@og/shared/jobs/job-kinds';
import { describe, expect, it } from 'vitest';
import { describeJobOutcome, describeRecentJob, hasOutcomeWording } from './job-outcome';

const uuid = '00000000-0000-4000-8000-000000000001';
const learnedFrom = { titles: 5_000, sources: [{ name: 'HISCO', language: 'en', titles: 5_000 }] };

/**
 * A finished job's result for every kind, and the sentence it reads as. Iterated over the kinds
 * of job-kinds.ts: a kind added there without a sample here (and a sentence in job-outcome.ts)
 * fails.
 */
const samples: Record<JobKind, { result: unknown; says: string }> = {
  'session.cleanup': { result: { deleted: 1_204, strayUploads: 2 }, says: 'Deleted 1,204 expired sessions, 2 stray uploads' },
  'scheme.import': { result: { codes: 1_881, added: 12, kept: 1_869, removed: 3 }, says: 'Imported 1,881 codes (12 added, 3 removed)' },
  'dataset.ingest': { result: { rows: 3_000, titles: 2_910, bytes: 120_000, encoding: 'utf-8' }, says: 'Ingested 3,000 rows with 2,910 distinct titles' },
  'crosswalk.import': { result: { imported: 120, alreadyPresent: 4, refused: 1 }, says: 'Imported 120 links, 4 already present, 1 row refused' },
  'crosswalk.remove-set': { result: { removed: 117, kept: 3, keptLinks: [] }, says: 'Removed 117 links, 3 kept' },
  'predictions.import': {
    result: { format: 'occpast-json', rows: 3_000, entries: 2_910, emptyTitles: 0, unknownCodes: 0, ignoredColumns: [], bytes: 90_000 },
    says: 'Imported 2,910 entries',
  },
  'predictions.run': { result: { model: 'builtin', titles: 2_910, coded: 2_880, learnedFrom }, says: 'Coded 2,880 of 2,910 titles' },
  'predictions.run-chunk': { result: { titles: 500, coded: 480, learnedFrom, worker: 'host:1' }, says: 'Coded 480 of 500 titles' },
  'predictions.bulk-accept': { result: { accepted: 1, batchId: uuid }, says: 'Accepted 1 prediction' },
  'conversion.run': { result: { sourceCodes: 359, problematic: 0 }, says: 'Converted 359 codes' },
  'links.suggest': { result: { codes: 412, suggested: 398, evidence: { name: 3_980, coder: 1_200 } }, says: 'Suggested links for 398 of 412 codes' },
};

const finished = (kind: string, result: unknown): Pick<JobRun, 'kind' | 'label' | 'result'> => ({
  kind,
  label: Object.hasOwn(jobKinds, kind) ? jobKinds[kind as JobKind].label : kind,
  result,
});

describe('describeJobOutcome', () => {
  it.each(jobKindNames)('says what a finished %s job did in its own sentence', (kind) => {
    expect(hasOutcomeWording(kind)).toBe(true);
    const sample = samples[kind];
    expect(sample, `no sample result for ${kind}`).toBeDefined();
    // The sample is of the kind's shape, so the sentence is read from it rather than the fallback.
    expect(jobKinds[kind].result.safeParse(sample.result).success).toBe(true);
    expect(describeJobOutcome(finished(kind, sample.result))).toBe(sample.says);
  });

  it('says the parts that are worth saying: counts above zero, one or many', () => {
    expect(describeJobOutcome(finished('session.cleanup', { deleted: 1, strayUploads: 0 }))).toBe('Deleted 1 expired session');
    expect(describeJobOutcome(finished('crosswalk.import', { imported: 1, alreadyPresent: 0, refused: 0 }))).toBe('Imported 1 link');
    expect(describeJobOutcome(finished('crosswalk.import', { imported: 0, alreadyPresent: 0, refused: 0, sameAs: uuid }))).toBe(
      'Added no links: the same file was imported before',
    );
    expect(describeJobOutcome(finished('crosswalk.remove-set', { removed: 2, kept: 0, keptLinks: [] }))).toBe('Removed 2 links');
    expect(
      describeJobOutcome(
        finished('predictions.import', { format: 'occcanine-csv', rows: 10, entries: 1, emptyTitles: 0, unknownCodes: 2, ignoredColumns: [], bytes: 10 }),
      ),
    ).toBe('Imported 1 entry, 2 codes unknown to the scheme');
    expect(describeJobOutcome(finished('conversion.run', { sourceCodes: 359, problematic: 4 }))).toBe('Converted 359 codes, 4 of them problematic');
    expect(describeJobOutcome(finished('predictions.bulk-accept', { accepted: 0, batchId: uuid }))).toBe('Accepted 0 predictions');
  });

  it("falls back to the kind's label and 'done' when the result lacks the numbers", () => {
    expect(describeJobOutcome(finished('conversion.run', null))).toBe('Convert codes: done');
    expect(describeJobOutcome(finished('conversion.run', { problematic: 2 }))).toBe('Convert codes: done');
    expect(describeJobOutcome(finished('predictions.import', { entries: 'many' }))).toBe('Import predictions: done');
    expect(describeJobOutcome({ kind: 'report.build', label: 'Build report', result: { pages: 3 } })).toBe('Build report: done');
  });
});

describe('describeRecentJob', () => {
  const job = (state: JobRun['state'], progress: JobRun['progress'], result: unknown = null): JobRun => ({
    id: 'conversion.run-x',
    kind: 'conversion.run',
    label: 'Convert codes',
    state,
    progress,
    error: state === 'failed' ? 'The dataset was deleted' : null,
    result,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
  });
  const lastReport = { phase: 'linking', done: 0, total: 359, unit: 'codes' };

  it('says how far a running or waiting job got', () => {
    expect(describeRecentJob(job('active', { ...lastReport, done: 120 }))).toBe('120 of 359 codes');
    expect(describeRecentJob(job('queued', null))).toBe('Waiting in the queue');
  });

  it('says what a completed job did, not its last progress numbers', () => {
    expect(describeRecentJob(job('completed', lastReport, { sourceCodes: 359, problematic: 0 }))).toBe('Converted 359 codes');
  });

  it('says where a failed job stopped', () => {
    expect(describeRecentJob(job('failed', { ...lastReport, done: 12 }))).toBe('Failed at 12 of 359 codes');
    expect(describeRecentJob(job('failed', null))).toBe('Failed');
    expect(describeRecentJob(job('failed', lastReport))).toBe('Failed');
  });
});
