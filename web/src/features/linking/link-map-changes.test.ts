import { type LinkMaps, relationBetween } from '@og/shared/contracts/links';
import { describe, expect, it } from 'vitest';
import { withLink, withLinks, withMarker, withoutLink, withoutLinksOf, withoutMarker } from './link-map-changes';

const empty: LinkMaps = { schemes: ['soc2020', 'isco08'], maps: { soc2020: {}, isco08: {} }, relations: {} };
const soc = (value: string) => ({ scheme: 'soc2020' as const, value });
const isco = (value: string) => ({ scheme: 'isco08' as const, value });

describe('optimistic changes of cached link maps', () => {
  it('links two codes from both sides, with the relation read from the first one, and leaves the original alone', () => {
    const linked = withLink(empty, soc('1111'), isco('1112'), 'broadMatch');
    expect(linked.maps.soc2020).toEqual({ '1111': { isco08: ['1112'] } });
    expect(linked.maps.isco08).toEqual({ '1112': { soc2020: ['1111'] } });
    // Stored from isco08 (first in name order): turned round.
    expect(linked.relations).toEqual({ 'isco08:1112 soc2020:1111': 'narrowMatch' });
    expect(relationBetween(linked, soc('1111'), isco('1112'))).toBe('broadMatch');
    expect(empty.maps.soc2020).toEqual({});
  });

  it('changes the relation of an existing link without duplicating it', () => {
    const once = withLink(empty, soc('1'), isco('2'), 'closeMatch');
    const changed = withLink(once, isco('2'), soc('1'), 'exactMatch');
    expect(changed.maps.soc2020!['1']).toEqual({ isco08: ['2'] });
    expect(relationBetween(changed, soc('1'), isco('2'))).toBe('exactMatch');
    expect(relationBetween(once, soc('1'), isco('2'))).toBe('closeMatch');
  });

  it('unlinks, dropping empty entries', () => {
    const linked = withLink(withLink(empty, soc('1'), isco('2'), 'closeMatch'), soc('1'), isco('3'), 'closeMatch');
    const unlinked = withoutLink(linked, soc('1'), isco('2'));
    expect(unlinked.maps.soc2020).toEqual({ '1': { isco08: ['3'] } });
    expect(unlinked.maps.isco08).toEqual({ '3': { soc2020: ['1'] } });
    expect(Object.keys(unlinked.relations)).toEqual(['isco08:3 soc2020:1']);
    expect(linked.maps.soc2020!['1']!.isco08).toEqual(['2', '3']);
  });

  it('marks and unmarks pseudo-targets on one side only', () => {
    const marked = withMarker(empty, soc('1'), 'isco08', 'unlinkable');
    expect(marked.maps.soc2020).toEqual({ '1': { isco08: ['unlinkable'] } });
    expect(marked.maps.isco08).toEqual({});
    expect(withoutMarker(marked, soc('1'), 'isco08', 'unlinkable').maps.soc2020).toEqual({});
  });

  it('links one code to many at once', () => {
    const linked = withLinks(empty, isco('9'), [soc('1'), soc('2'), soc('1')], 'closeMatch');
    expect(linked.maps.isco08).toEqual({ '9': { soc2020: ['1', '2'] } });
    expect(Object.keys(linked.relations)).toHaveLength(2);
  });

  it('clears every link and pseudo-target of a code towards a scheme, from both sides', () => {
    let maps = withLinks(empty, soc('1'), [isco('2'), isco('3')], 'closeMatch');
    maps = withMarker(maps, soc('1'), 'isco08', 'default-to-parent');
    maps = withLink(maps, soc('4'), isco('2'), 'closeMatch');
    const cleared = withoutLinksOf(maps, soc('1'), 'isco08');
    expect(cleared.maps.soc2020).toEqual({ '4': { isco08: ['2'] } });
    expect(cleared.maps.isco08).toEqual({ '2': { soc2020: ['4'] } });
    expect(Object.keys(cleared.relations)).toEqual(['isco08:2 soc2020:4']);
  });
});
