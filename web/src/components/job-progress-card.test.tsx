import { MantineProvider } from '@mantine/core';
import type { JobRun } from '@og/shared/contracts/jobs';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { removalPhaseLabels } from '../features/linking/crosswalk-set-words';
import { JobProgressCard } from './job-progress-card';

// No DOM in the unit project: the card is rendered to markup and its phase line read back.
const job = (phase: string, state: JobRun['state'] = 'active', message?: string): JobRun => ({
  id: 'crosswalk.remove-set-1',
  kind: 'crosswalk.remove-set',
  label: 'Remove crosswalk set',
  state,
  progress: { phase, done: 40, total: 100, unit: 'links', ...(message ? { message } : {}) },
  error: null,
  result: null,
  createdAt: '2026-11-26T10:00:00.000Z',
  updatedAt: '2026-11-26T10:00:01.000Z',
});

function phaseLine(card: JobRun, phaseLabels?: typeof removalPhaseLabels): string | null {
  const markup = renderToStaticMarkup(
    <MantineProvider>
      <JobProgressCard job={card} phaseLabels={phaseLabels} />
    </MantineProvider>,
  );
  return /data-testid="job-phase"[^>]*>([^<]*)</.exec(markup)?.[1] ?? null;
}

describe('JobProgressCard', () => {
  it('shows the phase in the words given for the job’s kind', () => {
    expect(phaseLine(job('removing'), removalPhaseLabels)).toBe('Removing the set’s links');
    expect(phaseLine(job('done', 'completed'), removalPhaseLabels)).toBe('Set removed');
  });

  it('shows a phase as reported when no words are given, or the words do not name it', () => {
    expect(phaseLine(job('done', 'completed'))).toBe('done');
    expect(phaseLine(job('writing'), removalPhaseLabels)).toBe('writing');
  });

  it('keeps the progress message beside the phase', () => {
    expect(phaseLine(job('removing', 'active', 'chunk 2'), removalPhaseLabels)).toBe('Removing the set’s links · chunk 2');
  });
});
