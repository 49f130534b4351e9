import { linkRelations } from '@og/shared/contracts/links';
import { describe, expect, it } from 'vitest';
import { fromSourceToTarget, relationSentence, relationWords } from './relation-words';

describe('relation words', () => {
  it('says a closeMatch is close, not nearly the same, and an exactMatch the same occupation', () => {
    expect(relationWords.closeMatch).toBe('close match');
    expect(relationWords.exactMatch).toBe('same occupation');
    expect(linkRelations.map((relation) => relationSentence(relation, fromSourceToTarget)).join(' ')).not.toMatch(/nearly/);
  });

  it('reads a relation from the opened code in Explore, and from the source to the target on the linking page', () => {
    expect(relationSentence('broadMatch')).toBe('The linked code is broader: it covers this occupation and more.');
    expect(relationSentence('broadMatch', fromSourceToTarget)).toBe('The target is broader: it covers the source and more.');
    expect(relationSentence('closeMatch', fromSourceToTarget)).toBe('The target is close: it may stand for the source in some uses, though it is not the same occupation.');
    expect(relationSentence('narrowMatch', fromSourceToTarget)).toBe('The target is narrower: it covers part of the source.');
  });

  it('gives every relation a word and a sentence of its own', () => {
    expect(new Set(linkRelations.map((relation) => relationWords[relation])).size).toBe(linkRelations.length);
    expect(new Set(linkRelations.map((relation) => relationSentence(relation))).size).toBe(linkRelations.length);
  });
});
