import type { DatasetList, DatasetSummary } from '@og/shared/contracts/datasets';
import type { JobRun } from '@og/shared/contracts/jobs';
import { describe, expect, it } from 'vitest';
import { describeIngest, withIngestSnapshot } from './ingest-view';

const dataset = (changes: Partial<DatasetSummary> = {}): DatasetSummary => ({
  id: 'd1',
  metadata: {
    title: 'Toy',
    titleColumn: 'title',
    codeColumn: null,
    scheme: null,
    totalsColumns: [],
    language: null,
    languageColumn: null,
    provenance: null,
    wikidataQid: null,
    period: null,
    predictSingleScheme: false,
    predictScheme: null,
    restrictPredictionsWithCodes: false,
  },
  created_at: '2025-01-01T00:00:00.000Z',
  prediction_sets: [],
  owner: { id: 'u1', username: 'ada', name: 'Ada' },
  isOwner: true,
  collaborators: [],
  state: 'ingesting',
  error: null,
  rowCount: null,
  titleCount: null,
  byteSize: 2_000_000,
  ingest: { jobId: 'j1', jobState: 'active', progress: { phase: 'reading', done: 500_000, total: 2_000_000, unit: 'bytes', message: '12,000 rows' } },
  ...changes,
});

const job = (changes: Partial<JobRun>): JobRun => ({
  id: 'j1',
  kind: 'dataset.ingest',
  label: 'Ingest dataset',
  state: 'active',
  progress: null,
  error: null,
  result: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:01.000Z',
  ...changes,
});

describe('describeIngest', () => {
  it('shows a running ingest as a ring with bytes and rows', () => {
    expect(describeIngest(dataset())).toEqual({ kind: 'ingesting', percent: 25, color: 'blue', label: 'Reading', detail: '500 KB of 2 MB · 12,000 rows' });
  });

  it('shows a queued job, a retry, and a phase without a total', () => {
    expect(describeIngest(dataset({ ingest: { jobId: 'j1', jobState: 'queued', progress: null } }))).toMatchObject({ percent: 0, label: 'Waiting in the queue' });
    expect(describeIngest(dataset({ ingest: { jobId: 'j1', jobState: 'retrying', progress: null } }))).toMatchObject({ color: 'orange', label: 'Retrying' });
    expect(
      describeIngest(dataset({ ingest: { jobId: 'j1', jobState: 'active', progress: { phase: 'indexing', done: 0, total: null, unit: 'rows' } } })),
    ).toMatchObject({ percent: null, label: 'Indexing', detail: '0 rows' });
    expect(
      describeIngest(
        dataset({ ingest: { jobId: 'j1', jobState: 'active', progress: { phase: 'grouping', done: 0, total: null, unit: 'rows', message: '58,099,721 rows (5 s)' } } }),
      ),
    ).toMatchObject({ percent: null, label: 'Grouping titles', detail: '58,099,721 rows (5 s)' });
  });

  it('shows why a dataset failed, and how many titles a ready one has', () => {
    expect(describeIngest(dataset({ state: 'failed', error: 'Line 3 has 1 fields; the header has 2.' }))).toEqual({
      kind: 'failed',
      error: 'Line 3 has 1 fields; the header has 2.',
    });
    expect(describeIngest(dataset({ state: 'ready', titleCount: 9, rowCount: 12 }))).toEqual({ kind: 'ready', titleCount: 9, rowCount: 12 });
  });
});

describe('withIngestSnapshot', () => {
  const list: DatasetList = { datasets: [dataset(), dataset({ id: 'd2', ingest: { jobId: 'j2', jobState: 'queued', progress: null } })] };

  it('moves the dataset of the job, and only it', () => {
    const progress = { phase: 'reading', done: 1_000_000, total: 2_000_000, unit: 'bytes' };
    const next = withIngestSnapshot(list, job({ progress }));
    expect(next.datasets[0]!.ingest).toEqual({ jobId: 'j1', jobState: 'active', progress });
    expect(next.datasets[1]).toBe(list.datasets[1]);
    expect(withIngestSnapshot(list, job({ id: 'other' }))).toBe(list);
  });

  it('shows the reason of a failed job until the dataset says it', () => {
    const failed = withIngestSnapshot(list, job({ state: 'failed', error: 'Line 3 has 1 field; the header has 2.' }));
    expect(describeIngest(failed.datasets[0]!)).toEqual({ kind: 'failed', error: 'Line 3 has 1 field; the header has 2.' });
  });

  it('never puts a finished job back to running', () => {
    const finished = withIngestSnapshot(list, job({ state: 'completed' }));
    expect(withIngestSnapshot(finished, job({ state: 'active' }))).toBe(finished);
  });
});
