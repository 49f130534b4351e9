import type { JobRun } from '@og/shared/contracts/jobs';
import type { JobKind, JobPhase, JobProgress, JobState } from '@og/shared/jobs/job-kinds';
import { formatBytes } from './format-bytes';

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
  return progressPercent(job.progress);
}

/** How far a progress report got, 0–100, or null when there is none or its total is not known. */
export function progressPercent(progress: Pick<JobProgress, 'done' | 'total'> | null | undefined): number | null {
  if (!progress || progress.total === null) return null;
  if (progress.total === 0) return 0;
  return Math.min(100, Math.max(0, (progress.done / progress.total) * 100));
}

/** '35,000 of 200,000 sessions', '120 MB of 2.1 GB', or a word about the state while there are no numbers yet. */
export function describeJobProgress(job: JobRun): string {
  return job.progress ? describeProgressAmount(job.progress) : describeJobState(job.state);
}

/** A word about the state while a job has no numbers: 'Waiting in the queue', 'Retrying', … */
export function describeJobState(state: JobState): string {
  return stateDescriptions[state];
}

/**
 * How far a progress report (or any count with a unit) got: '35,000 of 200,000 sessions';
 * bytes in KB, MB, GB: '120 MB of 2.1 GB'. Only the numbers and the unit are read.
 */
export function describeProgressAmount(progress: Pick<JobProgress, 'done' | 'total' | 'unit'> & Partial<JobProgress>): string {
  const amount = (value: number) => (progress.unit === 'bytes' ? formatBytes(value) : value.toLocaleString(locale));
  const unit = progress.unit === 'bytes' ? '' : ` ${progress.unit}`;
  if (progress.total === null) return `${amount(progress.done)}${unit}`;
  return `${amount(progress.done)} of ${amount(progress.total)}${unit}`;
}

/** What people read for each phase a job kind reports: one label per phase, so a phase without one does not compile. */
export type PhaseLabels<K extends JobKind> = Record<JobPhase<K>, string>;

/** The label of a reported phase; a phase the labels do not name (another kind's) reads as itself. */
export function describePhase<K extends JobKind>(labels: PhaseLabels<K>, phase: string): string {
  return Object.hasOwn(labels, phase) ? labels[phase as JobPhase<K>] : phase;
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
