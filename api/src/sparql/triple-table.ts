import { iri } from './sparql-builder.js';
import { errorText, StoreSyntaxError } from './triple-store.js';

/**
 * Triples of IRIs as a table: each distinct IRI once in `terms`, and each triple as three indexes
 * into it (subject, predicate, object) in `triples`. A crosswalk's 100,000 links name a few thousand
 * codes: as a table they are a few thousand strings and one typed array, which cross to the
 * embedded store's thread at once, and the store's thread writes the N-Triples text it loads
 * (16 MB for 100,000 links) rather than the caller's.
 */
export interface TripleTable {
  terms: string[];
  triples: Uint32Array;
}

/** Builds a {@link TripleTable}, numbering each IRI the first time it is named. */
export class TripleTableBuilder {
  private readonly terms: string[] = [];
  private readonly numbers = new Map<string, number>();
  private triples: Uint32Array;
  private length = 0;

  constructor(expectedTriples: number) {
    this.triples = new Uint32Array(Math.max(1, expectedTriples) * 3);
  }

  private number(value: string): number {
    let number = this.numbers.get(value);
    if (number === undefined) {
      number = this.terms.push(value) - 1;
      this.numbers.set(value, number);
    }
    return number;
  }

  add(subject: string, predicate: string, object: string): void {
    if (this.length + 3 > this.triples.length) {
      const grown = new Uint32Array(this.triples.length * 2);
      grown.set(this.triples);
      this.triples = grown;
    }
    this.triples[this.length++] = this.number(subject);
    this.triples[this.length++] = this.number(predicate);
    this.triples[this.length++] = this.number(object);
  }

  table(): TripleTable {
    return { terms: this.terms, triples: this.triples.slice(0, this.length) };
  }
}

/** The table as N-Triples, a triple a line; each IRI is checked once (StoreSyntaxError for a term that is not one). */
export function tripleTableText(table: TripleTable): string {
  const written = table.terms.map((term) => {
    try {
      return iri(term).text;
    } catch (error) {
      throw new StoreSyntaxError(`The triples are not valid: ${errorText(error)}`);
    }
  });
  const { triples } = table;
  const pieces: string[] = [];
  for (let start = 0; start < triples.length; start += 3 * 4096) {
    let text = '';
    for (let index = start, end = Math.min(start + 3 * 4096, triples.length); index < end; index += 3) {
      text += `${written[triples[index]!]} ${written[triples[index + 1]!]} ${written[triples[index + 2]!]} .\n`;
    }
    pieces.push(text);
  }
  return pieces.join('');
}
