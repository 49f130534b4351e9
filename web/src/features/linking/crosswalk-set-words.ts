import type { CrosswalkSet } from '@og/shared/contracts/links';
import type { PhaseLabels } from '../../lib/job-progress';

const countFormat = new Intl.NumberFormat('en');

/** When a set was imported, as the linking page writes times. */
export function setDateText(at: string): string {
  return new Date(at).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}

/** Who imported a set and when: an admin, or the first start that seeded it. */
export function setMakerText(set: Pick<CrosswalkSet, 'createdBy' | 'createdAt'>): string {
  return `${set.createdBy ? `By ${set.createdBy.name}` : 'Seeded at first start'}, ${setDateText(set.createdAt)}`;
}

/** What a set's import counted: rows imported as links, already present, refused. */
export function setCountsText(set: Pick<CrosswalkSet, 'imported' | 'alreadyPresent' | 'refused'>): string {
  return `${countFormat.format(set.imported)} imported, ${countFormat.format(set.alreadyPresent)} already present, ${countFormat.format(set.refused)} refused`;
}

/** What a set's removal (`crosswalk.remove-set`) is doing, for its progress card: 'done' comes once the set is gone. */
export const removalPhaseLabels: PhaseLabels<'crosswalk.remove-set'> = {
  removing: 'Removing the set’s links',
  done: 'Set removed',
};

/** What a crosswalk import (`crosswalk.import`) is doing, for its progress card. */
export const importPhaseLabels: PhaseLabels<'crosswalk.import'> = {
  reading: 'Reading the file’s rows',
  writing: 'Writing the links',
  done: 'Imported',
};
