import type { CodeLink } from '@og/shared/contracts/schemes';
import { describe, expect, it } from 'vitest';
import { linkedCodesDatum, linkingLayout, type SchemeLink } from './linking-layout';
import type { DiagramDatum } from './tree-layout';

const esco = (value: string, name: string): CodeLink => ({ scheme: 'esco', value, name, label: value, relation: 'broadMatch' });
const boatman = esco('270528cf-2bf9-463d-aeaa-d169b1f767c1', 'fisheries boatman');
const deepSea = esco('24413f38-e457-4de1-bba0-5a02b7282e2c', 'deep-sea fishery worker');
const master = esco('bcead4e9-3697-4831-b62e-ddb83d7d469d', 'fisheries master');

/** The links of ISCO-08 6223 and 6222 as the API answers them, 6223's read first. */
const links: SchemeLink[] = [
  { from: '6223', to: master },
  { from: '6223', to: deepSea },
  { from: '6222', to: boatman },
  // The same occupation reached from two codes is drawn once.
  { from: '6223', to: boatman },
];

const isco: DiagramDatum = {
  id: 'isco08-622',
  code: '622',
  name: 'Fishery Workers, Hunters and Trappers',
  children: [
    { id: 'isco08-6222', code: '6222', name: 'Inland and Coastal Waters Fishery Workers', children: [] },
    { id: 'isco08-6223', code: '6223', name: 'Deep-sea Fishery Workers', children: [] },
  ],
};

describe('linkedCodesDatum', () => {
  it('puts every linked code once under the scheme, in the order of the codes they are linked from, then by name', () => {
    const datum = linkedCodesDatum({ id: 'esco', name: 'ESCO occupations' }, links, ['6222', '6223']);
    expect(datum.id).toBe('esco');
    expect(datum.code).toBe('');
    expect(datum.name).toBe('ESCO occupations');
    expect(datum.children.map((child) => child.name)).toEqual(['fisheries boatman', 'deep-sea fishery worker', 'fisheries master']);
    expect(datum.children[0]).toEqual({ id: `esco-${boatman.value}`, code: boatman.value, name: 'fisheries boatman', children: [] });
  });

  it('puts links from codes not in the order last', () => {
    const datum = linkedCodesDatum({ id: 'esco', name: 'ESCO' }, [{ from: '9999', to: deepSea }, ...links.slice(2)], ['6222', '6223']);
    expect(datum.children.map((child) => child.name)).toEqual(['fisheries boatman', 'deep-sea fishery worker']);
  });
});

describe('linkingLayout', () => {
  const escoDatum = linkedCodesDatum({ id: 'esco', name: 'ESCO occupations' }, links, ['6222', '6223']);
  const crossLinks = [
    ...links.map((link) => ({ source: `esco-${link.to.value}`, target: `isco08-${link.from}`, relation: link.to.relation })),
    { source: 'esco-not-drawn', target: 'isco08-6222', relation: 'closeMatch' },
  ];
  const layout = linkingLayout(escoDatum, isco, crossLinks, { leftColumns: [130, 200], rightColumns: [180, 200], columnGap: 44, linkGap: 170, rowGap: 14 });

  it('faces the two trees: roots outside, leaves in the middle with the links’ room between them', () => {
    const leftRoot = layout.left.cards.find((card) => card.id === 'esco')!;
    const rightRoot = layout.right.cards.find((card) => card.id === 'isco08-622')!;
    expect(leftRoot.x).toBe(0);
    expect(rightRoot.x + rightRoot.width).toBe(layout.width);
    expect(layout.width).toBe(130 + 44 + 200 + 170 + 200 + 44 + 180);
    const leftLeaves = layout.left.cards.filter((card) => card.leaf);
    const rightLeaves = layout.right.cards.filter((card) => card.leaf);
    for (const leaf of leftLeaves) expect(leaf.x + leaf.width).toBe(374);
    for (const leaf of rightLeaves) expect(leaf.x).toBe(544);
  });

  it('centres the smaller tree on the taller one', () => {
    expect(layout.height).toBe(Math.max(layout.left.height, layout.right.height));
    const middle = (cards: { y: number }[]) => (Math.min(...cards.map((card) => card.y)) + Math.max(...cards.map((card) => card.y))) / 2;
    expect(middle(layout.right.cards)).toBeCloseTo(middle(layout.left.cards), 0);
  });

  it('joins each linked pair from the left leaf’s right edge to the right leaf’s left edge, leaving out links whose ends are not drawn', () => {
    expect(layout.links).toHaveLength(4);
    const link = layout.links.find((each) => each.source.name === 'fisheries boatman' && each.target.code === '6222')!;
    expect(link.relation).toBe('broadMatch');
    expect(link.path.startsWith(`M${link.source.x + link.source.width},${link.source.y}`)).toBe(true);
    expect(link.path.endsWith(`${link.target.x},${link.target.y}`)).toBe(true);
    expect(layout.links.some((each) => each.source.id === 'esco-not-drawn')).toBe(false);
  });
});
