import type { ConversionSourceCode } from '@og/shared/contracts/conversions';

/**
 * The share of the source code's sums each of its targets gets, keyed by the target's label (the
 * diagram's nodes carry labels and values; a code's targets are listed by label). Only a code split
 * among several targets has shares worth showing: one target gets it all.
 */
export function sharesByLabel(targets: ConversionSourceCode['targets']): Map<string, number> {
  if (targets.length < 2) return new Map();
  return new Map(targets.map((target) => [target.code, target.share]));
}

/** A share as the diagram writes it beside a node's code: whole percents, '<1%' for a sliver. */
export function diagramShareText(share: number): string {
  if (share > 0 && share < 0.005) return '<1%';
  return `${Math.round(share * 100)}%`;
}
