import { readLinkMaps } from '@og/api/links/link-maps';
import type { SchemeContext } from '@og/api/schemes/scheme-context';
import { type LinkRelation, linkRelations, relationBetween } from '@og/shared/contracts/links';
import { composeRelations } from '@og/shared/domain/link-chains';
import { isSchemeId, type SchemeId, schemeById } from '@og/shared/domain/schemes';

/** A two-hop chain's candidate: the share of walks from the source code that end on it, its relation and the codes between. */
export interface ChainCandidate {
  /** Σ over the codes between of (1 / the source code's links there) × (1 / that code's links to the target). */
  walk: number;
  relation: LinkRelation;
  /** 'OCC1950 290', the heaviest first. */
  via: string[];
}

/**
 * Chains through linked schemes (A→B→C over links in the store, B any scheme but the two): per
 * source code, the target codes its links reach in two hops, each with the relations composed by
 * composeRelations (exact∘exact exact, exact∘broad broad, broad∘broad broad, a close link makes
 * an exact one close, otherwise related). The pair's own links are never read as evidence: they
 * only say which source codes are linked already (`linked`).
 */
export async function chainEvidence(
  schemes: SchemeContext,
  pair: { source: SchemeId; target: SchemeId },
): Promise<{ chains: Map<string, Map<string, ChainCandidate>>; linked: Map<string, Set<string>> }> {
  const sourceMaps = await readLinkMaps(schemes, [pair.source]);
  const linked = new Map<string, Set<string>>();
  // between scheme → source code → codes there.
  const outward = new Map<SchemeId, Map<string, string[]>>();
  for (const [value, byScheme] of Object.entries(sourceMaps.maps[pair.source] ?? {})) {
    for (const [other, values] of Object.entries(byScheme)) {
      if (!isSchemeId(other) || values.length === 0) continue;
      if (other === pair.target) linked.set(value, new Set(values));
      else outward.set(other, (outward.get(other) ?? new Map<string, string[]>()).set(value, values));
    }
  }
  const chains = new Map<string, Map<string, ChainCandidate>>();
  for (const [between, fromSource] of outward) {
    const onward = await readLinkMaps(schemes, [between, pair.target]);
    const towardsTarget = onward.maps[between] ?? {};
    const betweenLookup = (await schemes.trees.get(between)).tree.lookup;
    for (const [value, middles] of fromSource) {
      const reached = middles.filter((middle) => (towardsTarget[middle]?.[pair.target]?.length ?? 0) > 0 && betweenLookup[middle]);
      if (reached.length === 0) continue;
      const candidates = chains.get(value) ?? new Map<string, ChainCandidate>();
      chains.set(value, candidates);
      for (const middle of reached) {
        const first = relationBetween(sourceMaps, { scheme: pair.source, value }, { scheme: between, value: middle });
        const ends = towardsTarget[middle]![pair.target]!;
        const share = 1 / middles.length / ends.length;
        for (const end of ends) {
          const second = relationBetween(onward, { scheme: between, value: middle }, { scheme: pair.target, value: end });
          if (!first || !second) continue;
          const relation = composeRelations(first, second);
          const via = `${schemeById(between).label} ${betweenLookup[middle]!.label}`;
          const known = candidates.get(end);
          if (!known) candidates.set(end, { walk: share, relation, via: [via] });
          else {
            known.walk += share;
            if (linkRelations.indexOf(relation) < linkRelations.indexOf(known.relation)) known.relation = relation;
            if (!known.via.includes(via)) known.via.push(via);
          }
        }
      }
    }
  }
  return { chains, linked };
}

