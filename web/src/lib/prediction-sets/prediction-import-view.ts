import type { JobRun } from '@og/shared/contracts/jobs';
import { describeJobState, describePhase, describeProgressAmount, type PhaseLabels } from '../job-progress';

/** What the import of a prediction file is doing, by the phases `predictions.import` reports. */
const phaseLabels: PhaseLabels<'predictions.import'> = {
  reading: 'Reading predictions',
  grouping: 'Merging identical strings',
  indexing: 'Indexing',
  done: 'Finishing',
};

/** The words beside a set's import ring: 'Reading predictions' and '1.2 MB of 3 MB'. */
export function describeImport(job: Pick<JobRun, 'state' | 'progress'>): { label: string; detail: string | null } {
  const { state, progress } = job;
  if (state === 'queued' || state === 'retrying' || state === 'failed' || !progress) return { label: describeJobState(state), detail: null };
  if (state === 'completed') return { label: 'Finishing', detail: null };
  const label = describePhase(phaseLabels, progress.phase);
  // A phase that cannot count (grouping) reports 0 of unknown: its label says enough.
  const detail = progress.total === null && progress.done === 0 ? null : describeProgressAmount(progress);
  return { label, detail };
}
