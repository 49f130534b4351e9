import { describe, expect, it } from 'vitest';
import { type LinkingFacts, linkingOfferRefusal, linkingOffers } from './linking-offers.js';

const base: LinkingFacts = {
  direct: [],
  descendantLinkCount: 0,
  childLinkCount: 0,
  entryCount: 0,
  unlinkable: false,
  defaultsToParent: false,
  hasDescendants: false,
};
const offers = (change: Partial<LinkingFacts>) => linkingOffers({ ...base, ...change });

describe('the linking offers (SPEC §5)', () => {
  it('offers linking to descendants only for a code with descendants', () => {
    expect(offers({}).linkToDescendants).toBe(false);
    expect(offers({ hasDescendants: true }).linkToDescendants).toBe(true);
  });

  it('offers defaulting to the parent only without links, not unlinkable, not already defaulting', () => {
    expect(offers({}).defaultToParent).toBe(true);
    expect(offers({ direct: ['a'], entryCount: 1 }).defaultToParent).toBe(false);
    expect(offers({ unlinkable: true, entryCount: 1 }).defaultToParent).toBe(false);
    expect(offers({ defaultsToParent: true, entryCount: 1 }).defaultToParent).toBe(false);
  });

  it('offers to stop defaulting only for a defaulting code with no descendant links, not unlinkable, with at most one link (its default)', () => {
    expect(offers({ defaultsToParent: true, entryCount: 1 }).stopDefaultToParent).toBe(true);
    expect(offers({}).stopDefaultToParent).toBe(false);
    expect(offers({ defaultsToParent: true, entryCount: 1, descendantLinkCount: 1 }).stopDefaultToParent).toBe(false);
    expect(offers({ defaultsToParent: true, unlinkable: true, entryCount: 2 }).stopDefaultToParent).toBe(false);
    expect(offers({ defaultsToParent: true, direct: ['a'], entryCount: 2 }).stopDefaultToParent).toBe(false);
  });

  it('offers marking as linkable only for an unlinkable code whose children have no links', () => {
    expect(offers({ unlinkable: true, entryCount: 1 }).markLinkable).toBe(true);
    expect(offers({ unlinkable: true, entryCount: 1, childLinkCount: 2 }).markLinkable).toBe(false);
    expect(offers({}).markLinkable).toBe(false);
  });

  it('offers marking as unlinkable only for a code with no links that is not unlinkable', () => {
    expect(offers({}).markUnlinkable).toBe(true);
    expect(offers({ direct: ['a'], entryCount: 1 }).markUnlinkable).toBe(false);
    expect(offers({ unlinkable: true, entryCount: 1 }).markUnlinkable).toBe(false);
    expect(offers({ defaultsToParent: true, entryCount: 1 }).markUnlinkable).toBe(false);
  });

  it('offers clearing all links only when there are real links besides the pseudo-targets', () => {
    expect(offers({ unlinkable: true, defaultsToParent: true, entryCount: 2 }).clearAllLinks).toBe(false);
    expect(offers({ direct: ['a'], defaultsToParent: true, entryCount: 2 }).clearAllLinks).toBe(true);
  });

  it('says why an offer is not made, and nothing when it is', () => {
    expect(linkingOfferRefusal('markUnlinkable', { ...base, direct: ['a', 'b'], entryCount: 2 })).toBe('it has 2 links there');
    expect(linkingOfferRefusal('markUnlinkable', base)).toBeNull();
    expect(linkingOfferRefusal('markLinkable', { ...base, unlinkable: true, entryCount: 1, childLinkCount: 1 })).toBe('its children have 1 link there');
    expect(linkingOfferRefusal('stopDefaultToParent', { ...base, defaultsToParent: true, entryCount: 1, descendantLinkCount: 3 })).toBe('the codes below it have 3 links there');
    expect(linkingOfferRefusal('defaultToParent', { ...base, unlinkable: true, entryCount: 1 })).toBe('it is marked unlinkable there');
  });
});
