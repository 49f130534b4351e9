import { defaultLinkRelation, isPseudoTarget, type LinkRequest } from '@og/shared/contracts/links';
import { api, noContent } from '../../../lib/api-client';
import { withLink, withMarker } from '../link-map-changes';
import { useLinkEdit, type LinkEditTarget } from './link-maps-cache';

/** `POST /api/links`: links two codes, marks a code unlinkable or defaulting to its parent, or changes an existing link's relation. */
export function createLink(request: LinkRequest): Promise<void> {
  return api.post('/api/links', request, noContent);
}

export function useCreateLink(target: LinkEditTarget) {
  return useLinkEdit<LinkRequest>(target, {
    request: createLink,
    change(maps, request) {
      const source = { scheme: request.sourceScheme, value: request.sourceNodeID };
      if (isPseudoTarget(request.targetNodeID)) return withMarker(maps, source, request.targetScheme, request.targetNodeID);
      return withLink(maps, source, { scheme: request.targetScheme, value: request.targetNodeID }, request.relation ?? defaultLinkRelation);
    },
  });
}
