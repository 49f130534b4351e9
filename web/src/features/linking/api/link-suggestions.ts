import { jobAccepted, type JobAccepted } from '@og/shared/contracts/jobs';
import {
  chainLinksResult,
  linkSuggestions,
  type ChainLinksRequest,
  type ChainLinksResult,
  type LinkRejectionRequest,
  type LinkSuggestions,
  type SuggestLinksRequest,
} from '@og/shared/contracts/link-suggestions';
import type { SchemeId } from '@og/shared/domain/schemes';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, noContent } from '../../../lib/api-client';
import { linkKeys, schemePair } from './link-keys';

/**
 * Query keys of the job's suggestions. A code's candidates sit under the pair's link maps key, so
 * every link edit (which takes linked pairs out of them) reads them again; the whole pair's list,
 * which the Suggestions mode walks, is read once when the mode opens and kept as it was.
 */
export const linkSuggestionKeys = {
  all: ['link-suggestions'] as const,
  pair: (source: SchemeId, target: SchemeId) => ['link-suggestions', source, target] as const,
  code: (source: SchemeId, target: SchemeId, code: string) => [...linkKeys.maps(schemePair(source, target)), 'suggestions', source, target, code] as const,
};

/** `GET /api/links/suggestions?source=&target=[&code=]`: the job's candidates, per source code, best first. */
export function fetchLinkSuggestions(source: SchemeId, target: SchemeId, code?: string, signal?: AbortSignal): Promise<LinkSuggestions> {
  const query = new URLSearchParams({ source, target, ...(code === undefined ? {} : { code }) });
  return api.get(`/api/links/suggestions?${query}`, linkSuggestions, { signal });
}

/** The whole pair's candidates, for the Suggestions mode: fetched once per visit of the mode (`enabled`). */
export function usePairSuggestionsQuery(source: SchemeId, target: SchemeId, enabled: boolean) {
  return useQuery({
    queryKey: linkSuggestionKeys.pair(source, target),
    queryFn: ({ signal }) => fetchLinkSuggestions(source, target, undefined, signal),
    enabled,
    staleTime: Infinity,
    gcTime: 0,
  });
}

/**
 * One code's candidates towards the other scheme, for its suggestion button (`code` null: none
 * asked). A pair never suggested for answers with no codes; a failure leaves the button out.
 */
export function useCodeSuggestionsQuery(source: SchemeId, target: SchemeId, code: string | null) {
  return useQuery({
    queryKey: linkSuggestionKeys.code(source, target, code ?? ''),
    queryFn: ({ signal }) => fetchLinkSuggestions(source, target, code!, signal),
    enabled: code !== null,
    staleTime: 60_000,
    retry: false,
  });
}

/** `POST /api/links/suggestions` (admins) answers 202 with the id of a `links.suggest` job. */
export function startLinkSuggestions(request: SuggestLinksRequest): Promise<JobAccepted> {
  return api.post('/api/links/suggestions', request, jobAccepted);
}

export function useStartLinkSuggestions() {
  return useMutation({ mutationFn: startLinkSuggestions });
}

/** `POST /api/links/rejections` (admins): a negative mapping, never suggested again. */
export function rejectLinkSuggestion(request: LinkRejectionRequest): Promise<void> {
  return api.post('/api/links/rejections', request, noContent);
}

/** `DELETE /api/links/rejections` (admins): a negative mapping taken back. */
export function unrejectLinkSuggestion(request: LinkRejectionRequest): Promise<void> {
  return api.delete('/api/links/rejections', noContent, { body: request });
}

export function useRejectLinkSuggestion() {
  return useMutation({ mutationFn: rejectLinkSuggestion });
}

export function useUnrejectLinkSuggestion() {
  return useMutation({ mutationFn: unrejectLinkSuggestion });
}

/** `POST /api/links/chains` (admins): the pair's chained candidates made links, as one crosswalk set. */
export function linkChainedCandidates(request: ChainLinksRequest): Promise<ChainLinksResult> {
  return api.post('/api/links/chains', request, chainLinksResult);
}

export function useLinkChainedCandidates() {
  return useMutation({ mutationFn: linkChainedCandidates });
}
