import { z } from 'zod';
import type { SchemeId } from '../domain/schemes.js';

/**
 * A suggestions file (SPEC §3 "Suggestions file", §7 "Static"): for one pair of schemes, a JSON
 * list of suggested matches. Each entry is two arrays of code values: the first holds codes of the
 * scheme whose id sorts first, the second codes of the other scheme. A code in one array is offered
 * every code of the other array of the same entry.
 */
export const suggestionsFile = z.array(z.tuple([z.array(z.string().max(200)), z.array(z.string().max(200))]));
export type SuggestionsFile = z.infer<typeof suggestionsFile>;

/** SPEC §5: suggestions need both schemes set. */
export const invalidSchemePairing = 'Invalid scheme pairing';

/**
 * The file name of a pair's suggestions, names sorted (SPEC §7 "Static"): `/suggestions/{a}-{b}.json`.
 * Throws 'Invalid scheme pairing' when a side is missing.
 */
export function suggestionsFileName(a: SchemeId | null | undefined, b: SchemeId | null | undefined): string {
  if (!a || !b) throw new Error(invalidSchemePairing);
  const [first, second] = [a, b].sort();
  return `${first}-${second}.json`;
}

/** The codes of `otherScheme` a pair's suggestions file offers for `value` of `scheme`, each once, in file order. */
export function suggestionsFor(file: SuggestionsFile, scheme: SchemeId, otherScheme: SchemeId, value: string): string[] {
  // SPEC §3: the first or second array is chosen by comparing the two scheme names.
  const own = scheme <= otherScheme ? 0 : 1;
  const offered = new Set<string>();
  for (const entry of file) {
    if (!entry[own].includes(value)) continue;
    for (const other of entry[own === 0 ? 1 : 0]) offered.add(other);
  }
  return [...offered];
}
