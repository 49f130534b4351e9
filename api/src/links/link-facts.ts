import { type PseudoTarget, pseudoTargets } from '@og/shared/contracts/links';
import type { SchemeId } from '@og/shared/domain/schemes';
import type { LinkingFacts } from '@og/shared/domain/linking-offers';
import type { SchemeContext } from '../schemes/scheme-context.js';
import { iri, join, sparql, toQueryText } from '../sparql/sparql-builder.js';
import type { LinkEnd } from './link-edits.js';
import { pseudoTargetIri, pseudoTargetOfIri, relationValues } from './link-queries.js';

/**
 * What SPEC §5's linking offers are decided on, read from the store for one code towards another
 * scheme (the linking page reads the same facts from the pair's link maps): its own links and
 * pseudo-targets there, and the real links of its children and of every code below it.
 */

/** The code's entries in the pair's graph: each code it is linked to (either direction), and each pseudo-target towards `towards`. */
function selectEntries(schemes: SchemeContext, code: string, towards: SchemeId, graph: string): string {
  const markers = join(pseudoTargets.map((target) => iri(pseudoTargetIri(schemes.iris, target))));
  const c = iri(code);
  const g = iri(graph);
  return toQueryText(sparql`
SELECT DISTINCT ?other ?marker WHERE {
  { VALUES ?relation { ${relationValues} } GRAPH ${g} { { ${c} ?relation ?other } UNION { ?other ?relation ${c} } } }
  UNION
  { VALUES ?marker { ${markers} } GRAPH ${g} { ${c} ?marker ${iri(schemes.iris.scheme(towards))} } }
}`);
}

/** Every code below a code in its scheme (`descendants`), or its children. */
function selectCodesBelow(schemes: SchemeContext, code: LinkEnd, depth: 'children' | 'descendants'): string {
  const c = iri(schemes.iris.code(code.scheme, code.value));
  const below = depth === 'children' ? sparql`?below skos:broader ${c}` : sparql`?below skos:broader+ ${c}`;
  // Ordered, so that a server capping its rows is paged.
  return toQueryText(sparql`
SELECT DISTINCT ?below WHERE { GRAPH ${iri(schemes.iris.graph(code.scheme))} { ${below} } } ORDER BY ?below`);
}

/** How many real links each of the given codes has in the pair's graph (codes without any left out). */
function countLinksOf(codes: string[], graph: string): string {
  const g = iri(graph);
  return toQueryText(sparql`
SELECT ?code (COUNT(*) AS ?links) WHERE {
  VALUES ?code { ${join(codes.map((code) => iri(code)))} }
  VALUES ?relation { ${relationValues} }
  GRAPH ${g} { { ?code ?relation ?other } UNION { ?other ?relation ?code } }
} GROUP BY ?code`);
}

/** Codes a links count asks about at once. */
const countBatch = 500;

/**
 * The real links of the children of a code, and of all the codes below it, in the pair's graph.
 * Plain queries (the codes below, then their links) rather than one join: Virtuoso 7 answers the
 * join of `skos:broader+` with the link graph wrongly (no links) once the pair's graph holds a few
 * links.
 */
async function countLinksBelow(schemes: SchemeContext, code: LinkEnd, graph: string): Promise<{ childLinkCount: number; descendantLinkCount: number }> {
  const codesBelow = async (depth: 'children' | 'descendants') => (await schemes.store.select(selectCodesBelow(schemes, code, depth))).map((row) => row.below!.value);
  const [descendants, children] = await Promise.all([codesBelow('descendants'), codesBelow('children')]);
  const isChild = new Set(children);
  let childLinkCount = 0;
  let descendantLinkCount = 0;
  for (let start = 0; start < descendants.length; start += countBatch) {
    for (const row of await schemes.store.select(countLinksOf(descendants.slice(start, start + countBatch), graph))) {
      const links = Number(row.links!.value);
      descendantLinkCount += links;
      if (isChild.has(row.code!.value)) childLinkCount += links;
    }
  }
  return { childLinkCount, descendantLinkCount };
}

/**
 * The facts of SPEC §5's linking offers for `code` towards the scheme `towards`. `children` is the
 * code's children count (the caller has checked the code exists and counted them).
 */
export async function readLinkingFacts(schemes: SchemeContext, code: LinkEnd, towards: SchemeId, children: number): Promise<LinkingFacts> {
  const graph = schemes.iris.linkGraph(code.scheme, towards);
  const codeIri = schemes.iris.code(code.scheme, code.value);
  const [entries, { childLinkCount, descendantLinkCount }] = await Promise.all([
    schemes.store.select(selectEntries(schemes, codeIri, towards, graph)),
    children > 0 ? countLinksBelow(schemes, code, graph) : { childLinkCount: 0, descendantLinkCount: 0 },
  ]);
  const direct = new Set<string>();
  const markers = new Set<PseudoTarget>();
  for (const row of entries) {
    if (row.other) direct.add(row.other.value);
    const marker = row.marker ? pseudoTargetOfIri(schemes.iris, row.marker.value) : null;
    if (marker) markers.add(marker);
  }
  return {
    direct: [...direct],
    descendantLinkCount,
    childLinkCount,
    entryCount: direct.size + markers.size,
    unlinkable: markers.has('unlinkable'),
    defaultsToParent: markers.has('default-to-parent'),
    hasDescendants: children > 0,
  };
}

/** Of the given codes, those marked unlinkable towards the scheme at the other end of their link (all in one pair's graph). */
export async function unlinkableCodes(schemes: SchemeContext, pair: [SchemeId, SchemeId], codes: LinkEnd[]): Promise<LinkEnd[]> {
  if (codes.length === 0) return [];
  const graph = schemes.iris.linkGraph(pair[0], pair[1]);
  const otherOf = (scheme: SchemeId) => (scheme === pair[0] ? pair[1] : pair[0]);
  const values = join(codes.map((code) => sparql`(${iri(schemes.iris.code(code.scheme, code.value))} ${iri(schemes.iris.scheme(otherOf(code.scheme)))})`));
  const rows = await schemes.store.select(
    toQueryText(sparql`
SELECT ?code WHERE { VALUES (?code ?towards) { ${values} } GRAPH ${iri(graph)} { ?code ${iri(pseudoTargetIri(schemes.iris, 'unlinkable'))} ?towards } }`),
  );
  const marked = new Set(rows.map((row) => row.code!.value));
  return codes.filter((code) => marked.has(schemes.iris.code(code.scheme, code.value)));
}
