import type { ClearLinksRequest } from '@og/shared/contracts/links';
import { api, noContent } from '../../../lib/api-client';
import { withoutLinksOf } from '../link-map-changes';
import { useLinkEdit, type LinkEditTarget } from './link-maps-cache';

/** `POST /api/links/clear`: every link of a code towards a scheme, and its pseudo-targets there (clear links, or stop defaulting). */
export function clearLinks(request: ClearLinksRequest): Promise<void> {
  return api.post('/api/links/clear', request, noContent);
}

export function useClearLinks(target: LinkEditTarget) {
  return useLinkEdit<ClearLinksRequest>(target, {
    request: clearLinks,
    change: (maps, request) => withoutLinksOf(maps, { scheme: request.scheme, value: request.nodeID }, request.targetScheme),
  });
}
