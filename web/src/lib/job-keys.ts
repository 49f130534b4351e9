/** Query keys of the jobs resource. */
export const jobKeys = {
  all: ['jobs'] as const,
  recent: () => ['jobs', 'recent'] as const,
  run: (jobId: string) => ['jobs', jobId] as const,
};
