import type { CodeRecord } from '@og/shared/contracts/schemes';
import { buildNestedTree } from '@og/shared/domain/code-tree';
import { describe, expect, it } from 'vitest';
import { subtreeExpansion, subtreeRoots } from './subtree-view';

const codes: Array<[string, string | undefined]> = [
  ['1', undefined],
  ['11', '1'],
  ['111', '11'],
  ['112', '11'],
  ['12', '1'],
  ['2', undefined],
  ['21', '2'],
];
const roots = buildNestedTree(
  Object.fromEntries(
    codes.map(([value, parent]): [string, CodeRecord] => [value, { value, name: value, label: value, ...(parent ? { parent } : {}), linkCount: 0, version: '1' }]),
  ),
);
const shape = (nodes: ReturnType<typeof subtreeRoots>): unknown => nodes.map((node) => [node.value, shape(node.children)]);

describe('the subtree view (SPEC §4)', () => {
  it('shows the given codes under the codes above them, nothing else', () => {
    expect(shape(subtreeRoots(roots, new Set(['112', '21'])))).toEqual([
      ['1', [['11', [['112', []]]]]],
      ['2', [['21', []]]],
    ]);
  });

  it('keeps untouched branches as they are', () => {
    const shown = subtreeRoots(roots, new Set(['111', '112', '12']));
    expect(shown[0]).toBe(roots[0]);
  });

  it('opens every node for fewer than 50 ids', () => {
    const shown = subtreeRoots(roots, new Set(['112', '21']));
    expect(subtreeExpansion(shown, 2, []).sort()).toEqual(['1', '11', '2']);
    expect(subtreeExpansion(shown, 49, []).sort()).toEqual(['1', '11', '2']);
  });

  it('opens only the path to the selected code for 50 ids or more', () => {
    const shown = subtreeRoots(roots, new Set(['112', '21']));
    expect(subtreeExpansion(shown, 50, ['11', '1'])).toEqual(['11', '1']);
    expect(subtreeExpansion(shown, 50, [])).toEqual([]);
  });
});
