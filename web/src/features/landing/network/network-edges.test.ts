import type { SchemeId } from '@og/shared/domain/schemes';
import { describe, expect, it } from 'vitest';
import { edgeMidpoint, edgePath, edgeWidth, networkEdges, tooltipSide } from './network-edges';
import { networkNodes } from './network-nodes';

const allWithCodes = new Set<SchemeId>(networkNodes.map((node) => node.scheme));

describe('networkEdges', () => {
  it('makes one edge per linked pair, named by its schemes in name order, widest first', () => {
    const edges = networkEdges(
      [
        { schemes: ['isco08', 'esco'], count: 3_000 },
        { schemes: ['hisco', 'occ1950'], count: 12 },
        { schemes: ['soc2020', 'isco08'], count: 400 },
      ],
      networkNodes,
      allWithCodes,
    );
    expect(edges.map((edge) => [edge.id, edge.count])).toEqual([
      ['esco-isco08', 3_000],
      ['isco08-soc2020', 400],
      ['hisco-occ1950', 12],
    ]);
    expect(edges[0]!.source.scheme).toBe('isco08');
    expect(edges[0]!.target.scheme).toBe('esco');
  });

  it('joins the same pair named both ways round into one edge', () => {
    const edges = networkEdges(
      [
        { schemes: ['esco', 'isco08'], count: 10 },
        { schemes: ['isco08', 'esco'], count: 5 },
      ],
      networkNodes,
      allWithCodes,
    );
    expect(edges).toHaveLength(1);
    expect(edges[0]!.count).toBe(15);
  });

  it('ignores pairs with a scheme off the diagram, and never connects a scheme without codes', () => {
    const withCodes = new Set<SchemeId>(['esco', 'isco08', 'nace2.1', 'naf2']);
    const edges = networkEdges(
      [
        { schemes: ['nace2.1', 'naf2'], count: 700 },
        { schemes: ['esco', 'pst'], count: 9 },
        { schemes: ['esco', 'isco08'], count: 3 },
      ],
      networkNodes,
      withCodes,
    );
    expect(edges.map((edge) => edge.id)).toEqual(['esco-isco08']);
  });

  it('draws nothing when nothing is linked', () => {
    expect(networkEdges([], networkNodes, allWithCodes)).toEqual([]);
  });
});

describe('edgeWidth', () => {
  it('grows with the log of the count, from 1.5 for one link, clamped at 8', () => {
    expect(edgeWidth(1)).toBe(1.5);
    expect(edgeWidth(10)).toBeCloseTo(3);
    expect(edgeWidth(1_000)).toBeCloseTo(6);
    expect(edgeWidth(10_000_000)).toBe(8);
    expect(edgeWidth(100)).toBeGreaterThan(edgeWidth(99));
  });

  it('never draws a line thinner than 1.5', () => {
    expect(edgeWidth(0)).toBe(1.5);
    expect(edgeWidth(Number.NaN)).toBe(1.5);
  });
});

describe('edgePath', () => {
  it('curves from one scheme to the other, bent towards the middle of the ring', () => {
    const [edge] = networkEdges([{ schemes: ['esco', 'isco08'], count: 1 }], networkNodes, allWithCodes);
    expect(edgePath(edge!)).toMatch(/^M300,40 Q[\d.]+,[\d.]+ 418,59$/);
    const mid = edgeMidpoint(edge!);
    // The straight line's middle is at y 49.5; the curve's lies below it, towards the centre.
    expect(mid.y).toBeGreaterThan(49.5);
    expect(mid.x).toBeGreaterThan(300);
    expect(mid.x).toBeLessThan(418);
  });
});

describe('tooltipSide', () => {
  const edgeOf = (a: SchemeId, b: SchemeId) => networkEdges([{ schemes: [a, b], count: 1 }], networkNodes, allWithCodes)[0]!;

  it('shows the count on the side of the line that faces the middle of the ring', () => {
    expect(tooltipSide(edgeOf('esco', 'isco08'))).toBe('below');
    expect(tooltipSide(edgeOf('onet', 'occ1950'))).toBe('above');
    expect(tooltipSide(edgeOf('pcs2020', 'naf2'))).toBe('left');
    expect(tooltipSide(edgeOf('pst', 'pst2'))).toBe('right');
  });
});
