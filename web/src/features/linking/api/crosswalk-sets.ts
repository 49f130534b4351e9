import { jobAccepted, type JobAccepted, type JobRun } from '@og/shared/contracts/jobs';
import { crosswalkSets, type CrosswalkSets } from '@og/shared/contracts/links';
import { jobKinds, type JobResult } from '@og/shared/jobs/job-kinds';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { linkKeys, type SchemePair } from './link-keys';

/**
 * The pair's crosswalk sets, under the pair's link maps key: whatever reads the maps again (an
 * import or a removal finishing, another admin's edit heard live) reads the sets again too.
 */
export const crosswalkSetKeys = {
  pair: (pair: SchemePair) => [...linkKeys.maps(pair), 'crosswalk-sets'] as const,
};

/** `GET /api/crosswalks/sets?schemes={a},{b}`: the crosswalk files imported for the pair, as sets of links. */
export function fetchCrosswalkSets(pair: SchemePair, signal?: AbortSignal): Promise<CrosswalkSets> {
  return api.get(`/api/crosswalks/sets?${new URLSearchParams({ schemes: pair.join(',') })}`, crosswalkSets, { signal });
}

export function useCrosswalkSetsQuery(pair: SchemePair) {
  return useQuery({ queryKey: crosswalkSetKeys.pair(pair), queryFn: ({ signal }) => fetchCrosswalkSets(pair, signal), staleTime: 0 });
}

/** `DELETE /api/crosswalks/sets/{id}` answers 202 with the id of a `crosswalk.remove-set` job. */
export function removeCrosswalkSet(setId: string): Promise<JobAccepted> {
  return api.delete(`/api/crosswalks/sets/${encodeURIComponent(setId)}`, jobAccepted);
}

export function useRemoveCrosswalkSet() {
  return useMutation({ mutationFn: removeCrosswalkSet });
}

/** A finished removal's counts and kept links, or null while it runs or when it failed. */
export function crosswalkRemovalResult(job: JobRun | undefined): JobResult<'crosswalk.remove-set'> | null {
  if (job?.state !== 'completed') return null;
  const parsed = jobKinds['crosswalk.remove-set'].result.safeParse(job.result);
  return parsed.success ? parsed.data : null;
}
