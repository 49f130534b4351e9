import { describe, expect, it } from 'vitest';
import { readWrittenRelation } from './written-relation.js';

describe('a link relation as a crosswalk file writes it', () => {
  it('is read from the local name, the skos: CURIE and the full IRI', () => {
    expect(readWrittenRelation('exactMatch')).toBe('exactMatch');
    expect(readWrittenRelation('skos:closeMatch')).toBe('closeMatch');
    expect(readWrittenRelation('http://www.w3.org/2004/02/skos/core#broadMatch')).toBe('broadMatch');
    expect(readWrittenRelation(' narrowMatch\t')).toBe('narrowMatch');
    expect(readWrittenRelation('skos:relatedMatch')).toBe('relatedMatch');
  });

  it('is not read from anything else', () => {
    for (const written of ['', 'ExactMatch', 'exactmatch', '=', '<', 'owl:sameAs', 'skos:broader', 'skos:mappingRelation', 'https://www.w3.org/2004/02/skos/core#exactMatch', '21']) {
      expect(readWrittenRelation(written), written).toBeNull();
    }
  });
});
