import { type ConversionDiagramNode, type ConversionDiagramRecord, defaultTargetDepth, depthOf } from '@og/shared/contracts/conversions';
import { compareNotation } from '@og/shared/domain/code-tree';
import { isSchemeId } from '@og/shared/domain/schemes';
import { problemValues } from './diagram-problems';

/** SPEC §3: the synthetic node the source code(s) start from. */
export const originValue = 'X';

export interface DiagramOrigin {
  /** The source codes' names and descriptions, comma-joined (SPEC §3). */
  name: string;
  description: string;
  /** Sample job titles of the source code. */
  titles: string[];
  /** The source code(s). */
  start: string[];
}

export interface ConversionTreeInput {
  records: readonly ConversionDiagramRecord[];
  origin: DiagramOrigin;
  targetScheme: string;
  /** The target depth (roots 1; null: leaves) the problem flags are judged at; SPEC §9's 3 when not given. */
  targetDepth?: number | null;
  /** The share of the source code's sums each target gets, by the target's label (./diagram-shares.ts). */
  shares?: ReadonlyMap<string, number>;
}

/**
 * The diagram's tree (SPEC §5 "Conversion tree build"): the origin 'X' is its single root (depth 0),
 * the target scheme's root categories its children (depth 1), and so on, children in notation order.
 * Throws SPEC §8's texts for an unknown scheme, a missing parent and a cycle.
 */
export function buildConversionTree({ records, origin, targetScheme, targetDepth, shares }: ConversionTreeInput): ConversionDiagramNode {
  if (!isSchemeId(targetScheme)) throw new Error(`Scheme ${targetScheme} not found`);
  const problems = new Set(problemValues(records, targetDepth === undefined ? depthOf(defaultTargetDepth) : targetDepth));
  const nodes = new Map<string, ConversionDiagramNode>();
  for (const record of records) {
    // The same code twice (an ADD_LINKS merge gone wrong, say) is drawn once.
    if (!nodes.has(record.value)) nodes.set(record.value, targetNode(record, problems.has(record.value), shares?.get(record.label)));
  }
  const root: ConversionDiagramNode = {
    value: originValue,
    name: origin.name,
    description: origin.description,
    label: originValue,
    parent: null,
    depth: 0,
    isLink: false,
    start: [...origin.start],
    children: [],
    titles: [...origin.titles],
    problem: false,
    isSpecialParent: false,
    type: 'origin',
  };
  for (const node of nodes.values()) {
    if (node.parent === null) {
      root.children.push(node);
      continue;
    }
    const parent = nodes.get(node.parent);
    if (!parent) throw new Error(`Parent node ${node.parent} not found for ${node.value}`);
    parent.children.push(node);
  }
  // Depths from the origin down; a node never reached hangs on a loop of parents.
  let reached = 0;
  const queue: ConversionDiagramNode[] = [root];
  for (let index = 0; index < queue.length; index++) {
    const node = queue[index]!;
    node.children.sort(byNotation);
    for (const child of node.children) {
      child.depth = node.depth + 1;
      reached++;
      queue.push(child);
    }
  }
  if (reached !== nodes.size) throw new Error('Cyclic or missing parent relationship detected');
  return root;
}

function targetNode(record: ConversionDiagramRecord, problem: boolean, share: number | undefined): ConversionDiagramNode {
  return {
    value: record.value,
    name: record.name,
    description: record.description,
    label: record.label,
    // The scheme's own parent: a root category keeps null though it hangs under the origin.
    parent: record.parent,
    depth: 0,
    isLink: record.isLink,
    start: [...record.start],
    children: [],
    // Sample titles belong to the source code, shown on the origin.
    titles: [],
    problem,
    isSpecialParent: record.isSpecialParent,
    ...(record.path !== null ? { path: record.path, relation: record.relation } : {}),
    ...(share !== undefined ? { share } : {}),
  };
}

function byNotation(a: ConversionDiagramNode, b: ConversionDiagramNode): number {
  return compareNotation(a.label, b.label) || compareNotation(a.value, b.value);
}

/** Every node of the tree, the origin first, parents before children. */
export function diagramNodes(root: ConversionDiagramNode): ConversionDiagramNode[] {
  const found = [root];
  for (let index = 0; index < found.length; index++) found.push(...found[index]!.children);
  return found;
}
