import type { JobRun } from '@og/shared/contracts/jobs';
import type { JobState } from '@og/shared/jobs/job-kinds';

/** Numbers in job progress follow the product's locale (SPEC §9: en). */
const locale = 'en';

export function isJobRunning(state: JobState): boolean {
  return state === 'active' || state === 'retrying';
}

export function isJobFinished(state: JobState): boolean {
  return state === 'completed' || state === 'failed';
}

/** How far the job is, 0–100, or null when its total is not known. */
export function jobPercent(job: JobRun): number | null {
  if (job.state === 'completed') return 100;
  const { done, total } = job.progress ?? { done: 0, total: null };
  if (total === null) return null;
  if (total === 0) return 0;
  return Math.min(100, Math.max(0, (done / total) * 100));
}

/** '35,000 of 200,000 sessions', or a word about the state while there are no numbers yet. */
export function describeJobProgress(job: JobRun): string {
  const progress = job.progress;
  if (progress) {
    const done = progress.done.toLocaleString(locale);
    if (progress.total === null) return `${done} ${progress.unit}`;
    return `${done} of ${progress.total.toLocaleString(locale)} ${progress.unit}`;
  }
  return stateDescriptions[job.state];
}

const stateDescriptions: Record<JobState, string> = {
  queued: 'Waiting in the queue',
  active: 'Starting',
  retrying: 'Retrying',
  completed: 'Done',
  failed: 'Stopped',
};

/**
 * The later of two snapshots of one job. A fetch and the live events race: an answer sent
 * before the job finished may arrive after the 'completed' event, and must not undo it.
 * A finished snapshot beats an unfinished one; otherwise the later `updatedAt` wins.
 */
export function laterJobRun(current: JobRun | undefined, incoming: JobRun): JobRun {
  if (!current || current.id !== incoming.id) return incoming;
  const currentFinished = isJobFinished(current.state);
  if (currentFinished !== isJobFinished(incoming.state)) return currentFinished ? current : incoming;
  return Date.parse(current.updatedAt) > Date.parse(incoming.updatedAt) ? current : incoming;
}
