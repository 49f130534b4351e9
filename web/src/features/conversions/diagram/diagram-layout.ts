import type { ConversionDiagramNode } from '@og/shared/contracts/conversions';
import { hierarchy, linkHorizontal, tree } from 'd3';
import { wrapLabel } from './wrap-label';

/** SPEC §9: the conversion diagram's canvas, margins, node box and label type. */
export const diagramCanvas = { width: 1100, height: 600 } as const;
export const diagramMargin = { top: 30, right: 30, bottom: 70, left: 30 } as const;
export const nodeBox = { width: 90, height: 50 } as const;
export const labelFont = { size: 12, lineHeight: 1.2 } as const;

/** Room above a box for its code. */
export const captionHeight = 16;
/** A node's slot in its column: code, box and a gap to the next. */
const rowPitch = captionHeight + nodeBox.height + 10;
/** Nodes of different parents stand a little further apart, so families read as groups. */
const cousinSeparation = 1.2;
/** The widest column step keeps a shallow tree compact; the narrowest makes a deep tree widen the canvas instead of crowding it. */
const maxColumnStep = 240;
const minColumnStep = nodeBox.width + 40;
/** A code longer than this is cut in the caption (its full text is in the node's accessible name). */
const captionChars = 18;

export interface PlacedNode {
  node: ConversionDiagramNode;
  /** The centre of its box. */
  x: number;
  y: number;
  caption: string;
  lines: string[];
  /** The name did not fit the box in full. */
  truncated: boolean;
}

export interface DiagramEdge {
  from: PlacedNode;
  to: PlacedNode;
  /** 'tree': parent to child; 'link': the origin to a node it is linked to. */
  kind: 'tree' | 'link';
  path: string;
}

export interface DiagramLayout {
  width: number;
  height: number;
  nodes: PlacedNode[];
  edges: DiagramEdge[];
  /** Where the legend goes, in the bottom margin. */
  legendTop: number;
}

const horizontalLink = linkHorizontal();

/**
 * Places the tree left to right: depth along x (the origin in the first column), the nodes of a
 * depth stacked down its column, so a code with a hundred targets grows the canvas downwards, a
 * column at a time, instead of squeezing boxes into one another. A tree smaller than the canvas is
 * centred in it; a larger one makes the canvas taller (or wider), never the boxes smaller.
 */
export function layoutConversionDiagram(root: ConversionDiagramNode, canvas: { width: number; height: number } = diagramCanvas): DiagramLayout {
  const laidOut = tree<ConversionDiagramNode>()
    .nodeSize([rowPitch, 1])
    .separation((a, b) => (a.parent === b.parent ? 1 : cousinSeparation))(hierarchy(root, (node) => node.children));
  const all = laidOut.descendants();

  const deepest = laidOut.height;
  const innerWidth = canvas.width - diagramMargin.left - diagramMargin.right;
  const step = deepest === 0 ? 0 : Math.min(maxColumnStep, Math.max(minColumnStep, (innerWidth - nodeBox.width) / deepest));
  const treeWidth = nodeBox.width + deepest * step;
  const width = Math.max(canvas.width, diagramMargin.left + treeWidth + diagramMargin.right);
  const left = diagramMargin.left + (width - diagramMargin.left - diagramMargin.right - treeWidth) / 2 + nodeBox.width / 2;

  const breadths = all.map((node) => node.x ?? 0);
  const first = Math.min(...breadths);
  const treeHeight = Math.max(...breadths) - first + captionHeight + nodeBox.height;
  const height = Math.max(canvas.height, diagramMargin.top + treeHeight + diagramMargin.bottom);
  const top = diagramMargin.top + (height - diagramMargin.top - diagramMargin.bottom - treeHeight) / 2 + captionHeight + nodeBox.height / 2 - first;

  const placed = new Map<ConversionDiagramNode, PlacedNode>();
  for (const node of all) {
    const lines = wrapLabel(node.data.name);
    placed.set(node.data, {
      node: node.data,
      x: left + node.depth * step,
      y: top + (node.x ?? 0),
      caption: wrapLabel(node.data.label, captionChars, 1)[0] ?? '',
      lines,
      truncated: squeeze(lines.join('')) !== squeeze(node.data.name),
    });
  }

  const origin = placed.get(root)!;
  const edges: DiagramEdge[] = [];
  for (const node of all) {
    const to = placed.get(node.data)!;
    if (node.parent) {
      const from = placed.get(node.parent.data)!;
      // A linked root category's edge from the origin is its link.
      edges.push({ from, to, kind: from === origin && to.node.isLink ? 'link' : 'tree', path: edgePath(from, to) });
    }
    if (to.node.isLink && node.depth > 1) edges.push({ from: origin, to, kind: 'link', path: edgePath(origin, to) });
  }

  return { width, height, nodes: [...placed.values()], edges, legendTop: height - diagramMargin.bottom + 20 };
}

/** From the right side of one box to the left side of another. */
function edgePath(from: PlacedNode, to: PlacedNode): string {
  return horizontalLink({ source: [from.x + nodeBox.width / 2, from.y], target: [to.x - nodeBox.width / 2, to.y] }) ?? '';
}

function squeeze(text: string): string {
  return text.replace(/\s+/g, '');
}
