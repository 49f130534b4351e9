import { mappingSaved, type MappingSaved, type SaveMappingRequest } from '@og/shared/contracts/predictions';
import { api } from '../../../../lib/api-client';
import { predictionSetApiPath, type ReviewScope, scopeQuery } from '../../../../lib/prediction-sets/prediction-set-keys';

/**
 * SPEC §7 `POST /api/prediction-sets/{id}/entries/{string}` with `{mappings, nodeDetails}`; beyond
 * SPEC the version read (409 with the current mapping when someone saved since) and `propagate`.
 * The answer's mapped count is under the threshold the reviewer works at.
 */
export function saveMapping(setId: string, string: string, request: SaveMappingRequest, scope: Pick<ReviewScope, 'threshold'>): Promise<MappingSaved> {
  return api.post(`${predictionSetApiPath(setId)}/entries/${encodeURIComponent(string)}${scopeQuery({ threshold: scope.threshold })}`, request, mappingSaved);
}
