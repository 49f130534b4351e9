import { type BulkLinkRequest, defaultLinkRelation } from '@og/shared/contracts/links';
import { api, noContent } from '../../../lib/api-client';
import { withLinks } from '../link-map-changes';
import { useLinkEdit, type LinkEditTarget } from './link-maps-cache';

/** `POST /api/links/bulk`: one code linked to many codes of another scheme (link to subtree). */
export function linkToMany(request: BulkLinkRequest): Promise<void> {
  return api.post('/api/links/bulk', request, noContent);
}

export function useLinkToMany(target: LinkEditTarget) {
  return useLinkEdit<BulkLinkRequest>(target, {
    request: linkToMany,
    change: (maps, request) =>
      withLinks(
        maps,
        { scheme: request.subjectScheme, value: request.subjectNodeID },
        request.objectsNodeIDs.map((value) => ({ scheme: request.objectsScheme, value })),
        request.relation ?? defaultLinkRelation,
      ),
  });
}
