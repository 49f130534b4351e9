import type { LinkRelation } from '@og/shared/contracts/links';

/**
 * What a link's relation says of the linked code, read from one code to the other (Explore reads
 * it from the opened code, the linking page from the source to the target), in the same plain
 * words wherever a relation is shown. A closeMatch only says the two may stand for one another in
 * some uses (a crosswalk that names no relation makes every row one, a many-to-many table too):
 * not that they are nearly the same.
 */
export const relationWords: Record<LinkRelation, string> = {
  exactMatch: 'same occupation',
  closeMatch: 'close match',
  broadMatch: 'broader',
  narrowMatch: 'narrower',
  relatedMatch: 'related',
};

/** Whom a relation's sentence speaks of: the code it is read from, and the linked one (capitalised, it starts the sentence). */
export interface RelationReading {
  code: string;
  linked: string;
}

/** Explore's reading: from the opened code to a code linked to it. */
export const fromOpenedCode: RelationReading = { code: 'this occupation', linked: 'The linked code' };
/** The linking page's reading: from the source code to the target code. */
export const fromSourceToTarget: RelationReading = { code: 'the source', linked: 'The target' };

/** A relation in a whole sentence, for a tooltip or a picker: what the linked code is to the code it is read from. */
export function relationSentence(relation: LinkRelation, { code, linked }: RelationReading = fromOpenedCode): string {
  switch (relation) {
    case 'exactMatch':
      return `${linked} is the same occupation: one stands for the other in any use.`;
    case 'closeMatch':
      return `${linked} is close: it may stand for ${code} in some uses, though it is not the same occupation.`;
    case 'broadMatch':
      return `${linked} is broader: it covers ${code} and more.`;
    case 'narrowMatch':
      return `${linked} is narrower: it covers part of ${code}.`;
    case 'relatedMatch':
      return `${linked} is a related occupation, neither the same, broader nor narrower.`;
  }
}
