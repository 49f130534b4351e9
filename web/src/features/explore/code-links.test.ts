import type { CodeLink, CodeRecord } from '@og/shared/contracts/schemes';
import { childrenIndex } from '@og/shared/domain/code-tree';
import { describe, expect, it } from 'vitest';
import { descendantLinks, foundWords, groupLinksByScheme, relationFromCode, shareSentence, sharePercent, shareWords } from './code-links';

const link = (scheme: CodeLink['scheme'], label: string, relation = 'closeMatch'): CodeLink => ({ scheme, value: label, name: `name ${label}`, label, relation });

describe('a code’s links', () => {
  it('reads broader and narrower from the opened code, the store keeping them from the scheme first in name order', () => {
    // esco < isco08: a link stored esco → isco08 as broadMatch says the ISCO-08 code is broader.
    expect(relationFromCode('esco', { scheme: 'isco08', relation: 'broadMatch' })).toBe('broadMatch');
    expect(relationFromCode('isco08', { scheme: 'esco', relation: 'broadMatch' })).toBe('narrowMatch');
    expect(relationFromCode('isco08', { scheme: 'esco', relation: 'exactMatch' })).toBe('exactMatch');
    expect(relationFromCode('isco08', { scheme: 'esco', relation: 'seeAlso' })).toBeNull();
  });

  it('groups links by scheme in registry order, each group in notation order', () => {
    const groups = groupLinksByScheme('isco08', [link('esco', 'b'), link('hisco', '10'), link('esco', 'a'), link('hisco', '9', 'narrowMatch')]);
    expect(groups.map((group) => [group.scheme, group.links.map((each) => each.label)])).toEqual([
      ['hisco', ['9', '10']],
      ['esco', ['a', 'b']],
    ]);
    expect(groups[0]!.links[0]).toMatchObject({ relation: 'broadMatch', storedRelation: 'narrowMatch' });
  });

  it('counts the descendants, those with links, and their links', () => {
    const record = (value: string, parent: string | undefined, linkCount: number): CodeRecord => ({ value, name: value, label: value, ...(parent ? { parent } : {}), linkCount, version: 'v' });
    const lookup = { '2': record('2', undefined, 0), '22': record('22', '2', 0), '2221': record('2221', '22', 3), '2211': record('2211', '22', 1), '2212': record('2212', '22', 0), '3': record('3', undefined, 5) };
    const children = childrenIndex(lookup);
    expect(descendantLinks(children, lookup, '2')).toEqual({ descendants: 4, linkedDescendants: 2, links: 4 });
    expect(descendantLinks(children, lookup, '2221')).toEqual({ descendants: 0, linkedDescendants: 0, links: 0 });
  });

  it('keeps a weighted link’s weight and whose share it is', () => {
    const weighted: CodeLink = { ...link('isco08', '5223'), weight: 0.52, weightOf: 'code' };
    expect(groupLinksByScheme('soc2020', [weighted])[0]!.links[0]).toMatchObject({ weight: 0.52, weightOf: 'code' });
  });
});

describe('a weighted link’s share', () => {
  it('is a whole percentage, never 0% or 100% for what is neither', () => {
    expect([0.52, 0.6471, 0.004, 0.996, 1].map(sharePercent)).toEqual(['52%', '65%', '<1%', '99%', '100%']);
  });

  it('says whose titles it is a share of, from the code being viewed', () => {
    expect(shareWords(0.52, 'code')).toBe('52% of this group’s titles');
    expect(shareWords(0.03, 'linked')).toBe('3% of that group’s titles');
    expect(shareSentence(0.03, 'linked', { code: 'Plasterers', linked: 'Textile process operatives' })).toBe('The crosswalk puts 3% of the titles of Textile process operatives under Plasterers.');
  });
});

describe('how a link was found', () => {
  it('tells links the suggestions made, by their justification and score, and says nothing of others', () => {
    expect(foundWords('semapv:LexicalMatching', 0.834)).toBe('Suggested by name similarity (score 0.83), reviewed');
    expect(foundWords('semapv:CompositeMatching', 0.4)).toBe('Suggested from several kinds of evidence (score 0.40), reviewed');
    expect(foundWords('semapv:MappingChaining', 0.55)).toBe('Chained through a linked scheme (score 0.55)');
    expect(foundWords('semapv:MappingChaining', undefined)).toBe('Chained through a linked scheme');
    // A crosswalk file's own lexical matching, an admin's link, a link without a record.
    expect(foundWords('semapv:LexicalMatching', undefined)).toBeNull();
    expect(foundWords('semapv:ManualMappingCuration', undefined)).toBeNull();
    expect(foundWords(undefined, undefined)).toBeNull();
  });
});
