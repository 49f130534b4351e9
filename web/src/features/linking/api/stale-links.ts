import { staleLinks, type LinkRequest, type StaleLinks } from '@og/shared/contracts/links';
import { unknownErrorMessage } from '@og/shared/errors/spec-messages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, noContent } from '../../../lib/api-client';
import { notifyAdmin } from '../../../lib/notify';
import { linkKeys, type SchemePair } from './link-keys';

/** `GET /api/links/stale?schemes={a},{b}`: the pair's links one of whose codes changed after the link was made or confirmed. */
export function fetchStaleLinks(pair: SchemePair, signal?: AbortSignal): Promise<StaleLinks> {
  return api.get(`/api/links/stale?${new URLSearchParams({ schemes: pair.join(',') })}`, staleLinks, { signal });
}

/**
 * The flags are read again whenever the linking page opens: a code may have been edited on its
 * code page meanwhile, which tells no one following the links.
 */
export function useStaleLinksQuery(pair: SchemePair) {
  return useQuery({ queryKey: linkKeys.stale(pair), queryFn: ({ signal }) => fetchStaleLinks(pair, signal), staleTime: 0 });
}

/** `POST /api/links/confirm`: an admin looked at a flagged link and keeps it; the flag goes until one of its codes changes again. */
export function confirmLink(request: LinkRequest): Promise<void> {
  return api.post('/api/links/confirm', request, noContent);
}

export function useConfirmLink(pair: SchemePair) {
  const queryClient = useQueryClient();
  const queryKey = linkKeys.stale(pair);
  return useMutation({
    mutationFn: confirmLink,
    async onMutate(request) {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<StaleLinks>(queryKey);
      if (previous) queryClient.setQueryData<StaleLinks>(queryKey, withoutFlag(previous, request));
      return previous;
    },
    onError(error, _request, previous) {
      if (previous) queryClient.setQueryData(queryKey, previous);
      notifyAdmin({ title: 'The link was not confirmed', message: error.message || unknownErrorMessage, color: 'red' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}

function withoutFlag(flags: StaleLinks, request: LinkRequest): StaleLinks {
  const ends = new Set([`${request.sourceScheme} ${request.sourceNodeID}`, `${request.targetScheme} ${request.targetNodeID}`]);
  return {
    stale: flags.stale.filter((link) => !(ends.has(`${link.first.scheme} ${link.first.value}`) && ends.has(`${link.second.scheme} ${link.second.value}`))),
  };
}
