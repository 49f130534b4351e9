/** Query keys of what the landing reads; each starts with its resource (STYLE.md). */
export const landingKeys = {
  linkCount: () => ['links', 'count'] as const,
  linkPairs: () => ['links', 'pairs'] as const,
  site: () => ['site'] as const,
};

/** The landing's numbers change only when links are edited: fresh for 24 hours like other cached data (SPEC §9). */
export const landingStaleTime = 86_400_000;
