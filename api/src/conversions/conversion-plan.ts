import type { Aggregation, ConversionPath, NotConvertedReason, Weighting } from '@og/shared/contracts/conversions';
import type { LinkRelation } from '@og/shared/contracts/links';
import { compareNotation } from '@og/shared/domain/code-tree';
import { type ConversionGraph, type ConversionLink, relationStrength, type SchemeCodes } from './conversion-graph.js';
import { linkShares, type ShareOf, splitByWeights } from './link-shares.js';

/** How a conversion sends codes with several targets. */
export interface PlanSettings {
  /** The target depth (roots 1); null: the codes the links name, however deep. */
  depth: number | null;
  aggregation: Aggregation;
  weighting: Weighting;
  /** Reference dataset's occurrences per target code value and each of its ancestors (weighting 'reference', and 'modal' when given). */
  reference: ReadonlyMap<string, number> | null;
  /** The links' weights as shares of the codes they start from (weighting 'crosswalk', and 'modal' without a reference's counts). */
  shareOf?: ShareOf | null;
}

export interface PlannedTarget {
  /** A code value of the target scheme. */
  code: string;
  /** Of the source code's sums (the shares of a code add up to 1). */
  share: number;
  path: ConversionPath;
  relation: LinkRelation | null;
  /** The link the target is reached by (the best, when several end in or under it); null for a decided code no link reaches. */
  link: ConversionLink | null;
}

export interface CodePlan {
  /** The source code's value in its scheme (null: unknown). */
  value: string | null;
  reason: NotConvertedReason | null;
  /** Its links end in more than one code at the target depth (SPEC's problem flag). */
  problematic: boolean;
  /** The paths the link graph gives. */
  links: ConversionLink[];
  /** Where its links alone send it: the linked codes lifted to the target depth. */
  original: string[];
  targets: PlannedTarget[];
  /** Weighting 'crosswalk': split among several targets in equal shares, as none of its links carries a weight. */
  equalShares: boolean;
}

const pathRank: Record<ConversionPath, number> = { direct: 0, 'default-to-parent': 1, 'two-hop': 2 };

/** The better of two ways to the same target: a direct link first, then the stronger relation. */
function better(a: ConversionLink, b: ConversionLink): ConversionLink {
  if (pathRank[a.path] !== pathRank[b.path]) return pathRank[a.path] < pathRank[b.path] ? a : b;
  const strength = (link: ConversionLink) => (link.relation ? relationStrength[link.relation] : 0);
  return strength(b) > strength(a) ? b : a;
}

/**
 * Where one source code goes: its links (or the user's decision: target codes chosen on
 * the diagram) lifted to the target depth; several targets go to their closest common parent under
 * 'Closest common parent' (when they have one), else are split by the weighting.
 */
export function planCode(graph: ConversionGraph, uri: string, settings: PlanSettings, decision: readonly string[] | null): CodePlan {
  const colon = uri.indexOf(':');
  const scheme = uri.slice(0, colon);
  const codes = graph.codesOf(scheme as never);
  if (colon < 1 || !codes) return { value: null, reason: 'unknown code', problematic: false, links: [], original: [], targets: [], equalShares: false };
  const found = graph.paths(codes.scheme, uri.slice(colon + 1));
  const target = graph.target;
  const lifted = new Map<string, ConversionLink>();
  for (const link of found.links) {
    const at = target.atDepth(link.target, settings.depth);
    const known = lifted.get(at);
    lifted.set(at, known ? better(known, link) : link);
  }
  const original = [...lifted.keys()].sort(compareNotation);
  const problematic = lifted.size > 1;
  const base = { value: found.value, problematic, links: found.links, original, equalShares: false };

  let chosen: { code: string; link: ConversionLink | null }[];
  if (decision) {
    const decided = new Map<string, ConversionLink | null>();
    for (const value of decision) {
      if (!target.record(value)) continue;
      const at = target.atDepth(value, settings.depth);
      if (!decided.has(at)) decided.set(at, lifted.get(at) ?? null);
    }
    chosen = [...decided].map(([code, link]) => ({ code, link }));
    // A decision of no targets: the code is not converted, as if it had no link.
    if (chosen.length === 0) return { ...base, reason: found.reason ?? 'no link', targets: [] };
  } else {
    if (found.reason !== null) return { ...base, reason: found.reason, targets: [] };
    chosen = original.map((code) => ({ code, link: lifted.get(code)! }));
    if (chosen.length > 1 && settings.aggregation === 'closest-common-parent') {
      const common = closestCommonParent(target, original);
      if (common !== null) {
        const link = [...lifted.values()].reduce(better);
        chosen = [{ code: common, link }];
      }
    }
  }
  let weights: number[];
  let equalShares = false;
  if (settings.weighting === 'crosswalk' && chosen.length > 1) {
    const byCrosswalk = crosswalkWeights(found.links, chosen, settings, target);
    weights = byCrosswalk.weights;
    equalShares = !byCrosswalk.weighted;
  } else weights = weigh(chosen, settings, found.links, target);
  const sum = weights.reduce((total, weight) => total + weight, 0);
  const targets = chosen
    .map((item, index) => ({
      code: item.code,
      share: sum > 0 ? weights[index]! / sum : 1 / chosen.length,
      path: item.link?.path ?? 'direct',
      relation: item.link?.relation ?? null,
      link: item.link,
    }))
    .filter((item) => item.share > 0);
  return { ...base, reason: null, targets, equalShares };
}

/**
 * Weighting 'crosswalk': each chosen target's weight is the share of the code its links carry
 * (./link-shares.ts), added up over the links that end in it or below it; a chosen target no link
 * reaches (a user's decision) counts as the mean of the others. `weighted`: some link carries a
 * weight (otherwise the split is equal).
 */
function crosswalkWeights(links: readonly ConversionLink[], chosen: { code: string }[], settings: PlanSettings, target: SchemeCodes): { weights: number[]; weighted: boolean } {
  if (!settings.shareOf) return { weights: chosen.map(() => 1), weighted: false };
  const { shares, weighted } = linkShares(links, settings.shareOf, target.scheme);
  if (!weighted) return { weights: chosen.map(() => 1), weighted: false };
  const index = new Map(chosen.map((item, at) => [item.code, at]));
  const sums: (number | null)[] = chosen.map(() => null);
  links.forEach((link, at) => {
    // The chosen code the link ends in or under (its ancestors at any depth, the code first).
    const under = target.ancestry(link.target).find((value) => index.has(value));
    if (under !== undefined) sums[index.get(under)!] = (sums[index.get(under)!] ?? 0) + shares[at]!;
  });
  return { weights: splitByWeights(sums), weighted: sums.some((sum) => sum !== null) };
}

/** The weights of a code's targets under the conversion's weighting (all 0 but one for 'modal'). */
function weigh(chosen: { code: string; link: ConversionLink | null }[], settings: PlanSettings, links: readonly ConversionLink[], target: SchemeCodes): number[] {
  if (chosen.length === 1) return [1];
  const reference = settings.reference;
  const referenceWeights = reference ? chosen.map((item) => reference.get(item.code) ?? 0) : null;
  const hasReference = referenceWeights?.some((weight) => weight > 0) ?? false;
  if (settings.weighting === 'reference' && hasReference) return referenceWeights!;
  if (settings.weighting !== 'modal') return chosen.map(() => 1);
  // The modal rule: all to the reference's largest target; without a reference, the heaviest by the links' weights, else the strongest link.
  let best = 0;
  if (hasReference) {
    for (let index = 1; index < chosen.length; index++) if (referenceWeights![index]! > referenceWeights![best]!) best = index;
  } else {
    const byCrosswalk = crosswalkWeights(links, chosen, settings, target);
    best = modalChoice(chosen, byCrosswalk.weighted ? byCrosswalk.weights : null);
  }
  return chosen.map((_, index) => (index === best ? 1 : 0));
}

/** Weights closer than this (relative) are a tie: sums of shares differ in their last bits. */
const weightTolerance = 1e-9;

/**
 * The modal rule without a reference: the index of the target to send everything to. With the
 * links' weights (`weights`, one per target, as the crosswalk weighting would split the code), the
 * heaviest; otherwise, and between targets of equal weight, the strongest link (a direct link
 * first, then the stronger relation), then the first code in code order.
 */
export function modalChoice(chosen: readonly { code: string; link: ConversionLink | null }[], weights: readonly number[] | null): number {
  const rank = (item: (typeof chosen)[number]) => (item.link ? pathRank[item.link.path] : 0);
  const strength = (item: (typeof chosen)[number]) => (item.link?.relation ? relationStrength[item.link.relation] : 0);
  /** Whether target `b` beats target `a`. */
  const beats = (b: number, a: number) => {
    if (weights) {
      const [wa, wb] = [weights[a]!, weights[b]!];
      if (Math.abs(wb - wa) > weightTolerance * Math.max(wa, wb)) return wb > wa;
    }
    const [itemA, itemB] = [chosen[a]!, chosen[b]!];
    if (rank(itemB) !== rank(itemA)) return rank(itemB) < rank(itemA);
    if (strength(itemB) !== strength(itemA)) return strength(itemB) > strength(itemA);
    return compareNotation(itemB.code, itemA.code) < 0;
  };
  let best = 0;
  for (let index = 1; index < chosen.length; index++) if (beats(index, best)) best = index;
  return best;
}

/** The deepest code that is an ancestor (or self) of every one of `values`; null when they share no root. */
export function closestCommonParent(codes: SchemeCodes, values: readonly string[]): string | null {
  let common: string[] | null = null;
  for (const value of values) {
    const chain = codes.ancestry(value).reverse();
    if (common === null) {
      common = chain;
      continue;
    }
    let length = 0;
    while (length < common.length && length < chain.length && common[length] === chain[length]) length++;
    common = common.slice(0, length);
  }
  return common && common.length ? common[common.length - 1]! : null;
}

/** Reference occurrences per target code value, added up to each of its ancestors. */
export function referenceWeights(target: SchemeCodes, rows: Iterable<{ code: string; occurrences: number }>): Map<string, number> {
  const weights = new Map<string, number>();
  for (const row of rows) {
    const value = target.find(row.code);
    if (value === null) continue;
    for (const at of target.ancestry(value)) weights.set(at, (weights.get(at) ?? 0) + row.occurrences);
  }
  return weights;
}
