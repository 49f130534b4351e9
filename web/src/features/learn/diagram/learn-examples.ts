import type { SchemeId } from '@og/shared/domain/schemes';

/**
 * The fishing-occupation tree: HISCO's minor group 64 ('Fishermen, Hunters and Related
 * Workers') under its major group 6, with its unit groups and occupations.
 */
export const fishingTree = {
  scheme: 'hisco' satisfies SchemeId,
  minorGroup: '64',
  /** HISCO's levels, one per column. */
  levels: ['Major group', 'Minor group', 'Unit group', 'Occupation'],
  /** Card width of each column. */
  columns: [170, 180, 200, 270],
} as const;

/**
 * The linking diagram: ISCO-08's fishery unit groups (6222 inland and coastal waters, 6223
 * deep-sea) under their minor group 622, and the ESCO occupations linked to them (the seeded
 * ESCO–ISCO-08 crosswalk).
 */
export const fisheryLinking = {
  scheme: 'isco08' satisfies SchemeId,
  minorGroup: '622',
  unitGroups: ['6222', '6223'],
  linkedScheme: 'esco' satisfies SchemeId,
  /** Card widths: the ESCO tree (its root, then its occupations) and the ISCO-08 tree (622, then its unit groups). */
  linkedColumns: [130, 200],
  columns: [180, 200],
} as const;
