import { describe, expect, it } from 'vitest';
import { acceptTag, tagGroupsOf } from './review-tags';

describe('acceptTag', () => {
  it("takes a known tag in its own spelling and a new one trimmed", () => {
    expect(acceptTag('day labour', [])).toEqual({ tag: 'Day labour' });
    expect(acceptTag('SEASONAL', ['Seasonal'])).toEqual({ tag: 'Seasonal' });
    expect(acceptTag('  Lodger ', [])).toEqual({ tag: 'Lodger' });
  });

  it('says why a tag is refused: too long, more than a line, empty', () => {
    expect(acceptTag('x'.repeat(61), [])).toEqual({ error: 'A tag is at most 60 characters' });
    expect(acceptTag('two\nlines', [])).toEqual({ error: 'A tag is one line of text' });
    expect(acceptTag('   ', [])).toEqual({ error: 'A tag is not empty' });
  });
});

describe('tagGroupsOf', () => {
  it("lists SPEC's sixteen, then the set's own and the draft's new ones apart", () => {
    const groups = tagGroupsOf(['Lodger'], ['Lodger', 'Day labour', 'Seasonal']);
    expect(groups[0]!.items).toHaveLength(16);
    expect(groups[1]).toEqual({ group: "This set's tags", items: ['Lodger', 'Seasonal'] });
    expect(tagGroupsOf([], [])).toHaveLength(1);
  });
});
