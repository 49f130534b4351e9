import type { LinkMaps } from '@og/shared/contracts/links';
import type { CodeRecord } from '@og/shared/contracts/schemes';
import { buildNestedTree } from '@og/shared/domain/code-tree';
import { describe, expect, it } from 'vitest';
import { treeNodesByValue } from '../../lib/code-tree-rows';
import { isHandled, linkProgress, nodeLinkFacts, progressTooltip } from './link-facts';

/** ISCO-like: 1 > 11 > 111 > {1111, 1112}, 1 > 12 (a leaf). */
const lookup: Record<string, CodeRecord> = Object.fromEntries(
  (
    [
      ['1', undefined],
      ['11', '1'],
      ['111', '11'],
      ['1111', '111'],
      ['1112', '111'],
      ['12', '1'],
    ] as const
  ).map(([value, parent]) => [value, { value, name: `Code ${value}`, label: value, ...(parent ? { parent } : {}), linkCount: 0, version: '1' }]),
);
const roots = buildNestedTree(lookup);
const nodes = treeNodesByValue(roots);

function maps(isco: Record<string, string[]>, soc: Record<string, string[]> = {}): LinkMaps {
  const byCode = (entries: Record<string, string[]>, towards: string) =>
    Object.fromEntries(Object.entries(entries).map(([value, list]) => [value, { [towards]: list }]));
  return { schemes: ['isco08', 'soc2020'], maps: { isco08: byCode(isco, 'soc2020'), soc2020: byCode(soc, 'isco08') }, relations: {} };
}

const facts = (linkMaps: LinkMaps, value: string) => nodeLinkFacts(linkMaps, 'isco08', 'soc2020', nodes.get(value)!);

describe('the progress bar of one side, for this pair', () => {
  it('counts leaves that are linked, unlinkable or defaulting to their parent, out of all leaves', () => {
    const pair = maps({ '1111': ['2211'], '1112': ['unlinkable'], '12': ['default-to-parent'], '111': ['9999'] });
    const progress = linkProgress(roots, (value) => isHandled(pair, 'isco08', value, 'soc2020'));
    expect(progress).toEqual({ linked: 3, total: 3 });
    expect(progressTooltip(progress)).toBe('There are 3 of 3 nodes linked');
  });

  it('does not count links to a third scheme', () => {
    const pair: LinkMaps = { schemes: ['isco08', 'soc2020'], maps: { isco08: { '1111': { hisco: ['1'] } }, soc2020: {} }, relations: {} };
    expect(linkProgress(roots, (value) => isHandled(pair, 'isco08', value, 'soc2020'))).toEqual({ linked: 0, total: 3 });
  });

  it('counts nothing while the maps are loading', () => {
    expect(linkProgress(roots, (value) => isHandled(undefined, 'isco08', value, 'soc2020'))).toEqual({ linked: 0, total: 3 });
  });
});

describe('node details', () => {
  it('counts direct, descendant and child links, never the pseudo-targets', () => {
    const pair = maps({ '11': ['a', 'unlinkable'], '111': ['b'], '1111': ['b', 'c'], '1112': ['default-to-parent'] });
    expect(facts(pair, '11')).toEqual({
      direct: ['a'],
      descendantLinkCount: 3,
      descendantTargets: expect.arrayContaining(['b', 'c']),
      childLinkCount: 1,
      entryCount: 2,
      unlinkable: true,
      defaultsToParent: false,
      hasDescendants: true,
    });
    expect(facts(pair, '11').descendantTargets).toHaveLength(2);
  });
});
