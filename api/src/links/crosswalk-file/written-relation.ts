import { type LinkRelation, linkRelations } from '@og/shared/contracts/links';

const skosNamespace = 'http://www.w3.org/2004/02/skos/core#';

/**
 * A link relation as a crosswalk file writes it: the local name (`exactMatch`), the `skos:` CURIE
 * (`skos:exactMatch`) or the full IRI, spelt as SKOS spells it; spaces around it are forgiven.
 * Anything else (`ExactMatch`, `=`, `<`, `owl:sameAs`, HISCO's relation code `21`) is not read as
 * a relation: null. Symbols such as `=` and `<` are left out on purpose: which side of a `<` is the
 * narrower one is the file's convention, not something to guess.
 */
export function readWrittenRelation(written: string): LinkRelation | null {
  const text = written.trim();
  const local = text.startsWith(skosNamespace) ? text.slice(skosNamespace.length) : text.startsWith('skos:') ? text.slice('skos:'.length) : text;
  return (linkRelations as readonly string[]).includes(local) ? (local as LinkRelation) : null;
}
