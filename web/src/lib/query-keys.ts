/** Query keys more than one feature reads or invalidates (features do not import each other). */
export const sharedQueryKeys = {
  /** `GET /api/datasets`: the datasets list, with each dataset's prediction sets. */
  datasetsList: ['datasets', 'list'] as const,
};
