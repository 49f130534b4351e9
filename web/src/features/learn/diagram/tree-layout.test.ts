import type { TreeNode } from '@og/shared/contracts/schemes';
import { describe, expect, it } from 'vitest';
import { diagramDatum, layoutTree, type PlacedCard } from './tree-layout';

const code = (value: string, name: string, children: TreeNode[] = []): TreeNode => ({ value, name, label: value, linkCount: 0, children });

/** HISCO's minor group 64 under its major group, as codeBranch gives it (names from the scheme's data). */
const fishermen = code('6', 'Agricultural, animal husbandry and forestry workers, fishermen and hunters', [
  code('64', 'Fishermen, Hunters and Related Workers', [
    code('641', 'Fishermen', [
      code('64100', 'Fisherman, DeepSea or Inland and Coastal Water'),
      code('64120', 'DeepSea Fisherman'),
      code('64130', 'Inland and Coastal Water Fisherman'),
    ]),
    code('649', 'Fishermen, Hunters and Related Workers Not Elsewhere Classified', [code('64920', 'Fish Farm Worker'), code('64930', 'Oyster Farm Worker')]),
    code('64000', 'Fishermen, Hunters and Related Workers'),
  ]),
]);

const columns = [170, 180, 200, 270];
const options = { columns, columnGap: 44, rowGap: 10 };
const byId = (cards: PlacedCard[]) => new Map(cards.map((card) => [card.id, card]));
const overlap = (a: PlacedCard, b: PlacedCard) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y - a.height / 2 < b.y + b.height / 2 && b.y - b.height / 2 < a.y + a.height / 2;

describe('diagramDatum', () => {
  it('names each code by scheme and value, shows its code string and keeps the order of its children', () => {
    const datum = diagramDatum({ ...code('64', 'Fishermen'), label: '6-4', children: [code('641', 'Fishermen'), code('649', 'Others')] }, 'hisco');
    expect(datum).toEqual({
      id: 'hisco-64',
      code: '6-4',
      name: 'Fishermen',
      children: [
        { id: 'hisco-641', code: '641', name: 'Fishermen', children: [] },
        { id: 'hisco-649', code: '649', name: 'Others', children: [] },
      ],
    });
  });
});

describe('layoutTree', () => {
  const layout = layoutTree(diagramDatum(fishermen, 'hisco'), options);
  const cards = byId(layout.cards);

  it('places every code in its level’s column and every occupation in the last one', () => {
    expect(layout.cards).toHaveLength(10);
    expect(cards.get('hisco-6')!.column).toBe(0);
    expect(cards.get('hisco-64')!.column).toBe(1);
    expect(cards.get('hisco-649')!.column).toBe(2);
    // 64000 is an occupation right under the minor group: drawn with the occupations.
    for (const id of ['hisco-64100', 'hisco-64920', 'hisco-64000']) expect(cards.get(id)!.column).toBe(3);
    expect(layout.columnX).toEqual([0, 214, 438, 682]);
    expect(layout.width).toBe(952);
    for (const card of layout.cards) {
      expect(card.x).toBe(layout.columnX[card.column]);
      expect(card.width).toBe(columns[card.column]);
    }
  });

  it('centres a parent on its children, keeps the children in order and no two cards overlap', () => {
    const unit = cards.get('hisco-641')!;
    const leaves = ['hisco-64100', 'hisco-64120', 'hisco-64130'].map((id) => cards.get(id)!);
    expect(unit.y).toBeCloseTo((leaves[0]!.y + leaves[2]!.y) / 2);
    expect(leaves[0]!.y).toBeLessThan(leaves[1]!.y);
    expect(leaves[1]!.y).toBeLessThan(leaves[2]!.y);
    for (const a of layout.cards) for (const b of layout.cards) if (a !== b) expect(overlap(a, b), `${a.id} and ${b.id}`).toBe(false);
  });

  it('fits the whole tree in its height, starting at 0', () => {
    const tops = layout.cards.map((card) => card.y - card.height / 2);
    const bottoms = layout.cards.map((card) => card.y + card.height / 2);
    expect(Math.min(...tops)).toBeCloseTo(0);
    expect(Math.max(...bottoms)).toBeCloseTo(layout.height);
  });

  it('joins each parent to each child, from the parent’s right edge to the child’s left edge, and grows each card from its parent', () => {
    expect(layout.links.map((link) => link.target.id)).toHaveLength(9);
    const link = layout.links.find((each) => each.target.id === 'hisco-64100')!;
    expect(link.source.id).toBe('hisco-641');
    expect(link.path.startsWith(`M${link.source.x + link.source.width},${link.source.y}`)).toBe(true);
    expect(link.path.endsWith(`${link.target.x},${link.target.y}`)).toBe(true);
    const card = cards.get('hisco-64100')!;
    expect(card.parentId).toBe('hisco-641');
    expect(card.from.y).toBe(cards.get('hisco-641')!.y);
    expect(cards.get('hisco-6')!.from).toEqual({ x: 0, y: cards.get('hisco-6')!.y });
  });

  it('runs the curve to an occupation right under a minor group straight through the unit groups’ column', () => {
    const link = layout.links.find((each) => each.target.id === 'hisco-64000')!;
    expect(link.source.id).toBe('hisco-64');
    expect(link.path).toContain(`${layout.columnX[2]},${link.target.y}L${link.target.x},${link.target.y}`);
    // Below the unit groups' cards, so it is not taken for a branch of 649.
    const unitGroups = layout.cards.filter((card) => card.column === 2);
    for (const card of unitGroups) expect(link.target.y).toBeGreaterThan(card.y + card.height / 2);
  });

  it('has as many columns as the tree has levels', () => {
    const small = layoutTree(diagramDatum(code('641', 'Fishermen', [code('64100', 'Fisherman')]), 'hisco'), options);
    expect(small.columnX).toEqual([0, 214]);
    expect(small.cards.map((card) => card.width)).toEqual([170, 270]);
    const deep = layoutTree(diagramDatum(code('a', 'A', [code('b', 'B', [code('c', 'C', [code('d', 'D', [code('e', 'E')])])])]), 'x'), options);
    expect(deep.cards.map((card) => card.column)).toEqual([0, 1, 2, 3, 4]);
    expect(deep.cards.map((card) => card.width)).toEqual([170, 180, 200, 200, 270]);
  });

  it('mirrors the tree when it grows to the left, and moves it by the offset', () => {
    const mirrored = layoutTree(diagramDatum(fishermen, 'hisco'), { ...options, direction: 'left', offset: { x: 100, y: 20 } });
    const mirroredCards = byId(mirrored.cards);
    expect(mirrored.columnX).toEqual([100 + 952 - 170, 100 + 952 - 214 - 180, 100 + 952 - 438 - 200, 100]);
    expect(mirroredCards.get('hisco-6')!.y).toBeCloseTo(cards.get('hisco-6')!.y + 20);
    const link = mirrored.links.find((each) => each.target.id === 'hisco-64100')!;
    expect(link.path.startsWith(`M${link.source.x},${link.source.y}`)).toBe(true);
    expect(link.path.endsWith(`${link.target.x + link.target.width},${link.target.y}`)).toBe(true);
  });
});
