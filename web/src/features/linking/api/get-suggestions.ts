import { suggestionsFile, suggestionsFileName, type SuggestionsFile } from '@og/shared/contracts/suggestions';
import { useQuery } from '@tanstack/react-query';
import { linkDataStaleTime, type SchemePair } from './link-keys';

/**
 * `GET /suggestions/{a}-{b}.json` (SPEC §7 "Static"): the pair's suggestions file, or null when
 * there is none. A missing, unmodified or failed file, or one that does not parse, only warns in
 * the console (SPEC §8): the suggestion button is then simply absent.
 */
export async function fetchSuggestions(pair: SchemePair, signal?: AbortSignal): Promise<SuggestionsFile | null> {
  let path: string;
  try {
    path = `/suggestions/${suggestionsFileName(pair[0], pair[1])}`;
  } catch (error) {
    console.warn(error instanceof Error ? error.message : error);
    return null;
  }
  try {
    const answer = await fetch(path, { signal, headers: { accept: 'application/json' } });
    if (!answer.ok) {
      console.warn(`No suggestions for this pair: ${path} answered ${answer.status}`);
      return null;
    }
    const parsed = suggestionsFile.safeParse(await answer.json());
    if (!parsed.success) {
      console.warn(`Suggestions file ${path} is not a list of pairs of code lists`);
      return null;
    }
    return parsed.data;
  } catch (error) {
    if (signal?.aborted) throw error;
    console.warn(`Suggestions file ${path} could not be read: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

/** SPEC §7/§9: cached for 24 hours, never retried. */
export function useSuggestionsQuery(pair: SchemePair) {
  return useQuery({
    queryKey: ['suggestions', ...pair] as const,
    queryFn: ({ signal }) => fetchSuggestions(pair, signal),
    staleTime: linkDataStaleTime,
    gcTime: linkDataStaleTime,
    retry: false,
  });
}
