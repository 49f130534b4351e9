import type { LinkPairs } from '@og/shared/contracts/links';
import type { SchemeId } from '@og/shared/domain/schemes';
import { networkCentre, type NetworkNode, ringRadii } from './network-nodes';

/** A line between two schemes of the diagram that have links, and how many. */
export interface NetworkEdge {
  /** `{a}-{b}`, the two scheme ids in name order (`esco-isco08`): stable keys and test ids. */
  id: string;
  source: NetworkNode;
  target: NetworkNode;
  count: number;
}

/**
 * The diagram's edges: one per pair of schemes with links, both on the diagram and both with
 * codes (a scheme without data is never drawn as connected). The widest first, so the lines
 * drawn one after another start with the main crosswalks.
 */
export function networkEdges(pairs: LinkPairs['pairs'], nodes: readonly NetworkNode[], schemesWithCodes: ReadonlySet<SchemeId>): NetworkEdge[] {
  const order = new Map(nodes.map((node, index) => [node.scheme, index]));
  const byId = new Map<string, NetworkEdge>();
  for (const { schemes, count } of pairs) {
    const [a, b] = schemes;
    const ia = order.get(a);
    const ib = order.get(b);
    if (ia === undefined || ib === undefined || ia === ib || !schemesWithCodes.has(a) || !schemesWithCodes.has(b)) continue;
    const [source, target] = ia < ib ? [nodes[ia]!, nodes[ib]!] : [nodes[ib]!, nodes[ia]!];
    const id = [a, b].sort().join('-');
    const known = byId.get(id);
    // The same pair named both ways round is one edge.
    byId.set(id, { id, source, target, count: (known?.count ?? 0) + count });
  }
  return [...byId.values()].sort((x, y) => y.count - x.count || x.id.localeCompare(y.id));
}

const minEdgeWidth = 1.5;
const maxEdgeWidth = 8;
const widthPerDecade = 1.5;

/**
 * An edge's stroke width from its number of links, on a log scale that does not depend on the
 * other edges (a crosswalk looks as wide as it is, whatever else is linked): one link 1.5,
 * ten 3, a thousand 6, clamped at 8.
 */
export function edgeWidth(count: number): number {
  if (!(count > 1)) return minEdgeWidth;
  return Math.min(maxEdgeWidth, minEdgeWidth + widthPerDecade * Math.log10(count));
}

/** The control point that bends an edge a little towards the middle of the ring. */
function controlPoint(edge: NetworkEdge): { x: number; y: number } {
  const mid = { x: (edge.source.x + edge.target.x) / 2, y: (edge.source.y + edge.target.y) / 2 };
  return { x: mid.x + (networkCentre.x - mid.x) * 0.35, y: mid.y + (networkCentre.y - mid.y) * 0.35 };
}

/** The edge as an SVG path: a quadratic curve from one scheme to the other. */
export function edgePath(edge: NetworkEdge): string {
  const c = controlPoint(edge);
  return `M${edge.source.x},${edge.source.y} Q${round(c.x)},${round(c.y)} ${edge.target.x},${edge.target.y}`;
}

/** The curve's middle point, where its count is shown. */
export function edgeMidpoint(edge: NetworkEdge): { x: number; y: number } {
  const c = controlPoint(edge);
  return {
    x: round(0.25 * edge.source.x + 0.5 * c.x + 0.25 * edge.target.x),
    y: round(0.25 * edge.source.y + 0.5 * c.y + 0.25 * edge.target.y),
  };
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

/** Where an edge's count is shown, beside the middle of its line. */
export type TooltipSide = 'above' | 'below' | 'left' | 'right';

/**
 * The side of an edge's middle that faces the centre of the ring: the curve bends towards the
 * centre, so its middle is its innermost point and a label there covers none of the line.
 */
export function tooltipSide(edge: NetworkEdge): TooltipSide {
  const mid = edgeMidpoint(edge);
  // Measured against the ring's radii, so that 'mostly sideways' means the same on its flat oval.
  const dx = (networkCentre.x - mid.x) / ringRadii.x;
  const dy = (networkCentre.y - mid.y) / ringRadii.y;
  if (Math.abs(dy) >= Math.abs(dx)) return dy > 0 ? 'below' : 'above';
  return dx > 0 ? 'right' : 'left';
}
