import type { CodeLink } from '@og/shared/contracts/schemes';
import { cardEdge, curveBetween, type DiagramDatum, layoutTree, type PlacedCard, type TreeLayout } from './tree-layout';

/** A link of a code of the left-hand scheme (`from`, its value) to a code of another scheme. */
export interface SchemeLink {
  from: string;
  to: CodeLink;
}

/**
 * The right-hand tree of the linking diagram: the other scheme as its root, and under it every
 * code the links reach, once each, in the order of the codes they are linked from (then by name),
 * so that the curves between the two trees cross as little as they can.
 */
export function linkedCodesDatum(scheme: { id: string; name: string }, links: readonly SchemeLink[], fromOrder: readonly string[]): DiagramDatum {
  const rank = (link: SchemeLink) => {
    const index = fromOrder.indexOf(link.from);
    return index < 0 ? fromOrder.length : index;
  };
  const ordered = [...links].sort((a, b) => rank(a) - rank(b) || a.to.name.localeCompare(b.to.name, 'en'));
  const children = new Map<string, DiagramDatum>();
  for (const { to } of ordered) {
    const id = `${to.scheme}-${to.value}`;
    if (!children.has(id)) children.set(id, { id, code: to.label || to.value, name: to.name, children: [] });
  }
  return { id: scheme.id, code: '', name: scheme.name, children: [...children.values()] };
}

export interface CrossLink {
  id: string;
  source: PlacedCard;
  target: PlacedCard;
  relation: string;
  path: string;
}

export interface LinkingLayout {
  left: TreeLayout;
  right: TreeLayout;
  links: CrossLink[];
  width: number;
  height: number;
}

export interface LinkingLayoutOptions {
  leftColumns: readonly number[];
  rightColumns: readonly number[];
  columnGap: number;
  /** Room between the two trees' facing leaves, where the links are drawn. */
  linkGap: number;
  rowGap: number;
}

/**
 * Two trees facing each other: the left one grows from its root on the left, the right one
 * from its root on the right, their leaves meet in the middle and the links join them there.
 * A link whose ends are not both drawn is left out.
 */
export function linkingLayout(
  left: DiagramDatum,
  right: DiagramDatum,
  links: readonly { source: string; target: string; relation: string }[],
  options: LinkingLayoutOptions,
): LinkingLayout {
  const common = { columnGap: options.columnGap, rowGap: options.rowGap };
  const leftSize = layoutTree(left, { ...common, columns: options.leftColumns });
  const rightSize = layoutTree(right, { ...common, columns: options.rightColumns, direction: 'left' });
  const height = Math.max(leftSize.height, rightSize.height);
  const leftTree = layoutTree(left, { ...common, columns: options.leftColumns, offset: { x: 0, y: (height - leftSize.height) / 2 } });
  const rightTree = layoutTree(right, {
    ...common,
    columns: options.rightColumns,
    direction: 'left',
    offset: { x: leftTree.width + options.linkGap, y: (height - rightSize.height) / 2 },
  });

  const leftCards = new Map(leftTree.cards.map((card) => [card.id, card]));
  const rightCards = new Map(rightTree.cards.map((card) => [card.id, card]));
  const placed: CrossLink[] = [];
  for (const link of links) {
    const source = leftCards.get(link.source);
    const target = rightCards.get(link.target);
    if (!source || !target) continue;
    placed.push({
      id: `${source.id}=${target.id}`,
      source,
      target,
      relation: link.relation,
      path: curveBetween(cardEdge(source, 'right'), cardEdge(target, 'left')),
    });
  }
  return { left: leftTree, right: rightTree, links: placed, width: leftTree.width + options.linkGap + rightTree.width, height };
}
