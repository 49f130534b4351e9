import { describe, expect, it } from 'vitest';
import { callsService, maskLiterals, mediaTypes, normalizeBindings, pageOf, queryForm, rawResultType, readQuery, splitPrologue, subqueryPageOf, termToNTriples } from './sparql-text.js';

const prologue = 'PREFIX skos: <http://www.w3.org/2004/02/skos/core#>\n# a comment with SELECT in it\nBASE <http://x/>\n';

describe('readQuery', () => {
  it('reads the form after the prologue and comments; an update has none', () => {
    expect(readQuery(`${prologue}SELECT * WHERE { ?s ?p ?o }`).form).toBe('SELECT');
    expect(readQuery(`${prologue}construct { ?s ?p ?o } WHERE { ?s ?p ?o }`).form).toBe('CONSTRUCT');
    expect(readQuery('ASK {}').form).toBe('ASK');
    expect(readQuery('DESCRIBE <urn:x>').form).toBe('DESCRIBE');
    expect(readQuery('PREFIX : <http://x/#>\nSELECT ?s WHERE { ?s :p ?o }').form).toBe('SELECT');
    const update = readQuery('INSERT DATA { <urn:a> <urn:b> <urn:c> }');
    expect(update.form).toBeNull();
    expect(update.syntaxError).toBeNull();
    expect(update.parsed?.type).toBe('update');
  });

  it('names the syntax error of text it cannot parse, and reads nothing from it', () => {
    expect(readQuery('SELEC ?s WHERE { ?s ?p ?o }')).toEqual({ parsed: null, syntaxError: expect.stringMatching(/^Parse error on line 1/), form: null, pageable: false, limit: null });
    expect(readQuery('SELECT ?s WHERE { ?s ?p ?o } ORDER BY ?s LIMIT').pageable).toBe(false);
  });

  it('calls a SELECT pageable when it ends with ORDER BY and has no LIMIT or OFFSET', () => {
    expect(readQuery(`${prologue}SELECT ?s WHERE { ?s ?p ?o } ORDER BY ?s`).pageable).toBe(true);
    expect(readQuery('SELECT ?code (COUNT(*) AS ?n) WHERE { ?code ?p ?o } GROUP BY ?code ORDER BY ?code').pageable).toBe(true);
    expect(readQuery('SELECT ?s WHERE { ?s ?p ?o } ORDER BY DESC(?s) ?o\n').pageable).toBe(true);
  });

  it('calls no other query pageable', () => {
    expect(readQuery('SELECT ?s WHERE { ?s ?p ?o }').pageable).toBe(false);
    expect(readQuery('SELECT ?s WHERE { ?s ?p ?o } ORDER BY ?s LIMIT 10').pageable).toBe(false);
    expect(readQuery('SELECT ?s WHERE { ?s ?p ?o } ORDER BY ?s OFFSET 10').pageable).toBe(false);
    expect(readQuery('SELECT ?s WHERE { ?s ?p ?o } ORDER BY ?s VALUES ?s { <urn:a> }').pageable).toBe(false);
    expect(readQuery('CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o } ORDER BY ?s').pageable).toBe(false);
    // ORDER BY inside a subquery or a literal does not count; inside a comment neither does LIMIT.
    expect(readQuery('SELECT ?s WHERE { { SELECT ?s WHERE { ?s ?p ?o } ORDER BY ?s } }').pageable).toBe(false);
    expect(readQuery('SELECT ?s WHERE { ?s ?p "} ORDER BY ?s" }').pageable).toBe(false);
    expect(readQuery('SELECT ?s WHERE { ?s ?p ?o } ORDER BY ?s # LIMIT 5').pageable).toBe(true);
  });

  it('reads the LIMIT of the outer query only', () => {
    expect(readQuery('SELECT ?s WHERE { ?s ?p ?o } ORDER BY ?s LIMIT 10000').limit).toBe(10_000);
    expect(readQuery('SELECT ?s WHERE { ?s ?p ?o } OFFSET 5 limit 7').limit).toBe(7);
    expect(readQuery('SELECT ?s WHERE { { SELECT ?s WHERE { ?s ?p ?o } LIMIT 3 } }').limit).toBeNull();
    expect(readQuery('SELECT ?s WHERE { ?s ?p "LIMIT 4" }').limit).toBeNull();
  });
});

describe('queryForm (the cheap reading)', () => {
  it('finds the form after the prologue and comments', () => {
    expect(queryForm(`${prologue}SELECT * WHERE { ?s ?p ?o }`)).toBe('SELECT');
    expect(queryForm(`${prologue}construct { ?s ?p ?o } WHERE { ?s ?p ?o }`)).toBe('CONSTRUCT');
    expect(queryForm('ASK {}')).toBe('ASK');
    expect(queryForm('DESCRIBE <urn:x>')).toBe('DESCRIBE');
    expect(queryForm('INSERT DATA { <urn:a> <urn:b> <urn:c> }')).toBeNull();
    expect(queryForm('PREFIX : <http://x/#>\nSELECT ?s WHERE { ?s :p ?o }')).toBe('SELECT');
  });
});

describe('rawResultType', () => {
  it('answers graphs as N-Triples when the client names it before Turtle, everything else as SPARQL JSON', () => {
    const construct = `# CONSTRUCT in a comment\n${prologue}CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o }`;
    expect(rawResultType(construct, `${mediaTypes.nTriples}, ${mediaTypes.turtle}`)).toBe(mediaTypes.nTriples);
    expect(rawResultType(construct, `${mediaTypes.turtle}, ${mediaTypes.nTriples}`)).toBe(mediaTypes.turtle);
    expect(rawResultType('DESCRIBE <urn:x>', '*/*')).toBe(mediaTypes.turtle);
    expect(rawResultType('SELECT ?s WHERE { ?s ?p "CONSTRUCT" }', mediaTypes.nTriples)).toBe(mediaTypes.sparqlJson);
    expect(rawResultType('ASK {}', mediaTypes.turtle)).toBe(mediaTypes.sparqlJson);
  });
});

describe('pages and masking', () => {
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

describe('callsService', () => {
  const parsed = (text: string) => readQuery(text).parsed!;
  it('finds a SERVICE clause wherever it stands', () => {
    expect(callsService(parsed('SELECT * WHERE { SERVICE <http://example.org/sparql> { ?s ?p ?o } }'))).toBe(true);
    expect(callsService(parsed('SELECT * WHERE { ?a ?b ?c OPTIONAL { SERVICE SILENT <http://x/> { ?a ?d ?e } } }'))).toBe(true);
    expect(callsService(parsed('SELECT * WHERE { { SELECT ?s WHERE { SERVICE <http://x/> { ?s ?p ?o } } } }'))).toBe(true);
    expect(callsService(parsed('ASK { ?s ?p ?o FILTER EXISTS { SERVICE <http://x/> { ?s ?q ?r } } }'))).toBe(true);
    expect(callsService(parsed('SELECT * WHERE { ?s ?p "SERVICE <http://x/>" }'))).toBe(false);
    expect(callsService(parsed('SELECT * WHERE { ?s <http://x/service> ?o }'))).toBe(false);
  });
});
