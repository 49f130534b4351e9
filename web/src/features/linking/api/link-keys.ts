import type { SchemeId } from '@og/shared/domain/schemes';

/** Two schemes in name order: the links between them are one cache entry, whichever side each is on. */
export type SchemePair = readonly [SchemeId, SchemeId];

export function schemePair(a: SchemeId, b: SchemeId): SchemePair {
  return a < b ? [a, b] : [b, a];
}

/** Query and mutation keys of the links resource. */
export const linkKeys = {
  maps: (pair: SchemePair) => ['links', 'maps', ...pair] as const,
  /**
   * The pair's links flagged 'changed since linked': under the maps' key, so whatever reads the
   * maps again (an edit settling, another admin's edit heard live) reads the flags again too.
   */
  stale: (pair: SchemePair) => ['links', 'maps', ...pair, 'stale'] as const,
  /** Every link edit of a pair runs under this key: the link button waits while one is pending. */
  edits: (pair: SchemePair) => ['links', 'edit', ...pair] as const,
};

/** Links stay fresh for 24 hours (SPEC §9); every edit refetches them anyway (SPEC §4), and other admins' edits arrive live. */
export const linkDataStaleTime = 86_400_000;
