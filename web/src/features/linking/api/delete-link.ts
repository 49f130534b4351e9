import { isPseudoTarget, type LinkRequest } from '@og/shared/contracts/links';
import { api, noContent } from '../../../lib/api-client';
import { withoutLink, withoutMarker } from '../link-map-changes';
import { useLinkEdit, type LinkEditTarget } from './link-maps-cache';

/** `DELETE /api/links`: unlinks two codes, or takes a pseudo-target away. */
export function deleteLink(request: LinkRequest): Promise<void> {
  return api.delete('/api/links', noContent, { body: request });
}

export function useDeleteLink(target: LinkEditTarget) {
  return useLinkEdit<LinkRequest>(target, {
    request: deleteLink,
    change(maps, request) {
      const source = { scheme: request.sourceScheme, value: request.sourceNodeID };
      if (isPseudoTarget(request.targetNodeID)) return withoutMarker(maps, source, request.targetScheme, request.targetNodeID);
      return withoutLink(maps, source, { scheme: request.targetScheme, value: request.targetNodeID });
    },
  });
}
