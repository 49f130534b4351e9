import type { CodeLink } from '@og/shared/contracts/schemes';
import { manualMappingCuration } from '@og/shared/domain/link-justifications';
import type { SchemeId } from '@og/shared/domain/schemes';
import type { Database } from '../db/database.js';
import { findLinkFacts, type LinkEnds } from '../db/queries/link-records.js';
import type { SchemeContext } from './scheme-context.js';

/**
 * The links of one code to codes of other schemes (Explore's list), each with its weight when it
 * has one, and whose share that weight is: the code's own (the crosswalk read from it), or the
 * linked code's; and how it was made (its justification, and an accepted suggestion's score and
 * the admin's review of it as its curation).
 */
export async function readCodeLinks(app: { schemes: SchemeContext; db: Database }, scheme: SchemeId, value: string): Promise<CodeLink[]> {
  const links = await app.schemes.repository.readLinks(scheme, value);
  const codeIri = app.schemes.iris.code(scheme, value);
  const ends = links.map((link): LinkEnds => {
    const linkedIri = app.schemes.iris.code(link.scheme, link.value);
    return scheme < link.scheme ? { first: codeIri, second: linkedIri } : { first: linkedIri, second: codeIri };
  });
  const facts = await findLinkFacts(app.db, ends);
  return links.map((link, index) => {
    const fact = facts.get(`${ends[index]!.first} ${ends[index]!.second}`);
    if (!fact) return link;
    const made: CodeLink = { ...link, justification: fact.justification, ...(fact.score != null ? { score: fact.score, curation: manualMappingCuration } : {}) };
    if (fact.weight == null || fact.weightOf === null) return made;
    const codeEnd = scheme < link.scheme ? 'first' : 'second';
    return { ...made, weight: fact.weight, weightOf: fact.weightOf === codeEnd ? 'code' : 'linked' };
  });
}
