import { Badge, type BadgeProps, type MantineColor } from '@mantine/core';
import type { JobState } from '@og/shared/jobs/job-kinds';

export const jobStateColors: Record<JobState, MantineColor> = {
  queued: 'gray',
  active: 'blue',
  retrying: 'orange',
  completed: 'teal',
  failed: 'red',
};

interface JobStateBadgeProps extends Omit<BadgeProps, 'color' | 'children'> {
  state: JobState;
}

export function JobStateBadge({ state, ...badgeProps }: JobStateBadgeProps) {
  return (
    <Badge variant="light" color={jobStateColors[state]} style={{ flexShrink: 0 }} {...badgeProps}>
      {state}
    </Badge>
  );
}
