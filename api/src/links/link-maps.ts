import { inverseRelation, type LinkCount, linkKey, type LinkMaps, type LinkPairs } from '@og/shared/contracts/links';
import { type SchemeId, schemeIds } from '@og/shared/domain/schemes';
import type { SchemeContext } from '../schemes/scheme-context.js';
import { countLinksByGraph, pseudoTargetOfIri, relationOfIri, selectPairLinks, selectPairPseudoTargets } from './link-queries.js';

/** The scheme a code IRI belongs to, and its value there; null for an IRI of no scheme's codes. */
function codeOf(schemes: SchemeContext, codeIri: string, candidates: readonly SchemeId[]): { scheme: SchemeId; value: string } | null {
  for (const scheme of candidates) {
    const value = schemes.iris.valueOf(scheme, codeIri);
    if (value !== null) return { scheme, value };
  }
  return null;
}

/**
 * The link maps of SPEC §3 for one scheme (its links to every other scheme) or a pair (the links
 * between the two): for each scheme asked for, code → other scheme → linked codes and
 * pseudo-targets, and each link's relation. Read from the graphs of the pairs involved only.
 */
export async function readLinkMaps(schemes: SchemeContext, requested: SchemeId[]): Promise<LinkMaps> {
  const pairs: [SchemeId, SchemeId][] =
    requested.length === 2 ? [[requested[0]!, requested[1]!]] : schemeIds.filter((other) => other !== requested[0]).map((other) => [requested[0]!, other]);
  const maps: LinkMaps['maps'] = Object.fromEntries(requested.map((scheme) => [scheme, {}]));
  const relations: LinkMaps['relations'] = {};
  const note = (from: { scheme: SchemeId; value: string }, towards: SchemeId, target: string) => {
    const forScheme = maps[from.scheme];
    if (!forScheme) return;
    const byScheme = (forScheme[from.value] ??= {});
    (byScheme[towards] ??= []).push(target);
  };

  await Promise.all(
    pairs.map(async (pair) => {
      const graph = schemes.iris.linkGraph(pair[0], pair[1]);
      const [links, markers] = await Promise.all([
        schemes.store.select(selectPairLinks(graph)),
        schemes.store.select(selectPairPseudoTargets(schemes.iris, graph)),
      ]);
      for (const row of links) {
        const first = codeOf(schemes, row.first!.value, pair);
        const second = codeOf(schemes, row.second!.value, pair);
        const relation = relationOfIri(row.relation!.value);
        if (!first || !second || !relation || first.scheme === second.scheme) continue;
        note(first, second.scheme, second.value);
        note(second, first.scheme, first.value);
        // Stored from the scheme first in name order; a link written the other way round is read turned.
        relations[linkKey(first, second)] = first.scheme < second.scheme ? relation : inverseRelation(relation);
      }
      for (const row of markers) {
        const code = codeOf(schemes, row.code!.value, pair);
        const target = pseudoTargetOfIri(schemes.iris, row.marker!.value);
        const towards = pair.find((scheme) => schemes.iris.scheme(scheme) === row.towards!.value);
        if (code && target && towards && towards !== code.scheme) note(code, towards, target);
      }
    }),
  );
  return { schemes: requested, maps, relations };
}

/** Links per scheme pair, from the count of each pair's graph. */
export async function countLinksByPair(schemes: SchemeContext): Promise<LinkPairs> {
  const rows = await schemes.store.select(countLinksByGraph());
  const prefix = `${schemes.iris.baseIri}graph/links/`;
  const pairs: LinkPairs['pairs'] = [];
  for (const row of rows) {
    const graph = row.graph!.value;
    if (!graph.startsWith(prefix)) continue;
    const [a, b] = graph.slice(prefix.length).split('--') as [SchemeId, SchemeId];
    if (!schemeIds.includes(a) || !schemeIds.includes(b)) continue;
    pairs.push({ schemes: [a, b], count: Number(row.links!.value) });
  }
  return { pairs: pairs.sort((x, y) => y.count - x.count) };
}

/** Every mapping relation between codes of two schemes. */
export async function countLinks(schemes: SchemeContext): Promise<LinkCount> {
  const { pairs } = await countLinksByPair(schemes);
  return { count: pairs.reduce((sum, pair) => sum + pair.count, 0) };
}
