import type { LinkMaps } from '@og/shared/contracts/links';
import type { CodeRecord } from '@og/shared/contracts/schemes';
import { buildNestedTree } from '@og/shared/domain/code-tree';
import { describe, expect, it } from 'vitest';
import { treeNodesByValue } from '../../lib/code-tree-rows';
import { subtreeLinkProposal } from './link-to-subtree';

function scheme(codes: ReadonlyArray<readonly [string, string | undefined]>) {
  const lookup: Record<string, CodeRecord> = Object.fromEntries(
    codes.map(([value, parent]) => [value, { value, name: value, label: value, ...(parent ? { parent } : {}), linkCount: 0, version: '1' }]),
  );
  return { lookup, nodes: treeNodesByValue(buildNestedTree(lookup)) };
}

/** Objects (ISCO-like): 1 > 11 > {111, 112 > {1121, 1122}}, 1 > 12. */
const objects = scheme([
  ['1', undefined],
  ['11', '1'],
  ['111', '11'],
  ['112', '11'],
  ['1121', '112'],
  ['1122', '112'],
  ['12', '1'],
]);
/** Sources (SOC-like): A > {A1, A2}, B (a leaf). */
const sources = scheme([
  ['A', undefined],
  ['A1', 'A'],
  ['A2', 'A'],
  ['B', undefined],
]);

function maps(links: Array<[string, string]>): LinkMaps {
  const isco: Record<string, Record<string, string[]>> = {};
  const soc: Record<string, Record<string, string[]>> = {};
  for (const [object, source] of links) {
    ((isco[object] ??= {}).soc2020 ??= []).push(source);
    ((soc[source] ??= {}).isco08 ??= []).push(object);
  }
  return { schemes: ['isco08', 'soc2020'], maps: { isco08: isco, soc2020: soc }, relations: {} };
}

function propose(links: Array<[string, string]>, node: string, source: string): string[] {
  return subtreeLinkProposal({
    maps: maps(links),
    node: objects.nodes.get(node)!,
    scheme: 'isco08',
    lookup: objects.lookup,
    source: sources.nodes.get(source)!,
    sourceScheme: 'soc2020',
  });
}

describe('link to subtree (SPEC §5)', () => {
  it('proposes only the leaves below the code, in tree order', () => {
    expect(propose([], '1', 'B')).toEqual(['111', '1121', '1122', '12']);
    expect(propose([], '112', 'B')).toEqual(['1121', '1122']);
  });

  it('proposes nothing for a leaf', () => {
    expect(propose([], '12', 'B')).toEqual([]);
  });

  it('drops leaves already linked to the source', () => {
    expect(propose([['1121', 'B']], '1', 'B')).toEqual(['111', '1122', '12']);
  });

  it('drops leaves whose ancestor is linked to a leaf source', () => {
    expect(propose([['112', 'B']], '1', 'B')).toEqual(['111', '12']);
    // A link to another source does not count.
    expect(propose([['112', 'A1']], '1', 'B')).toEqual(['111', '1121', '1122', '12']);
  });

  it('drops leaves linked to a descendant of the source, and ignores ancestors when the source has descendants', () => {
    expect(propose([['111', 'A2']], '1', 'A')).toEqual(['1121', '1122', '12']);
    expect(propose([['112', 'A1']], '1', 'A')).toEqual(['111', '1121', '1122', '12']);
  });

  it('never proposes a leaf marked unlinkable towards the source scheme', () => {
    expect(propose([['1121', 'unlinkable']], '1', 'B')).toEqual(['111', '1122', '12']);
  });
});
