import type { LinkRelation } from '../contracts/links.js';

/**
 * Composing two links into one across a scheme between them (A→B then B→C): exact∘exact is exact;
 * exact with broad (either order) stays broad, exact with narrow stays narrow, broad∘broad is broad
 * and narrow∘narrow narrow (a broader of a broader is broader); anything else is only related.
 * Close matches compose like exact ones but the result is close, not exact.
 */
export function composeRelations(first: LinkRelation, second: LinkRelation): LinkRelation {
  if (first === 'relatedMatch' || second === 'relatedMatch') return 'relatedMatch';
  const equivalent = (relation: LinkRelation) => relation === 'exactMatch' || relation === 'closeMatch';
  if (equivalent(first) && equivalent(second)) return first === 'exactMatch' && second === 'exactMatch' ? 'exactMatch' : 'closeMatch';
  if (equivalent(first)) return second;
  if (equivalent(second)) return first;
  return first === second ? first : 'relatedMatch';
}

/** How much a chain's evidence counts against a direct one: each hop beyond the first halves it. */
export const chainHopFactor = 0.5;

/** The weight of a chain of `hops` links (1: a direct link). */
export function chainWeight(hops: number): number {
  return hops <= 1 ? 1 : chainHopFactor ** (hops - 1);
}
