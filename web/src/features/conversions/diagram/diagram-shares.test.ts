import { describe, expect, it } from 'vitest';
import { buildConversionTree } from './conversion-tree';
import { diagramShareText, sharesByLabel } from './diagram-shares';

const target = (code: string, share: number) => ({ code, name: `Code ${code}`, share, path: 'direct' as const, relation: 'closeMatch' as const });

describe('diagram shares', () => {
  it('keys a split code’s shares by the targets’ labels, and shows none for a single target', () => {
    expect(sharesByLabel([target('5223', 0.52), target('5221', 0.48)])).toEqual(
      new Map([
        ['5223', 0.52],
        ['5221', 0.48],
      ]),
    );
    expect(sharesByLabel([target('5223', 1)]).size).toBe(0);
  });

  it('writes whole percents, and a sliver as <1%', () => {
    expect(diagramShareText(0.5196)).toBe('52%');
    expect(diagramShareText(1 / 3)).toBe('33%');
    expect(diagramShareText(0.004)).toBe('<1%');
    expect(diagramShareText(1)).toBe('100%');
  });

  it('puts each share on its node of the tree', () => {
    const record = (value: string, parent: string | null, isLink: boolean) => ({
      value,
      name: `Code ${value}`,
      description: '',
      label: value,
      parent,
      isLink,
      start: isLink ? ['soc2020:7111'] : [],
      path: isLink ? ('direct' as const) : null,
      relation: isLink ? ('closeMatch' as const) : null,
      isSpecialParent: false,
    });
    const tree = buildConversionTree({
      records: [record('5', null, false), record('52', '5', false), record('522', '52', false), record('5223', '522', true), record('5221', '522', true)],
      origin: { name: 'Sales and retail assistants', description: '', titles: [], start: ['soc2020:7111'] },
      targetScheme: 'isco08',
      targetDepth: null,
      shares: sharesByLabel([target('5223', 0.7), target('5221', 0.3)]),
    });
    const leaves = tree.children[0]!.children[0]!.children[0]!.children;
    expect(leaves.map((node) => [node.value, node.share])).toEqual([
      ['5221', 0.3],
      ['5223', 0.7],
    ]);
    expect(tree.children[0]!.share).toBeUndefined();
  });
});
