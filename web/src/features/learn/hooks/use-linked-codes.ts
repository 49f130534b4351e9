import type { SchemeId } from '@og/shared/domain/schemes';
import { useQueries } from '@tanstack/react-query';
import { codeLinksQueryOptions } from '../../../lib/schemes/get-code-links';
import type { SchemeLink } from '../diagram/linking-layout';

/** While a code has no link into the other scheme yet (the seeded crosswalk still importing), its links are read again this often. */
export const crosswalkPollInterval = 3_000;

export interface LinkedCodes {
  isPending: boolean;
  error: Error | null;
  /** Each code's links into `linkedScheme`, in the order of the codes. */
  links: SchemeLink[];
  refetch: () => void;
}

/**
 * The links of a few codes of `scheme` into `linkedScheme` (`GET /api/schemes/{scheme}/codes/{value}/links`),
 * read again every few seconds for a code that has none yet.
 */
export function useLinkedCodes(scheme: SchemeId, values: readonly string[], linkedScheme: SchemeId): LinkedCodes {
  return useQueries({
    queries: values.map((value) => ({
      ...codeLinksQueryOptions(scheme, value),
      refetchInterval: (query: { state: { data?: { links: { scheme: string }[] } } }) =>
        query.state.data?.links.some((link) => link.scheme === linkedScheme) ? false : crosswalkPollInterval,
    })),
    combine: (results) => ({
      isPending: results.some((result) => result.isPending),
      error: results.find((result) => result.error)?.error ?? null,
      links: results.flatMap((result, index) =>
        (result.data?.links ?? []).filter((link) => link.scheme === linkedScheme).map((to) => ({ from: values[index]!, to })),
      ),
      refetch: () => results.forEach((result) => void result.refetch()),
    }),
  });
}
