import type { ConversionDiagramRecord } from '@og/shared/contracts/conversions';
import { compareNotation } from '@og/shared/domain/code-tree';

/** SPEC §4: the tooltip of a problematic node. */
export const problemTooltip = 'There is a problem with this aggregation.';

type LinkPlace = Pick<ConversionDiagramRecord, 'value' | 'parent' | 'isLink'>;

/**
 * The nodes marked problematic (SPEC §4): each linked node stands for its ancestor at the target
 * depth (roots are depth 1; `null`: the linked node itself, however deep); when the links stand for
 * more than one node, every one of those nodes is a problem. A link above the target depth stands
 * for itself, as the conversion places it (it cannot be lifted), so it counts too. The values come
 * in notation order; none when the links agree.
 */
export function problemValues(records: readonly LinkPlace[], targetDepth: number | null): string[] {
  const parentOf = new Map(records.map((record) => [record.value, record.parent]));
  const places = new Set<string>();
  for (const record of records) {
    if (record.isLink) places.add(targetDepth === null ? record.value : placeAtDepth(parentOf, record.value, targetDepth));
  }
  return places.size > 1 ? [...places].sort(compareNotation) : [];
}

/** The ancestor (or self) of a value at a depth; the value itself when it is shallower. */
function placeAtDepth(parentOf: ReadonlyMap<string, string | null>, value: string, depth: number): string {
  const chain = [value];
  for (let at = parentOf.get(value); at != null && !chain.includes(at); at = parentOf.get(at)) chain.push(at);
  // chain runs from the value up to its root (depth 1): the node at `depth` is chain.length - depth from the start.
  return chain.length > depth ? chain[chain.length - depth]! : value;
}
