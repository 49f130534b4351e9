import { jobEvents } from '@og/shared/events/job-events';

/** The events that carry a full JobRun snapshot. */
export const jobSnapshotEvents = [jobEvents.progress, jobEvents.completed, jobEvents.failed] as const;
