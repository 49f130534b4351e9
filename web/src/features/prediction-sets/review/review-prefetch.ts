import type { QueryClient } from '@tanstack/react-query';
import { type LoaderFunctionArgs, redirect, replace } from 'react-router';
import { predictionSetKeys } from '../../../lib/prediction-sets/prediction-set-keys';
import { schemesQueryOptions } from '../../../lib/schemes/get-schemes';
import { schemeTreeQueryOptions } from '../../../lib/schemes/get-scheme-tree';
import { entryQueryOptions } from './api/get-entry';
import { predictionSetDetailQueryOptions } from './api/get-prediction-set-detail';
import { entryStringOf, type ReviewAddress, reviewEntryPath } from './review-address';
import { reviewScopeOf } from './review-scope';
import { defaultTreeScheme, schemeOfPredictions } from './tree-scheme';

/** A set read this recently is not read again for the loader (the screen reads it again on mount). */
const recentDetailMs = 5_000;

/**
 * The review routes' loader: what the first entry needs, asked for while the screen's code
 * downloads (react-router runs a route's own loader beside its `lazy`). The set, then its entry
 * and the tree of the entry's scheme, go into the query cache the screen reads, so the screen
 * paints the entry as soon as its code arrives. An address that names an entry is not held up:
 * the reads go on while the page renders. An address without one waits for the first entry and
 * becomes the entry's address, as the screen would make it (SPEC §4), so the first entry is read once.
 * Whatever fails is left to the screen, which asks again and shows the error.
 */
export async function loadReview(queryClient: QueryClient, address: ReviewAddress, { request, params }: LoaderFunctionArgs): Promise<Response | null> {
  void queryClient.prefetchQuery(schemesQueryOptions());
  const url = new URL(request.url);
  const string = entryStringOf(address, url.pathname, params.predictionString);
  const reads = readFirstEntry(queryClient, address, string, url.searchParams).catch(() => null);
  if (string !== null) return null;
  const first = await reads;
  if (first === null) return null;
  // The browser already shows this address on a first load or a move through its history: it is replaced. From another page, the entry's address is the one pushed.
  const target = `${reviewEntryPath(address, first)}${url.search}`;
  return window.location.href === url.href ? replace(target) : redirect(target);
}

/** Reads the set, the entry (the first under the scope when none is named) and its tree into the cache; answers the entry's string. */
async function readFirstEntry(queryClient: QueryClient, address: ReviewAddress, string: string | null, search: URLSearchParams): Promise<string | null> {
  const detail = await queryClient.fetchQuery({ ...predictionSetDetailQueryOptions(address.setRef, true), staleTime: recentDetailMs });
  const set = detail.predictionSet;
  if (set.state !== 'ready') return null;
  const scope = reviewScopeOf(search, set);
  const answer = await queryClient.fetchQuery(entryQueryOptions(set.id, string, scope));
  const entry = answer.predictionEntry;
  void queryClient.prefetchQuery(schemeTreeQueryOptions(schemeOfPredictions(entry.predictions) ?? defaultTreeScheme));
  if (string === null) queryClient.setQueryData(predictionSetKeys.entry(set.id, entry.string, scope), answer);
  return entry.string;
}
