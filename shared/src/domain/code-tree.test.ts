import { describe, expect, it } from 'vitest';
import type { CodeRecord } from '../contracts/schemes.js';
import { buildNestedTree, compareNotation, isSelfOrDescendant } from './code-tree.js';

const record = (value: string, label: string, parent?: string): CodeRecord => ({
  value,
  name: `name ${label}`,
  label,
  ...(parent ? { parent } : {}),
  linkCount: 0,
  version: 'v',
});

describe('compareNotation', () => {
  it('orders codes naturally', () => {
    const codes = ['2,2,10', '2,2,9', '1111', '0110', '10', '9', 'A', '01.11Z', '01.2', '01.11', '-1'];
    expect([...codes].sort(compareNotation)).toEqual(['-1', '01.2', '01.11', '01.11Z', '2,2,9', '2,2,10', '9', '10', '0110', '1111', 'A']);
  });
});

describe('buildNestedTree', () => {
  it('nests children under parents in notation order', () => {
    const lookup = Object.fromEntries(
      [record('a', '2,0'), record('b', '2,10', 'a'), record('c', '2,9', 'a'), record('d', '1,0')].map((r) => [r.value, r]),
    );
    const tree = buildNestedTree(lookup);
    expect(tree.map((node) => node.label)).toEqual(['1,0', '2,0']);
    expect(tree[1]!.children.map((node) => node.label)).toEqual(['2,9', '2,10']);
  });

  it('finds descendants and survives a cycle', () => {
    const lookup = Object.fromEntries([record('a', '1'), record('b', '11', 'a'), record('c', '111', 'b')].map((r) => [r.value, r]));
    expect(isSelfOrDescendant(lookup, 'a', 'c')).toBe(true);
    expect(isSelfOrDescendant(lookup, 'a', 'a')).toBe(true);
    expect(isSelfOrDescendant(lookup, 'c', 'a')).toBe(false);
    const cyclic = { x: record('x', '1', 'y'), y: record('y', '2', 'x') };
    expect(isSelfOrDescendant(cyclic, 'z', 'x')).toBe(false);
  });
});
