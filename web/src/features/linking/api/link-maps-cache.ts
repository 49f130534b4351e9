import type { LinkMaps } from '@og/shared/contracts/links';
import { unknownErrorMessage } from '@og/shared/errors/spec-messages';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { notifyAdmin } from '../../../lib/notify';
import { optimisticEditOptions } from '../../../lib/optimistic-edit';
import { linkKeys, type SchemePair } from './link-keys';

/** The pair a link edit changes, and who else wants to hear that it did (scheme data counts links too). */
export interface LinkEditTarget {
  pair: SchemePair;
  onLinksChanged?: () => void;
}

export interface LinkEditOptions<TVariables> {
  /** The request to the server. */
  request: (variables: TVariables) => Promise<void>;
  /** The edit as the server should make it, applied at once to the cached maps of the pair. */
  change: (maps: LinkMaps, variables: TVariables) => LinkMaps;
}

/** The red toast of a refused or failed link edit, after the cached maps have been put back. */
export const linkEditFailedTitle = 'The change was not saved';

/**
 * SPEC §4 "Link edits": applied optimistically to the cached link maps of the pair, rolled back
 * to the previous maps if the call fails, and the maps refetched afterwards whatever the outcome.
 */
export function useLinkEdit<TVariables>(target: LinkEditTarget, edit: LinkEditOptions<TVariables>) {
  const queryClient = useQueryClient();
  return useMutation(linkEditOptions(queryClient, target, edit));
}

/** The options of `useLinkEdit`'s mutation. */
export function linkEditOptions<TVariables>(queryClient: QueryClient, target: LinkEditTarget, edit: LinkEditOptions<TVariables>) {
  const queryKey = linkKeys.maps(target.pair);
  return optimisticEditOptions<void, TVariables, LinkMaps>(queryClient, {
    mutationKey: linkKeys.edits(target.pair),
    request: edit.request,
    // Exactly the maps: the pair's stale flags sit under their key.
    reads: () => ({ queryKey, exact: true }),
    change: edit.change,
    onError: (error) => notifyAdmin({ title: linkEditFailedTitle, message: error.message || unknownErrorMessage, color: 'red' }),
    refresh: () => {
      target.onLinksChanged?.();
      return queryClient.invalidateQueries({ queryKey });
    },
  });
}
