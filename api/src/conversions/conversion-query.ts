import type { ConversionQueryAnswer, ConversionQueryRow } from '@og/shared/contracts/conversions';
import { isSchemeId, type SchemeId, schemeIds } from '@og/shared/domain/schemes';
import type { SchemeContext } from '../schemes/scheme-context.js';
import { ConversionGraph } from './conversion-graph.js';

/** SPEC §9: query results stay fresh 24 hours; a change of any scheme or link (its revision) makes them stale at once. */
const freshMs = 24 * 60 * 60 * 1000;
const kept = 8;
const graphs = new Map<string, { graph: Promise<ConversionGraph>; at: number }>();

/** The link graph into `target` from `sources`, kept while no scheme's revision changes (links bump both schemes'). */
export async function cachedGraph(schemes: SchemeContext, sources: SchemeId[], target: SchemeId): Promise<ConversionGraph> {
  const revisions = await Promise.all(schemeIds.map((scheme) => schemes.revisions.current(scheme)));
  const key = `${[...sources].sort().join(',')}>${target}@${revisions.join('.')}`;
  const hit = graphs.get(key);
  if (hit && Date.now() - hit.at < freshMs) return hit.graph;
  const graph = ConversionGraph.load(schemes, sources, target);
  graphs.set(key, { graph, at: Date.now() });
  graph.catch(() => graphs.delete(key));
  while (graphs.size > kept) graphs.delete(graphs.keys().next().value!);
  return graph;
}

/**
 * SPEC §7 "Conversion query": for seed codes (`scheme:code`) and a target scheme, each
 * way a seed reaches a target code — seed, start (the seed or the descendant whose link it is),
 * target, parent (the intermediate code of two hops, or the parent a default-to-parent code
 * follows), isLinked — with the path and relation. Seeds that are no code are listed as unknown.
 */
export async function conversionQuery(schemes: SchemeContext, request: { seeds: string[]; targetScheme: SchemeId }): Promise<ConversionQueryAnswer> {
  const seeds = [...new Set(request.seeds)];
  const schemeOf = (seed: string) => seed.slice(0, Math.max(0, seed.indexOf(':')));
  const sources = [...new Set(seeds.map(schemeOf).filter(isSchemeId))];
  const graph = await cachedGraph(schemes, sources, request.targetScheme);
  const rows: ConversionQueryRow[] = [];
  const unknown: string[] = [];
  for (const seed of seeds) {
    const scheme = schemeOf(seed);
    if (!isSchemeId(scheme)) {
      unknown.push(seed);
      continue;
    }
    const found = graph.paths(scheme, seed.slice(scheme.length + 1));
    if (found.reason === 'unknown code') unknown.push(seed);
    for (const link of found.links) {
      rows.push({ seed, start: link.start, target: `${request.targetScheme}:${link.target}`, parent: link.parent, isLinked: link.isLinked, path: link.path, relation: link.relation });
    }
  }
  return { rows, unknown };
}
