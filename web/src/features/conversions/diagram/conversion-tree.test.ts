import { describe, expect, it } from 'vitest';
import { buildConversionTree, diagramNodes } from './conversion-tree';
import { origin, record } from './diagram-fixtures';

/** HISCO-like: major group 6, minor 62, unit 621, occupations 62105 and 62120; and 9 → 99 → 999. */
const records = [
  record('62120', '621', { isLink: true, start: ['pst2:1,2,1,0'], path: 'two-hop', relation: 'broadMatch', isSpecialParent: true }),
  record('6', null),
  record('621', '62'),
  record('62', '6'),
  record('62105', '621', { isLink: true, start: ['pst2:1,2,1,0'], path: 'direct', relation: 'exactMatch' }),
  record('9', null),
  record('99', '9'),
  record('10', null),
];

describe('buildConversionTree (SPEC §5 "Conversion tree build")', () => {
  it('hangs the target scheme under the origin X, roots at depth 1, in notation order', () => {
    const tree = buildConversionTree({ records, origin, targetScheme: 'hisco' });
    expect(tree).toMatchObject({ value: 'X', label: 'X', type: 'origin', depth: 0, parent: null, name: origin.name, description: origin.description, titles: origin.titles, start: origin.start, isLink: false });
    expect(tree.children.map((node) => node.value)).toEqual(['6', '9', '10']);
    const depths = Object.fromEntries(diagramNodes(tree).map((node) => [node.value, node.depth]));
    expect(depths).toEqual({ X: 0, '6': 1, '9': 1, '10': 1, '62': 2, '99': 2, '621': 3, '62105': 4, '62120': 4 });
    const unit = tree.children[0]!.children[0]!.children[0]!;
    expect(unit.children.map((node) => node.value)).toEqual(['62105', '62120']);
  });

  it('keeps each record’s own fields, its path and relation, and leaves sample titles to the origin', () => {
    const tree = buildConversionTree({ records, origin, targetScheme: 'hisco' });
    const byValue = new Map(diagramNodes(tree).map((node) => [node.value, node]));
    expect(byValue.get('62120')).toMatchObject({ isLink: true, isSpecialParent: true, path: 'two-hop', relation: 'broadMatch', parent: '621', titles: [], start: ['pst2:1,2,1,0'] });
    expect(byValue.get('6')).toMatchObject({ parent: null, isLink: false, titles: [] });
    expect(byValue.get('6')).not.toHaveProperty('path');
  });

  it('draws a node given twice once', () => {
    const tree = buildConversionTree({ records: [record('6', null), record('6', null)], origin, targetScheme: 'hisco' });
    expect(tree.children).toHaveLength(1);
  });

  it('builds the origin alone from no records', () => {
    expect(buildConversionTree({ records: [], origin, targetScheme: 'hisco' }).children).toEqual([]);
  });

  it('refuses a record whose parent is not among the records', () => {
    expect(() => buildConversionTree({ records: [record('6', null), record('621', '62')], origin, targetScheme: 'hisco' })).toThrow(
      new Error('Parent node 62 not found for 621'),
    );
  });

  it('refuses a cycle of parents', () => {
    const loop = [record('6', null), record('61', '62'), record('62', '61')];
    expect(() => buildConversionTree({ records: loop, origin, targetScheme: 'hisco' })).toThrow(new Error('Cyclic or missing parent relationship detected'));
    expect(() => buildConversionTree({ records: [record('7', '7')], origin, targetScheme: 'hisco' })).toThrow(new Error('Cyclic or missing parent relationship detected'));
  });

  it('refuses an unknown target scheme', () => {
    expect(() => buildConversionTree({ records, origin, targetScheme: 'hisco2' })).toThrow(new Error('Scheme hisco2 not found'));
  });

  it('flags problem nodes at the target depth it is given, SPEC’s depth 3 when not', () => {
    const flagged = (targetDepth?: number | null) =>
      diagramNodes(buildConversionTree({ records, origin, targetScheme: 'hisco', ...(targetDepth !== undefined ? { targetDepth } : {}) }))
        .filter((node) => node.problem)
        .map((node) => node.value);
    // Both links sit under unit group 621: one target at depth 3, two at the leaves.
    expect(flagged()).toEqual([]);
    expect(flagged(3)).toEqual([]);
    expect(flagged(null)).toEqual(['62105', '62120']);
  });
});
