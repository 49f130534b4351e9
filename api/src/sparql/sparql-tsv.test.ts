import oxigraph from 'oxigraph';
import { describe, expect, it } from 'vitest';
import { parseTsvResults } from './sparql-tsv.js';

describe('parseTsvResults', () => {
  it('reads every kind of term Oxigraph writes exactly as its SPARQL JSON does', () => {
    const store = new oxigraph.Store();
    store.update(String.raw`INSERT DATA {
      <http://example.org/a> <http://example.org/p>
        "tab\there\nnew line \"quoted\" \"\"\" back\\slash é 😀 \u0001 } ; DROP ALL #", "Schreiner"@de-CH, "عامل"@ar,
        42, -7, 1.5, 1e3, true, false, "2020-01-01"^^<http://www.w3.org/2001/XMLSchema#date>, "", <http://example.org/o?x=1&y=é>, _:b1 .
    }`);
    const query = 'SELECT ?s ?o ?missing WHERE { ?s ?p ?o OPTIONAL { ?o <http://example.org/none> ?missing } } ORDER BY ?o';
    const fromJson = (JSON.parse(store.query(query, { results_format: 'application/sparql-results+json' }) as string) as { results: { bindings: unknown[] } }).results.bindings;
    const fromTsv = parseTsvResults(store.query(query, { results_format: 'text/tab-separated-values' }) as string);
    expect(fromTsv).toHaveLength(13);
    expect(fromTsv).toEqual(fromJson);
  });

  it('reads an empty result and a row of unbound cells', () => {
    expect(parseTsvResults('?a\t?b\n')).toEqual([]);
    expect(parseTsvResults('?a\t?b\n\t\n')).toEqual([{}]);
  });
});
