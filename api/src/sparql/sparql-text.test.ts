import { describe, expect, it } from 'vitest';
import { isPageable, maskLiterals, normalizeBindings, outerLimit, pageOf, queryForm, splitPrologue, subqueryPageOf, termToNTriples } from './sparql-text.js';

const prologue = 'PREFIX skos: <http://www.w3.org/2004/02/skos/core#>\n# a comment with SELECT in it\nBASE <http://x/>\n';

describe('queryForm', () => {
  it('finds the form after the prologue and comments', () => {
    expect(queryForm(`${prologue}SELECT * WHERE { ?s ?p ?o }`)).toBe('SELECT');
    expect(queryForm(`${prologue}construct { ?s ?p ?o } WHERE { ?s ?p ?o }`)).toBe('CONSTRUCT');
    expect(queryForm('ASK {}')).toBe('ASK');
    expect(queryForm('DESCRIBE <urn:x>')).toBe('DESCRIBE');
    expect(queryForm('INSERT DATA { <urn:a> <urn:b> <urn:c> }')).toBeNull();
    expect(queryForm('PREFIX : <http://x/#>\nSELECT ?s WHERE { ?s :p ?o }')).toBe('SELECT');
  });
});

describe('isPageable', () => {
  it('accepts a SELECT ending with ORDER BY and no LIMIT or OFFSET', () => {
    expect(isPageable(`${prologue}SELECT ?s WHERE { ?s ?p ?o } ORDER BY ?s`)).toBe(true);
    expect(isPageable('SELECT ?code (COUNT(*) AS ?n) WHERE { ?code ?p ?o } GROUP BY ?code ORDER BY ?code')).toBe(true);
    expect(isPageable('SELECT ?s WHERE { ?s ?p ?o } ORDER BY DESC(?s) ?o\n')).toBe(true);
  });

  it('refuses queries it cannot page safely', () => {
    expect(isPageable('SELECT ?s WHERE { ?s ?p ?o }')).toBe(false);
    expect(isPageable('SELECT ?s WHERE { ?s ?p ?o } ORDER BY ?s LIMIT 10')).toBe(false);
    expect(isPageable('SELECT ?s WHERE { ?s ?p ?o } ORDER BY ?s OFFSET 10')).toBe(false);
    expect(isPageable('SELECT ?s WHERE { ?s ?p ?o } ORDER BY ?s VALUES ?s { <urn:a> }')).toBe(false);
    expect(isPageable('CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o } ORDER BY ?s')).toBe(false);
    // ORDER BY inside a subquery or a literal does not count.
    expect(isPageable('SELECT ?s WHERE { { SELECT ?s WHERE { ?s ?p ?o } ORDER BY ?s } }')).toBe(false);
    expect(isPageable('SELECT ?s WHERE { ?s ?p "} ORDER BY ?s" }')).toBe(false);
    expect(isPageable('SELECT ?s WHERE { ?s ?p ?o } ORDER BY ?s # LIMIT 5')).toBe(true);
  });
});

describe('paging and masking', () => {
  it('reads the LIMIT of the outer query only', () => {
    expect(outerLimit('SELECT ?s WHERE { ?s ?p ?o } ORDER BY ?s LIMIT 10000')).toBe(10_000);
    expect(outerLimit('SELECT ?s WHERE { ?s ?p ?o } OFFSET 5 limit 7')).toBe(7);
    expect(outerLimit('SELECT ?s WHERE { { SELECT ?s WHERE { ?s ?p ?o } LIMIT 3 } }')).toBeNull();
    expect(outerLimit('SELECT ?s WHERE { ?s ?p "LIMIT 4" }')).toBeNull();
  });

  it('appends a page, or wraps the query as an ordered subquery below its prologue', () => {
    expect(pageOf('SELECT ?s WHERE { ?s ?p ?o } ORDER BY ?s  \n', 10, 5)).toBe('SELECT ?s WHERE { ?s ?p ?o } ORDER BY ?s\nLIMIT 5 OFFSET 10');
    const wrapped = subqueryPageOf(`${prologue}SELECT ?s WHERE { ?s ?p ?o } ORDER BY ?s`, 5000, 5000);
    expect(splitPrologue(wrapped).prologue).toBe(prologue);
    expect(splitPrologue(wrapped).body).toBe('SELECT * WHERE {\n{\nSELECT ?s WHERE { ?s ?p ?o } ORDER BY ?s\n}\n}\nOFFSET 5000\nLIMIT 5000');
  });

  it('masks strings, IRIs and comments without moving anything', () => {
    const text = 'SELECT ?s WHERE { ?s <urn:a#b> "x } y" ; <urn:c> """multi\n}""" } # } comment';
    const masked = maskLiterals(text);
    expect(masked).toHaveLength(text.length);
    expect(masked.match(/[{}]/g)).toEqual(['{', '}']);
  });
});

describe('result terms', () => {
  it('writes terms as N-Triples, hostile values escaped', () => {
    expect(termToNTriples({ type: 'uri', value: 'http://x/a b' })).toBe('<http://x/a\\u0020b>');
    expect(termToNTriples({ type: 'literal', value: 'say "hi"\n\\' })).toBe('"say \\"hi\\"\\n\\\\"');
    expect(termToNTriples({ type: 'literal', value: 'x', 'xml:lang': 'he' })).toBe('"x"@he');
    expect(termToNTriples({ type: 'literal', value: '4', datatype: 'http://www.w3.org/2001/XMLSchema#integer' })).toBe('"4"^^<http://www.w3.org/2001/XMLSchema#integer>');
    expect(termToNTriples({ type: 'literal', value: 's', datatype: 'http://www.w3.org/2001/XMLSchema#string' })).toBe('"s"');
    expect(termToNTriples({ type: 'bnode', value: 'nodeID://b1' })).toMatch(/^_:b[0-9a-f]+$/);
  });

  it('turns Virtuoso typed-literal terms into SPARQL 1.1 literals', () => {
    const rows = normalizeBindings([{ n: { type: 'typed-literal' as 'literal', value: '3', datatype: 'http://www.w3.org/2001/XMLSchema#integer' } }]);
    expect(rows).toEqual([{ n: { type: 'literal', value: '3', datatype: 'http://www.w3.org/2001/XMLSchema#integer' } }]);
  });
});
