import { linkRelations } from '@og/shared/contracts/links';
import type { SchemeId } from '@og/shared/domain/schemes';
import { iri, join, literal, sparql, type SparqlFragment, toQueryText } from '../sparql/sparql-builder.js';
import type { SchemeIris } from './scheme-iris.js';

const relationValues = join(linkRelations.map((relation) => iri(`http://www.w3.org/2004/02/skos/core#${relation}`)));

/** How a SELECT that can be long ends: ordered, so a row-capped server can page it (TripleStore.rowCapped). */
export interface ResultPaging {
  pageable: boolean;
}

const orderByCode = (paging: ResultPaging) => (paging.pageable ? sparql`ORDER BY ?code` : sparql``);

/** Every code of a scheme: value, name, notation, description, parent. */
export function selectCodes(iris: SchemeIris, scheme: SchemeId, paging: ResultPaging): string {
  return toQueryText(sparql`
SELECT ?code ?name ?notation ?description ?broader WHERE {
  GRAPH ${iri(iris.graph(scheme))} {
    ?code skos:inScheme ${iri(iris.scheme(scheme))} ;
          skos:prefLabel ?name ;
          skos:notation ?notation .
    OPTIONAL { ?code skos:definition ?description }
    OPTIONAL { ?code skos:broader ?broader }
  }
} ${orderByCode(paging)}`);
}

/** Every code of a scheme with its notation only: what a file's codes are matched against, without the names, descriptions and link counts of a tree. */
export function selectCodeNotations(iris: SchemeIris, scheme: SchemeId, paging: ResultPaging): string {
  return toQueryText(sparql`
SELECT ?code ?notation WHERE {
  GRAPH ${iri(iris.graph(scheme))} { ?code skos:inScheme ${iri(iris.scheme(scheme))} ; skos:notation ?notation }
} ${orderByCode(paging)}`);
}

/** One code, by IRI. */
export function selectCode(iris: SchemeIris, scheme: SchemeId, codeIri: string): string {
  return toQueryText(sparql`
SELECT ?name ?notation ?description ?broader WHERE {
  GRAPH ${iri(iris.graph(scheme))} {
    ${iri(codeIri)} skos:inScheme ${iri(iris.scheme(scheme))} ;
          skos:prefLabel ?name ;
          skos:notation ?notation .
    OPTIONAL { ${iri(codeIri)} skos:definition ?description }
    OPTIONAL { ${iri(codeIri)} skos:broader ?broader }
  }
}`);
}

/** How many links each code of a scheme has to codes of other schemes. */
export function selectLinkCounts(iris: SchemeIris, scheme: SchemeId, paging: ResultPaging): string {
  return toQueryText(sparql`
SELECT ?code (COUNT(*) AS ?links) WHERE {
  VALUES ?relation { ${relationValues} }
  GRAPH ?graph { { ?code ?relation ?other } UNION { ?other ?relation ?code } }
  FILTER(STRSTARTS(STR(?code), ${literal(iris.codePrefix(scheme))}))
} GROUP BY ?code ${orderByCode(paging)}`);
}

/** The links of one code, with the other code's name and notation when known. */
export function selectLinksOf(codeIri: string): string {
  return toQueryText(sparql`
SELECT ?other ?relation ?name ?notation WHERE {
  VALUES ?relation { ${relationValues} }
  GRAPH ?graph { { ${iri(codeIri)} ?relation ?other } UNION { ?other ?relation ${iri(codeIri)} } }
  OPTIONAL { GRAPH ?codeGraph { ?other skos:prefLabel ?name ; skos:notation ?notation } }
} ORDER BY ?other`);
}

export interface CodeFields {
  name: string;
  label: string;
  description?: string | undefined;
  /** Parent code IRI; absent for a root. */
  parentIri?: string | undefined;
}

/** The triples of one code, as fragments for INSERT DATA and as N-Triples for bulk loads. */
export function codeTriples(iris: SchemeIris, scheme: SchemeId, codeIri: string, fields: CodeFields): [SparqlFragment, SparqlFragment, SparqlFragment][] {
  const subject = iri(codeIri);
  const skos = (name: string) => iri(`http://www.w3.org/2004/02/skos/core#${name}`);
  const triples: [SparqlFragment, SparqlFragment, SparqlFragment][] = [
    [subject, iri('http://www.w3.org/1999/02/22-rdf-syntax-ns#type'), skos('Concept')],
    [subject, skos('inScheme'), iri(iris.scheme(scheme))],
    [subject, skos('prefLabel'), literal(fields.name)],
    [subject, skos('notation'), literal(fields.label)],
  ];
  if (fields.description) triples.push([subject, skos('definition'), literal(fields.description)]);
  triples.push(fields.parentIri ? [subject, skos('broader'), iri(fields.parentIri)] : [subject, skos('topConceptOf'), iri(iris.scheme(scheme))]);
  return triples;
}

/** The scheme's own description triples. */
export function schemeTriples(iris: SchemeIris, scheme: SchemeId, label: string): [SparqlFragment, SparqlFragment, SparqlFragment][] {
  const subject = iri(iris.scheme(scheme));
  return [
    [subject, iri('http://www.w3.org/1999/02/22-rdf-syntax-ns#type'), iri('http://www.w3.org/2004/02/skos/core#ConceptScheme')],
    [subject, iri('http://www.w3.org/2004/02/skos/core#prefLabel'), literal(label)],
  ];
}

const triplesBlock = (triples: [SparqlFragment, SparqlFragment, SparqlFragment][]) =>
  join(triples.map(([s, p, o]) => sparql`${s} ${p} ${o}`), ' .\n');

export function insertCode(iris: SchemeIris, scheme: SchemeId, codeIri: string, fields: CodeFields): string {
  return toQueryText(sparql`INSERT DATA { GRAPH ${iri(iris.graph(scheme))} { ${triplesBlock(codeTriples(iris, scheme, codeIri, fields))} } }`);
}

/** Replaces name, notation and description (SPEC §7 "Update"). */
export function updateCodeFields(iris: SchemeIris, scheme: SchemeId, codeIri: string, fields: { name: string; label: string; description?: string | undefined }): string {
  const graph = iri(iris.graph(scheme));
  const code = iri(codeIri);
  const description = fields.description ? sparql`${code} skos:definition ${literal(fields.description)} .` : sparql``;
  return toQueryText(sparql`
DELETE { GRAPH ${graph} { ${code} skos:prefLabel ?name . ${code} skos:notation ?notation . ${code} skos:definition ?description } }
WHERE { GRAPH ${graph} { ${code} skos:prefLabel ?name ; skos:notation ?notation . OPTIONAL { ${code} skos:definition ?description } } } ;
INSERT DATA { GRAPH ${graph} { ${code} skos:prefLabel ${literal(fields.name)} . ${code} skos:notation ${literal(fields.label)} . ${description} } }`);
}

/** Replaces the code's parent (SPEC §7 "Move"). */
export function moveCode(iris: SchemeIris, scheme: SchemeId, codeIri: string, parentIri: string): string {
  const graph = iri(iris.graph(scheme));
  const code = iri(codeIri);
  return toQueryText(sparql`
DELETE WHERE { GRAPH ${graph} { ${code} skos:broader ?parent } } ;
DELETE WHERE { GRAPH ${graph} { ${code} skos:topConceptOf ?scheme } } ;
INSERT DATA { GRAPH ${graph} { ${code} skos:broader ${iri(parentIri)} } }`);
}

/** Removes every statement about the code in its scheme graph (SPEC §7 "Delete"). */
export function deleteCode(iris: SchemeIris, scheme: SchemeId, codeIri: string): string {
  return toQueryText(sparql`DELETE WHERE { GRAPH ${iri(iris.graph(scheme))} { ${iri(codeIri)} ?p ?o } }`);
}

/** Does the scheme hold any code at all? */
export function askSchemeHasCodes(iris: SchemeIris, scheme: SchemeId): string {
  return toQueryText(sparql`
ASK { GRAPH ${iri(iris.graph(scheme))} { ?code skos:inScheme ${iri(iris.scheme(scheme))} } }`);
}
