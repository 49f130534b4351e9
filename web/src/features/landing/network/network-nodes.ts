import type { SchemeId } from '@og/shared/domain/schemes';

/** The landing diagram's drawing area (SPEC §9); the SVG scales down to its container. */
export const networkWidth = 600;
export const networkHeight = 330;
export const networkCentre = { x: 300, y: 162 } as const;
/** The oval the schemes sit on, around the centre. */
export const ringRadii = { x: 218, y: 122 } as const;

/** A Mantine palette colour: the diagram follows the app's light or dark scheme through its CSS variables. */
export type NetworkColor = 'teal' | 'grape' | 'indigo' | 'blue' | 'cyan' | 'pink' | 'orange';

/**
 * A scheme on the landing diagram (SPEC §3 "Landing diagram node": name, x, y, dx, dy, color):
 * its centre, its label's offset from the centre, and its colour.
 */
export interface NetworkNode {
  scheme: SchemeId;
  name: string;
  x: number;
  y: number;
  dx: number;
  dy: number;
  color: NetworkColor;
}

/**
 * The eleven schemes of SPEC §1 and NACE Rev. 2 (the other side of the seeded NAF crosswalk, so
 * that every seeded crosswalk is an edge), on a ring so that no line between two of them crosses a
 * third, neighbours by family: today's international schemes at the top, the French and European
 * ones to the right, British and American ones below, the historical ones to the left. Labels sit
 * outside the ring.
 */
export const networkNodes: readonly NetworkNode[] = [
  { scheme: 'isco08', name: 'ISCO08', x: 300, y: 40, dx: 0, dy: -14, color: 'teal' },
  { scheme: 'esco', name: 'ESCO', x: 418, y: 59, dx: 8, dy: -14, color: 'teal' },
  { scheme: 'pcs2020', name: 'PCS2020', x: 498, y: 111, dx: 14, dy: -6, color: 'grape' },
  { scheme: 'naf2', name: 'NAF2', x: 516, y: 170, dx: 14, dy: 5, color: 'grape' },
  { scheme: 'nace2', name: 'NACE2', x: 498, y: 213, dx: 14, dy: 8, color: 'grape' },
  { scheme: 'soc2020', name: 'SOC2020', x: 465, y: 242, dx: 13, dy: 16, color: 'indigo' },
  { scheme: 'onet', name: 'O*NET', x: 361, y: 279, dx: 0, dy: 26, color: 'blue' },
  { scheme: 'occ1950', name: 'OCC1950', x: 239, y: 279, dx: 0, dy: 26, color: 'cyan' },
  { scheme: 'psti', name: 'PSTI', x: 135, y: 242, dx: -13, dy: 16, color: 'pink' },
  { scheme: 'pst2', name: 'PST2', x: 84, y: 179, dx: -14, dy: 5, color: 'pink' },
  { scheme: 'pst', name: 'PST', x: 102, y: 111, dx: -14, dy: -6, color: 'pink' },
  { scheme: 'hisco', name: 'HISCO', x: 182, y: 59, dx: -8, dy: -14, color: 'orange' },
];

/** Where a label starts, seen from its offset: to the left of a node it ends there. */
export function labelAnchor(node: Pick<NetworkNode, 'dx'>): 'start' | 'middle' | 'end' {
  if (node.dx > 0) return 'start';
  if (node.dx < 0) return 'end';
  return 'middle';
}
