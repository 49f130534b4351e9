import type { PhaseLabels } from './job-progress';

/** What the removal of a crosswalk set (`crosswalk.remove-set`) is doing, for a progress line. */
export const removeCrosswalkSetPhaseLabels: PhaseLabels<'crosswalk.remove-set'> = {
  removing: 'Removing the set’s links',
  done: 'Finishing',
};
