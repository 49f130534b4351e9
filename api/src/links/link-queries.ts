import { type LinkRelation, linkRelations, type PseudoTarget } from '@og/shared/contracts/links';
import type { SchemeId } from '@og/shared/domain/schemes';
import type { SchemeIris } from '../schemes/scheme-iris.js';
import { iri, join, sparql, toQueryText } from '../sparql/sparql-builder.js';

/**
 * SPARQL of links (DESIGN §3): a link is one SKOS mapping triple between two codes of different
 * schemes, stored once, from the code of the scheme first in name order to the other, in the named
 * graph of that scheme pair. A pseudo-target is a triple of our own vocabulary in the same graph:
 * `<code> og:unlinkableIn <scheme>` or `<code> og:defaultsToParentIn <scheme>`.
 */

const skosIri = (relation: LinkRelation) => `http://www.w3.org/2004/02/skos/core#${relation}`;
/** The five mapping relations' IRIs, for a VALUES clause. */
export const relationValues = join(linkRelations.map((relation) => iri(skosIri(relation))));
const relationList = join(linkRelations.map((relation) => iri(skosIri(relation))), ', ');

/** The relation a SKOS IRI names, or null for any other predicate. */
export function relationOfIri(value: string): LinkRelation | null {
  const local = value.startsWith('http://www.w3.org/2004/02/skos/core#') ? value.slice(36) : '';
  return (linkRelations as readonly string[]).includes(local) ? (local as LinkRelation) : null;
}

const pseudoPredicates: Record<PseudoTarget, string> = { unlinkable: 'unlinkableIn', 'default-to-parent': 'defaultsToParentIn' };

/** Our vocabulary's IRI for a pseudo-target. */
export function pseudoTargetIri(iris: SchemeIris, target: PseudoTarget): string {
  return `${iris.baseIri}vocab#${pseudoPredicates[target]}`;
}

/** The pseudo-target an IRI of our vocabulary names, or null. */
export function pseudoTargetOfIri(iris: SchemeIris, value: string): PseudoTarget | null {
  for (const target of Object.keys(pseudoPredicates) as PseudoTarget[]) if (value === pseudoTargetIri(iris, target)) return target;
  return null;
}

/** One link as stored: from the code of the scheme first in name order. */
export interface StoredLink {
  first: string;
  relation: LinkRelation;
  second: string;
}

/** Removes every relation between two codes (either order), then states the given one. */
export function replaceLinks(graph: string, pairs: [string, string][], links: StoredLink[]): string {
  const values = join(pairs.map(([a, b]) => sparql`(${iri(a)} ${iri(b)}) (${iri(b)} ${iri(a)})`));
  const inserts = join(links.map((link) => sparql`${iri(link.first)} ${iri(skosIri(link.relation))} ${iri(link.second)}`), ' .\n');
  // The pairs inside the graph's block and the relations as a filter, so that Oxigraph looks each
  // pair up: with the VALUES outside the block it joins them to the whole graph.
  const remove = sparql`
DELETE { GRAPH ${iri(graph)} { ?a ?relation ?b } }
WHERE { GRAPH ${iri(graph)} { VALUES (?a ?b) { ${values} } ?a ?relation ?b FILTER(?relation IN (${relationList})) } }`;
  return toQueryText(links.length ? sparql`${remove} ;\nINSERT DATA { GRAPH ${iri(graph)} { ${inserts} } }` : remove);
}

/** States a pseudo-target of a code towards a scheme. */
export function insertPseudoTarget(iris: SchemeIris, graph: string, code: string, target: PseudoTarget, towards: SchemeId): string {
  return toQueryText(sparql`INSERT DATA { GRAPH ${iri(graph)} { ${iri(code)} ${iri(pseudoTargetIri(iris, target))} ${iri(iris.scheme(towards))} } }`);
}

/** Removes a pseudo-target of a code towards a scheme. */
export function deletePseudoTarget(iris: SchemeIris, graph: string, code: string, target: PseudoTarget, towards: SchemeId): string {
  return toQueryText(sparql`DELETE DATA { GRAPH ${iri(graph)} { ${iri(code)} ${iri(pseudoTargetIri(iris, target))} ${iri(iris.scheme(towards))} } }`);
}

/** Removes every link of a code in a pair's graph, and its pseudo-targets there. */
export function clearLinksOf(iris: SchemeIris, graph: string, code: string): string {
  const pseudo = join((Object.keys(pseudoPredicates) as PseudoTarget[]).map((target) => iri(pseudoTargetIri(iris, target))));
  const g = iri(graph);
  const c = iri(code);
  return toQueryText(sparql`
DELETE { GRAPH ${g} { ${c} ?relation ?other } } WHERE { VALUES ?relation { ${relationValues} } GRAPH ${g} { ${c} ?relation ?other } } ;
DELETE { GRAPH ${g} { ?other ?relation ${c} } } WHERE { VALUES ?relation { ${relationValues} } GRAPH ${g} { ?other ?relation ${c} } } ;
DELETE { GRAPH ${g} { ${c} ?marker ?scheme } } WHERE { VALUES ?marker { ${pseudo} } GRAPH ${g} { ${c} ?marker ?scheme } }`);
}

/**
 * Calls `visit` for each line of N-Triples text (a graph read whole, `TripleStore.readGraph`) whose
 * three terms are IRIs, with where each IRI is in the text (inside its `<…>`: from its first
 * character to just past its last); other lines (literals, blank nodes) are passed over. Where, not
 * the IRIs themselves: a caller slices only what it needs, which reads a large pair's links several
 * times faster. An IRI the app minted holds no space, no `>` and nothing N-Triples escapes, so a
 * line is cut where `> <` joins two IRIs and each IRI is its text as written. Starts at the line
 * at `from`; when `visit` answers true, stops after that line and answers where the next one
 * starts (else the text's length).
 */
export function forEachIriTriple(
  ntriples: string,
  visit: (subjectStart: number, subjectEnd: number, predicateStart: number, predicateEnd: number, objectStart: number, objectEnd: number) => boolean | void,
  from = 0,
): number {
  for (let start = from; start < ntriples.length; ) {
    let end = ntriples.indexOf('\n', start);
    if (end < 0) end = ntriples.length;
    let stop: boolean | void = false;
    if (ntriples.charCodeAt(start) === 0x3c /* < */) {
      const subjectEnd = ntriples.indexOf('> <', start);
      const predicateEnd = subjectEnd < 0 || subjectEnd > end ? -1 : ntriples.indexOf('> <', subjectEnd + 3);
      const objectEnd = predicateEnd < 0 || predicateEnd > end ? -1 : ntriples.indexOf('>', predicateEnd + 3);
      if (objectEnd >= 0 && objectEnd < end && ntriples.startsWith('> .', objectEnd)) stop = visit(start + 1, subjectEnd, subjectEnd + 3, predicateEnd, predicateEnd + 3, objectEnd);
    }
    start = end + 1;
    if (stop) return Math.min(start, ntriples.length);
  }
  return ntriples.length;
}

/** How many links each graph holds (links live only in the graphs of scheme pairs). */
export function countLinksByGraph(): string {
  return toQueryText(sparql`
SELECT ?graph (COUNT(*) AS ?links) WHERE { VALUES ?relation { ${relationValues} } GRAPH ?graph { ?a ?relation ?b } } GROUP BY ?graph`);
}

/** Of the given codes, those that exist (in their scheme's graph) and how many children each has. */
export function selectCodesAndChildren(iris: SchemeIris, codes: { scheme: SchemeId; iri: string }[]): string {
  const values = join(codes.map((code) => sparql`(${iri(code.iri)} ${iri(iris.graph(code.scheme))})`));
  return toQueryText(sparql`
SELECT ?code (COUNT(DISTINCT ?child) AS ?children) WHERE {
  VALUES (?code ?graph) { ${values} }
  GRAPH ?graph { ?code skos:notation ?notation }
  OPTIONAL { GRAPH ?graph { ?child skos:broader ?code } }
} GROUP BY ?code`);
}

