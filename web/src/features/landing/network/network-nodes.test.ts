import { describe, expect, it } from 'vitest';
import { isSchemeId } from '@og/shared/domain/schemes';
import { labelAnchor, networkHeight, networkNodes, networkWidth } from './network-nodes';

describe('networkNodes', () => {
  it('draws the eleven schemes of SPEC §1 and NACE Rev. 2, each once, under its SPEC name', () => {
    expect(networkNodes.map((node) => node.name)).toEqual(
      expect.arrayContaining(['HISCO', 'PST', 'PST2', 'PSTI', 'SOC2020', 'ISCO08', 'O*NET', 'ESCO', 'OCC1950', 'PCS2020', 'NAF2', 'NACE2']),
    );
    expect(networkNodes).toHaveLength(12);
    expect(new Set(networkNodes.map((node) => node.scheme)).size).toBe(12);
    expect(networkNodes.map((node) => node.scheme).sort()).toEqual(
      ['esco', 'hisco', 'isco08', 'nace2', 'naf2', 'occ1950', 'onet', 'pcs2020', 'pst', 'pst2', 'psti', 'soc2020'],
    );
    for (const node of networkNodes) expect(isSchemeId(node.scheme)).toBe(true);
  });

  it('keeps every node and its label inside the 600×330 drawing', () => {
    expect([networkWidth, networkHeight]).toEqual([600, 330]);
    for (const node of networkNodes) {
      for (const [x, y] of [
        [node.x, node.y],
        [node.x + node.dx, node.y + node.dy],
      ] as const) {
        expect(x, node.name).toBeGreaterThanOrEqual(10);
        expect(x, node.name).toBeLessThanOrEqual(networkWidth - 10);
        expect(y, node.name).toBeGreaterThanOrEqual(10);
        expect(y, node.name).toBeLessThanOrEqual(networkHeight - 10);
      }
    }
  });

  it('keeps nodes apart, so no two overlap', () => {
    for (const [i, a] of networkNodes.entries()) {
      for (const b of networkNodes.slice(i + 1)) expect(Math.hypot(a.x - b.x, a.y - b.y), `${a.name}–${b.name}`).toBeGreaterThan(40);
    }
  });

  it('anchors a label by the side it sits on', () => {
    expect(labelAnchor({ dx: 14 })).toBe('start');
    expect(labelAnchor({ dx: -14 })).toBe('end');
    expect(labelAnchor({ dx: 0 })).toBe('middle');
  });
});
