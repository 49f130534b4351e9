import type { DatasetList, DatasetSummary } from '@og/shared/contracts/datasets';
import type { JobRun } from '@og/shared/contracts/jobs';
import type { JobProgress } from '@og/shared/jobs/job-kinds';
import type { MantineColor } from '@mantine/core';
import { jobStateColors } from '../../components/job-state-badge';
import { describeJobState, describePhase, describeProgressAmount, isJobFinished, type PhaseLabels, progressPercent } from '../../lib/job-progress';

/** How the datasets list shows a dataset's ingest: a moving ring, the reason it failed, or its size. */
export type IngestView =
  | {
      kind: 'ingesting';
      /** 0–100, or null while the job cannot say how far it is. */
      percent: number | null;
      color: MantineColor;
      /** What it is doing: 'Waiting in the queue', 'Reading', … */
      label: string;
      /** '120 MB of 2.1 GB · 1,234,567 rows' */
      detail: string | null;
    }
  | { kind: 'failed'; error: string }
  | { kind: 'ready'; titleCount: number | null; rowCount: number | null };

const phaseLabels: PhaseLabels<'dataset.ingest'> = {
  reading: 'Reading',
  grouping: 'Grouping titles',
  indexing: 'Indexing',
  done: 'Finishing',
  deleted: 'Deleted',
};

export function describeIngest(dataset: DatasetSummary): IngestView {
  if (dataset.state === 'ready') return { kind: 'ready', titleCount: dataset.titleCount, rowCount: dataset.rowCount };
  const { jobState, progress } = dataset.ingest;
  if (dataset.state === 'failed' || jobState === 'failed') {
    return { kind: 'failed', error: dataset.error ?? 'The file could not be read into a dataset.' };
  }
  if (jobState === 'completed') {
    return { kind: 'ingesting', percent: 100, color: jobStateColors.completed, label: 'Finishing', detail: null };
  }
  if (jobState === null || jobState === 'queued') {
    return { kind: 'ingesting', percent: 0, color: jobStateColors.queued, label: describeJobState('queued'), detail: null };
  }
  const label = jobState === 'retrying' || !progress ? describeJobState(jobState) : describePhase(phaseLabels, progress.phase);
  return {
    kind: 'ingesting',
    percent: progressPercent(progress),
    color: jobStateColors[jobState],
    label,
    detail: progress ? describeAmount(progress) : null,
  };
}

function describeAmount(progress: JobProgress): string {
  // A phase that cannot count ('grouping', 'indexing') reports 0 of unknown: its message says more.
  if (progress.total === null && progress.done === 0 && progress.message) return progress.message;
  const amount = describeProgressAmount(progress);
  return progress.message ? `${amount} · ${progress.message}` : amount;
}

/**
 * The list with a live snapshot of one ingest job applied to the dataset it fills. A snapshot
 * of a running job never replaces a finished one (events and answers may cross).
 */
export function withIngestSnapshot(list: DatasetList, job: JobRun): DatasetList {
  let changed = false;
  const datasets = list.datasets.map((dataset) => {
    if (dataset.ingest.jobId !== job.id) return dataset;
    const current = dataset.ingest.jobState;
    if (current && isJobFinished(current) && !isJobFinished(job.state)) return dataset;
    changed = true;
    const ingest = { ...dataset.ingest, jobState: job.state, progress: job.progress ?? dataset.ingest.progress };
    // Until the list is read again, the job's own reason stands for the dataset's.
    const error = job.state === 'failed' ? (dataset.error ?? job.error) : dataset.error;
    return { ...dataset, ingest, error };
  });
  return changed ? { datasets } : list;
}
