import { z } from 'zod';
import { linkRelation } from './links.js';
import { schemeId } from './schemes.js';

/**
 * Conversions (SPEC §2 'New conversion', "Conversion prototype page"; §3 "Conversion
 * diagram node"; §4 "Conversion diagram actions"; §7 "Conversion query"): a dataset's codes (or a
 * prediction set's reviewed mappings) turned into another scheme through the link graph.
 */

/** How deep into the target scheme: its root categories are depth 1 (SPEC §9's default 3 is 'root+2'). */
export const targetDepths = ['root', 'root+1', 'root+2', 'max'] as const;
export type TargetDepth = (typeof targetDepths)[number];
export const targetDepthLabels: Record<TargetDepth, string> = { root: 'Root categories', 'root+1': 'Root + 1', 'root+2': 'Root + 2', max: 'Max' };
/** The depth a choice names (roots are 1); null: the leaves, however deep. */
export function depthOf(depth: TargetDepth): number | null {
  return depth === 'max' ? null : { root: 1, 'root+1': 2, 'root+2': 3 }[depth];
}
/** SPEC §3, §9: conversion target depth 3. */
export const defaultTargetDepth: TargetDepth = 'root+2';

/** 'Aggregate all' sums every target at the target depth; 'Closest common parent' sends a code whose targets disagree to their closest common parent. */
export const aggregations = ['aggregate-all', 'closest-common-parent'] as const;
export type Aggregation = (typeof aggregations)[number];
export const aggregationLabels: Record<Aggregation, string> = { 'aggregate-all': 'Aggregate all', 'closest-common-parent': 'Closest common parent' };

/**
 * How a code with several targets is split: by the weights its links carry (a crosswalk's shares
 * of the source code; equal shares for a code whose links carry none), equal shares (1/n,
 * iscoCrosswalks), in proportion to a reference dataset coded in the target scheme (conversion
 * rates from double-coded samples), or all to one target (the modal rule, IPUMS: the reference's
 * largest, else the heaviest by the links' weights, else the strongest link).
 */
export const weightings = ['crosswalk', 'equal', 'reference', 'modal'] as const;
export type Weighting = (typeof weightings)[number];
export const weightingLabels: Record<Weighting, string> = {
  crosswalk: 'By the crosswalk’s weights',
  equal: 'Equal shares',
  reference: 'Proportional to a reference dataset',
  modal: 'All to one target',
};

/** `POST /api/datasets/{id}/conversions`: what to convert into what (a prediction set's reviewed mappings with `predictionSetId`). */
export const conversionRequest = z
  .object({
    targetScheme: schemeId,
    targetDepth: z.enum(targetDepths).default(defaultTargetDepth),
    aggregation: z.enum(aggregations).default('aggregate-all'),
    /** Absent: 'crosswalk' when the links from the source scheme to the target carry weights, else 'equal' (see `conversionWeighting`). */
    weighting: z.enum(weightings).optional(),
    referenceDatasetId: z.string().uuid().optional(),
    /** 'Add translation' on a prediction set's row: convert its reviewed mappings, not the dataset's codes. */
    predictionSetId: z.string().uuid().optional(),
  })
  .refine((request) => request.weighting !== 'reference' || request.referenceDatasetId, {
    message: 'Weighting by a reference dataset needs the reference dataset',
    path: ['referenceDatasetId'],
  });
export type ConversionRequest = z.infer<typeof conversionRequest>;

/** `GET /api/datasets/{id}/conversions/weighting?targetScheme=…[&predictionSetId=…]`: the weighting a conversion gets when none is named. */
export const conversionWeightingQuery = z.object({ targetScheme: schemeId, predictionSetId: z.string().uuid().optional() });
export const conversionWeighting = z.object({
  weighting: z.enum(['crosswalk', 'equal']),
  /** Links from the source scheme(s) into the target that carry a weight as a share of their source code. */
  weightedLinks: z.number().int().nonnegative(),
});
export type ConversionWeighting = z.infer<typeof conversionWeighting>;

export const conversionAccepted = z.object({ conversionId: z.string().uuid(), jobId: z.string() });
export type ConversionAccepted = z.infer<typeof conversionAccepted>;

/** How a source code reached a target: a link of its own, two links through another scheme, or its parent's links. */
export const conversionPaths = ['direct', 'two-hop', 'default-to-parent'] as const;
export type ConversionPath = (typeof conversionPaths)[number];

/** Why rows were not converted ('not coded': a title with no code and no reviewed mapping). */
export const notConvertedReasons = ['no link', 'unlinkable', 'unknown code', 'not coded'] as const;
export type NotConvertedReason = (typeof notConvertedReasons)[number];

export const conversionStates = ['running', 'ready', 'failed'] as const;

/** Sums: rows (occurrences) and one number per totals column of the dataset. */
const amounts = { occurrences: z.number(), totals: z.array(z.number()) };

export const conversionSummary = z.object({
  /** Source codes in the data, and of them problematic (several targets at the target depth). */
  sourceCodes: z.number().int().nonnegative(),
  problematic: z.number().int().nonnegative(),
  /** Codes the user decided for. */
  decided: z.number().int().nonnegative(),
  /** The dataset's sums, converted and not (converted + not converted = dataset, exactly, per column). */
  dataset: z.object(amounts),
  converted: z.object(amounts),
  notConverted: z.array(z.object({ reason: z.enum(notConvertedReasons), codes: z.number().int().nonnegative(), ...amounts })),
  /** Occurrences converted by each kind of path (decisions count as direct). */
  byPath: z.record(z.enum(conversionPaths), z.number()),
  /**
   * Weighting 'crosswalk': the codes split among several targets whose links carry no weight, so
   * that they got equal shares, and their rows (absent for the other weightings).
   */
  equalShares: z.object({ codes: z.number().int().nonnegative(), occurrences: z.number() }).optional(),
});
export type ConversionSummary = z.infer<typeof conversionSummary>;

export const conversion = z.object({
  id: z.string().uuid(),
  datasetId: z.string().uuid(),
  datasetTitle: z.string(),
  predictionSetId: z.string().uuid().nullable(),
  predictionSetName: z.string().nullable(),
  /** The scheme(s) of the source codes: the dataset's code column's, or those its reviewed mappings name. */
  sourceSchemes: z.array(schemeId),
  targetScheme: schemeId,
  targetDepth: z.enum(targetDepths),
  aggregation: z.enum(aggregations),
  weighting: z.enum(weightings),
  referenceDatasetId: z.string().uuid().nullable(),
  totalsColumns: z.array(z.string()),
  state: z.enum(conversionStates),
  error: z.string().nullable(),
  jobId: z.string().nullable(),
  ownerId: z.string().uuid().nullable(),
  createdAt: z.string(),
  summary: conversionSummary.nullable(),
});
export type Conversion = z.infer<typeof conversion>;
export const conversionList = z.object({ conversions: z.array(conversion) });
export type ConversionList = z.infer<typeof conversionList>;

/** One target code of the result, with its sums and sample titles. */
export const conversionResultRow = z.object({
  targetCode: z.string(),
  targetName: z.string(),
  occurrences: z.number(),
  totals: z.array(z.number()),
  /** Up to three of the dataset's titles that went to it, the most frequent first. */
  sampleTitles: z.array(z.string()),
  /** Source codes sending to it. */
  sources: z.number().int().nonnegative(),
});
export type ConversionResultRow = z.infer<typeof conversionResultRow>;

/** A source code as the walk through the codes lists it. */
export const conversionSourceCode = z.object({
  /** `scheme:code`. */
  uri: z.string(),
  scheme: schemeId,
  code: z.string(),
  name: z.string(),
  occurrences: z.number(),
  problematic: z.boolean(),
  decided: z.boolean(),
  /** Not converted, and why (null: converted). */
  reason: z.enum(notConvertedReasons).nullable(),
  /** Target codes it was sent to (at the target depth, or their common parent), with the share of its sums. */
  targets: z.array(z.object({ code: z.string(), name: z.string(), share: z.number(), path: z.enum(conversionPaths), relation: linkRelation.nullable() })),
});
export type ConversionSourceCode = z.infer<typeof conversionSourceCode>;

/** `GET /api/conversions/{id}/result?format=json`: the targets, the source codes (problematic first), and the summary. */
export const conversionResult = z.object({
  conversion,
  rows: z.array(conversionResultRow),
  codes: z.array(conversionSourceCode),
});
export type ConversionResult = z.infer<typeof conversionResult>;

/**
 * SPEC §3 "Conversion diagram node": one node of the target tree shown for a source code (or the
 * synthetic origin 'X', whose name and description join the source codes').
 */
export interface ConversionDiagramNode {
  value: string;
  name: string;
  description: string;
  label: string;
  parent: string | null;
  depth: number;
  /** A link of the source code ends here (or, after actions, the user chose this node). */
  isLink: boolean;
  /** The source code(s) whose links start the path to this node. */
  start: string[];
  children: ConversionDiagramNode[];
  /** Sample job titles of the source code. */
  titles: string[];
  problem: boolean;
  /** Reached through a parent's links (default to parent) or a two-hop path: drawn differently. */
  isSpecialParent: boolean;
  type?: 'origin';
  /** Beyond SPEC: how the link was reached, and its relation. */
  path?: ConversionPath;
  relation?: string | null;
  /** Beyond SPEC: the share (0–1) of the source code's sums the conversion sends to this node. */
  share?: number;
}

/** A flat node of the diagram's data, as `GET /api/conversions/{id}/codes/{code}` sends it (the tree is built in the browser). */
export const conversionDiagramRecord = z.object({
  value: z.string(),
  name: z.string(),
  description: z.string(),
  label: z.string(),
  parent: z.string().nullable(),
  isLink: z.boolean(),
  start: z.array(z.string()),
  path: z.enum(conversionPaths).nullable(),
  relation: linkRelation.nullable(),
  isSpecialParent: z.boolean(),
});
export type ConversionDiagramRecord = z.infer<typeof conversionDiagramRecord>;

/** A user's decision for a source code: the target codes it goes to (equal shares unless the weighting says otherwise). */
export const conversionDecision = z.object({
  targets: z.array(z.string().min(1).max(200)).max(200),
  /** An admin may also write the decision into the crosswalk itself (the links of the source code to the target scheme). */
  applyToCrosswalk: z.boolean().default(false),
});
export type ConversionDecision = z.infer<typeof conversionDecision>;

/** `GET /api/conversions/{id}/codes/{code}`: the diagram's data for one source code, and the decision saved for it. */
export const conversionCodeDetail = z.object({
  conversionId: z.string().uuid(),
  source: z.object({ uri: z.string(), scheme: schemeId, code: z.string(), name: z.string(), description: z.string(), titles: z.array(z.string()), occurrences: z.number() }),
  targetScheme: schemeId,
  /** The target depth as a number (roots 1); null: leaves. */
  targetDepth: z.number().int().positive().nullable(),
  /** The target tree down to the target depth (and the linked nodes below it), each with its place and link. */
  nodes: z.array(conversionDiagramRecord),
  /** What the conversion does with the code now, and what its links alone would do. */
  current: conversionSourceCode,
  original: z.array(z.string()),
  decision: conversionDecision.omit({ applyToCrosswalk: true }).nullable(),
  /** "What's going on?": the code's paths in plain words. */
  explanation: z.array(z.string()),
  /** The next problematic code not decided yet, after this one (for 'Save and next'). */
  next: z.string().nullable(),
});
export type ConversionCodeDetail = z.infer<typeof conversionCodeDetail>;

/** `POST /api/conversion-query` (SPEC §7): seed URIs (`scheme:code`) and a target scheme. */
export const conversionQueryRequest = z.object({
  seeds: z.array(z.string().min(3).max(300)).min(1).max(1_000),
  targetScheme: schemeId,
});
export const conversionQueryRow = z.object({
  seed: z.string(),
  /** The seed or its descendant whose link starts the path. */
  start: z.string(),
  target: z.string(),
  /** The intermediate code of a two-hop path, or the parent whose links a default-to-parent code follows; null for a direct link. */
  parent: z.string().nullable(),
  isLinked: z.boolean(),
  path: z.enum(conversionPaths),
  relation: linkRelation.nullable(),
});
export type ConversionQueryRow = z.infer<typeof conversionQueryRow>;
export const conversionQueryAnswer = z.object({ rows: z.array(conversionQueryRow), unknown: z.array(z.string()) });
export type ConversionQueryAnswer = z.infer<typeof conversionQueryAnswer>;
