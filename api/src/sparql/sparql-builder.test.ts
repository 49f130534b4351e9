import { describe, expect, it } from 'vitest';
import { escapeString, iri, literal, sparql, SparqlValueError, toQueryText } from './sparql-builder.js';

describe('the SPARQL builder', () => {
  it('escapes hostile strings so they stay one literal', () => {
    const hostile = 'O\'Brien "the" \\ """ } ; DROP ALL #\n<script>alert(1)</script> 🧵 עברית';
    const text = sparql`INSERT DATA { ${iri('https://x.org/a')} ${iri('https://x.org/p')} ${literal(hostile)} }`.text;
    expect(text).toBe(
      'INSERT DATA { <https://x.org/a> <https://x.org/p> "O\'Brien \\"the\\" \\\\ \\"\\"\\" } ; DROP ALL #\\n<script>alert(1)</script> 🧵 עברית" }',
    );
    expect(escapeString('\u0000\u001f\r\t')).toBe('\\u0000\\u001f\\r\\t');
  });

  it('refuses IRIs that could break out of <…>', () => {
    for (const bad of ['https://x.org/a> } ; DROP ALL #', 'not an iri', 'https://x.org/a b', 'https://x.org/"', 'relative/path']) {
      expect(() => iri(bad), bad).toThrow(SparqlValueError);
    }
    expect(iri('https://w3id.org/occupation-graph/hisco/01110').text).toBe('<https://w3id.org/occupation-graph/hisco/01110>');
  });

  it('refuses raw strings in the template', () => {
    const userInput = '"} ; DROP ALL #' as unknown as ReturnType<typeof literal>;
    expect(() => sparql`SELECT * WHERE { ?s ?p ${userInput} }`).toThrow(/raw value/);
    expect(() => toQueryText('DROP ALL' as never)).toThrow(SparqlValueError);
  });

  it('adds the prefixes', () => {
    expect(toQueryText(sparql`ASK { ?s a skos:Concept }`)).toMatch(/^PREFIX skos: <http:\/\/www\.w3\.org\/2004\/02\/skos\/core#>/);
  });
});
