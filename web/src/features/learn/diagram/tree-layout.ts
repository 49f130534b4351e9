import type { TreeNode } from '@og/shared/contracts/schemes';
import { cluster, hierarchy, type HierarchyNode } from 'd3-hierarchy';
import { linkHorizontal } from 'd3-shape';
import { cardHeight, cardLines } from './card-text';

/** What a diagram draws for one code: the layout's input. */
export interface DiagramDatum {
  /** Unique in the drawing: the scheme and the code's value (`hisco-64100`). */
  id: string;
  /** The code as people write it; empty for a scheme's own root. */
  code: string;
  name: string;
  children: DiagramDatum[];
}

/** A branch of a scheme's tree as a diagram's input. */
export function diagramDatum(node: TreeNode, scheme: string): DiagramDatum {
  return { id: `${scheme}-${node.value}`, code: node.label || node.value, name: node.name, children: node.children.map((child) => diagramDatum(child, scheme)) };
}

export interface PlacedCard {
  id: string;
  code: string;
  name: string;
  /** The name's lines, the first one after the code. */
  lines: string[];
  depth: number;
  column: number;
  leaf: boolean;
  /** Left edge and vertical centre. */
  x: number;
  y: number;
  width: number;
  height: number;
  parentId: string | null;
  /** Where the card starts from when it grows in: its parent's place (the root's own). */
  from: { x: number; y: number };
}

export interface PlacedLink {
  id: string;
  source: PlacedCard;
  target: PlacedCard;
  /** SVG path from the parent's card to the child's. */
  path: string;
}

export interface TreeLayout {
  cards: PlacedCard[];
  links: PlacedLink[];
  /** Left edge of each column. */
  columnX: number[];
  width: number;
  height: number;
}

export interface TreeLayoutOptions {
  /**
   * Card width of each level's column, the root's first; leaves are drawn in the last column,
   * one column after the deepest group (the widths are stretched or cut to that many columns).
   */
  columns: readonly number[];
  columnGap: number;
  /** Space between two leaves' cards (more between leaves of different parents). */
  rowGap: number;
  /** 'right': the root on the left and the tree growing right; 'left': mirrored. */
  direction?: 'right' | 'left';
  /** Where the layout's top left corner is drawn. */
  offset?: { x: number; y: number };
}

/**
 * The card width of a column: the last width for the leaves' column, the one before it for inner
 * levels past the widths given.
 */
function columnWidth(widths: readonly number[], column: number, lastColumn: number): number {
  if (column === lastColumn) return widths[widths.length - 1]!;
  return widths[Math.min(column, Math.max(0, widths.length - 2))]!;
}

const horizontalLink = linkHorizontal<{ source: [number, number]; target: [number, number] }, [number, number]>();

/** The point of a card where links meet it, on the side facing `towards`. */
export function cardEdge(card: PlacedCard, side: 'left' | 'right'): [number, number] {
  return [side === 'left' ? card.x : card.x + card.width, card.y];
}

/** A link curve between two points (d3-shape's horizontal link). */
export function curveBetween(source: [number, number], target: [number, number]): string {
  return horizontalLink({ source, target }) ?? '';
}

/**
 * A tree laid out as cards in columns (d3-hierarchy's cluster layout: every leaf in the last
 * column, each parent centred on its children), with a curve from each parent to each child.
 */
export function layoutTree(datum: DiagramDatum, options: TreeLayoutOptions): TreeLayout {
  const { columnGap, rowGap, direction = 'right', offset = { x: 0, y: 0 } } = options;
  const root = hierarchy(datum);
  const lastColumn = root.height;
  const columns = Array.from({ length: lastColumn + 1 }, (_, column) => columnWidth(options.columns, column, lastColumn));
  const columnOf = (node: HierarchyNode<DiagramDatum>) => (node.children ? node.depth : lastColumn);

  const measured = new Map<HierarchyNode<DiagramDatum>, { lines: string[]; height: number }>();
  for (const node of root.descendants()) {
    const lines = cardLines(node.data.code, node.data.name, columns[columnOf(node)]!);
    measured.set(node, { lines, height: cardHeight(lines.length) });
  }
  const rowHeight = Math.max(...root.leaves().map((leaf) => measured.get(leaf)!.height)) + rowGap;
  cluster<DiagramDatum>()
    .nodeSize([rowHeight, 1])
    .separation((a, b) => (a.parent === b.parent ? 1 : 1.25))(root);

  const nodes = root.descendants();
  const top = Math.min(...nodes.map((node) => node.x! - measured.get(node)!.height / 2));
  const bottom = Math.max(...nodes.map((node) => node.x! + measured.get(node)!.height / 2));
  const width = columns.reduce((sum, column) => sum + column, 0) + lastColumn * columnGap;
  const columnX = columns.map((_, index) => {
    const fromStart = columns.slice(0, index).reduce((sum, column) => sum + column + columnGap, 0);
    return offset.x + (direction === 'right' ? fromStart : width - fromStart - columns[index]!);
  });

  const cards = new Map<HierarchyNode<DiagramDatum>, PlacedCard>();
  for (const node of nodes) {
    const column = columnOf(node);
    const { lines, height } = measured.get(node)!;
    const card: PlacedCard = {
      id: node.data.id,
      code: node.data.code,
      name: node.data.name,
      lines,
      depth: node.depth,
      column,
      leaf: !node.children,
      x: columnX[column]!,
      y: offset.y + node.x! - top,
      width: columns[column]!,
      height,
      parentId: node.parent?.data.id ?? null,
      from: { x: 0, y: 0 },
    };
    const parent = node.parent ? cards.get(node.parent)! : card;
    card.from = { x: parent.x + (parent.width - card.width) / 2, y: parent.y };
    cards.set(node, card);
  }

  const [outward, inward] = direction === 'right' ? (['right', 'left'] as const) : (['left', 'right'] as const);
  const links = nodes
    .filter((node) => node.parent)
    .map((node) => {
      const source = cards.get(node.parent!)!;
      const target = cards.get(node)!;
      const end = cardEdge(target, inward);
      if (target.column === source.column + 1) return { id: `${source.id}>${target.id}`, source, target, path: curveBetween(cardEdge(source, outward), end) };
      // A leaf right under a group of a higher level (HISCO's 64000 under minor group 64): the
      // curve turns into the next column and runs straight on to the leaf's column.
      const nextColumn = source.column + 1;
      const turn: [number, number] = [columnX[nextColumn]! + (direction === 'right' ? 0 : columns[nextColumn]!), end[1]];
      return { id: `${source.id}>${target.id}`, source, target, path: `${curveBetween(cardEdge(source, outward), turn)}L${end[0]},${end[1]}` };
    });
  return { cards: [...cards.values()], links, columnX, width, height: bottom - top };
}
