import { type ConversionPath, type ConversionSummary, depthOf, type NotConvertedReason, notConvertedReasons, type Weighting } from '@og/shared/contracts/conversions';
import { isSchemeId, type SchemeId } from '@og/shared/domain/schemes';
import type { JobPhase } from '@og/shared/jobs/job-kinds';
import type { Database } from '../db/database.js';
import { referenceRows } from '../db/queries/conversion-sources.js';
import { type ConversionCodeRow, type ConversionRow, findConversion, type StoredTarget, storeConversionCodes } from '../db/queries/conversions.js';
import { findDatasetMetadata } from '../db/queries/datasets.js';
import { findLinkWeights } from '../db/queries/link-weights.js';
import type { SchemeContext } from '../schemes/scheme-context.js';
import { apportion } from './apportion.js';
import { ConversionGraph } from './conversion-graph.js';
import { type CodePlan, planCode, type PlanSettings, referenceWeights } from './conversion-plan.js';
import type { ShareOf } from './link-shares.js';
import { datasetSourceSums, predictionSetSourceSums, type SourceSums, type Sums, zeroSums } from './source-sums.js';

/** What a conversion needs to place a code: the link graph and its settings. */
export interface ConversionPlanner {
  graph: ConversionGraph;
  settings: PlanSettings;
}

/** The conversion's dataset: its code column's scheme and totals columns. */
export async function conversionDataset(db: Database, datasetId: string): Promise<{ scheme: string | null; totalsColumns: string[] }> {
  const metadata = await findDatasetMetadata(db, datasetId);
  return { scheme: metadata?.codeColumn ? (metadata.scheme ?? null) : null, totalsColumns: metadata?.totalsColumns ?? [] };
}

/** Loads the link graph from the source schemes into the conversion's target, the reference's weights, and the links' weights (weighting 'crosswalk', and 'modal': its choice without a reference). */
export async function loadPlanner(db: Database, schemes: SchemeContext, conversion: ConversionRow, sourceSchemes: readonly SchemeId[]): Promise<ConversionPlanner> {
  const target = conversion.target_scheme as SchemeId;
  const [graph, shareOf] = await Promise.all([
    ConversionGraph.load(schemes, sourceSchemes, target),
    conversion.weighting === 'crosswalk' || conversion.weighting === 'modal' ? loadShares(db, schemes, [...sourceSchemes, target]) : null,
  ]);
  const reference = conversion.reference_dataset_id ? referenceWeights(graph.target, await referenceRows(db, conversion.reference_dataset_id)) : null;
  return { graph, settings: { depth: depthOf(conversion.target_depth), aggregation: conversion.aggregation, weighting: conversion.weighting, reference, shareOf } };
}

/**
 * The weights of the links with an end in one of `schemes` (a source's links to the target or to
 * an intermediate scheme, the intermediate scheme's links to the target), as shares of the code
 * each starts from.
 */
async function loadShares(db: Database, schemes: SchemeContext, involved: readonly SchemeId[]): Promise<ShareOf> {
  const weights = await findLinkWeights(db, [...new Set(involved)].map((scheme) => schemes.iris.codePrefix(scheme)));
  const iriOf = (uri: string) => {
    const colon = uri.indexOf(':');
    const scheme = uri.slice(0, colon);
    return isSchemeId(scheme) ? schemes.iris.code(scheme, uri.slice(colon + 1)) : uri;
  };
  return (from, to) => (weights.size === 0 ? null : (weights.get(`${iriOf(from)} ${iriOf(to)}`) ?? null));
}

/** The code's targets with their whole parts of its sums (each column split by the same shares, adding up exactly). */
export function targetsWithSums(plan: CodePlan, sums: Sums): StoredTarget[] {
  const shares = plan.targets.map((target) => target.share);
  const occurrences = apportion(sums.occurrences, shares);
  const totals = sums.totals.map((total) => apportion(total, shares));
  return plan.targets.map((target, index) => ({
    code: target.code,
    share: target.share,
    path: target.path,
    relation: target.relation,
    link: target.link && target.link.path !== 'two-hop' && target.link.isLinked ? { start: target.link.start, target: target.link.target } : null,
    occurrences: occurrences[index]!.toString(),
    totals: totals.map((parts) => parts[index]!.toString()),
  }));
}

/** The name of a source code (`scheme:code`) in its scheme, '' when unknown. */
export function sourceName(graph: ConversionGraph, uri: string, value: string | null): string {
  const scheme = uri.slice(0, uri.indexOf(':'));
  return value === null || !isSchemeId(scheme) ? '' : (graph.codesOf(scheme)?.record(value)?.name ?? '');
}

/**
 * The job's work (`conversion.run`): the data's sums per source code, each code placed
 * through the link graph, its sums split in whole parts among its targets, and the rows stored at
 * once with the summary. A rerun (a retried job) replaces what an earlier attempt stored.
 */
export async function runConversion(
  deps: { db: Database; schemes: SchemeContext },
  conversionId: string,
  report: (phase: JobPhase<'conversion.run'>, done: number, total: number | null) => Promise<void>,
): Promise<{ sourceCodes: number; problematic: number } | null> {
  const conversion = await findConversion(deps.db, conversionId);
  if (!conversion) return null;
  const dataset = await conversionDataset(deps.db, conversion.dataset_id);
  const columns = conversion.totals_columns.length;
  await report('grouping', 0, null);
  // The link graph of the code column's scheme loads while Postgres groups the rows.
  const expected = dataset.scheme && isSchemeId(dataset.scheme) && !conversion.prediction_set_id ? [dataset.scheme] : [];
  const early = loadPlanner(deps.db, deps.schemes, conversion, expected);
  early.catch(() => undefined);
  const sums = conversion.prediction_set_id
    ? await predictionSetSourceSums(deps.db, conversion.prediction_set_id, columns)
    : await datasetSourceSums(deps.db, { id: conversion.dataset_id, scheme: dataset.scheme }, columns);
  const sourceSchemes = [...new Set([...sums.codes.keys()].map((uri) => uri.slice(0, uri.indexOf(':'))).filter(isSchemeId))] as SchemeId[];
  await report('linking', 0, sums.codes.size);
  // Reviewed mappings may name other schemes too: then the graph is loaded for all of them.
  const planner = sourceSchemes.every((scheme) => expected.includes(scheme)) ? await early : await loadPlanner(deps.db, deps.schemes, conversion, sourceSchemes);
  const rows: Omit<ConversionCodeRow, 'titles'>[] = [];
  for (const [uri, codeSums] of sums.codes) {
    const plan = planCode(planner.graph, uri, planner.settings, null);
    rows.push({
      source_uri: uri,
      name: sourceName(planner.graph, uri, plan.value),
      occurrences: codeSums.occurrences.toString(),
      totals: codeSums.totals.map(String),
      reason: plan.reason,
      problematic: plan.problematic,
      original: plan.original,
      decision: null,
      targets: targetsWithSums(plan, codeSums),
      equal_shares: plan.equalShares,
    });
    if (rows.length % 1_000 === 0) await report('linking', rows.length, sums.codes.size);
  }
  const summary = summarize(rows, columns, { sums, weighting: conversion.weighting });
  await storeConversionCodes(deps.db, conversionId, rows, sourceSchemes, summary);
  return { sourceCodes: rows.length, problematic: summary.problematic };
}

/**
 * The conversion's summary from its codes' rows: the data's sums, what was converted (by path)
 * and what was not (by reason). Rows with no code at all are the summary's own 'not coded'
 * (kept in it, since no code row holds them).
 */
export function summarize(
  rows: readonly Omit<ConversionCodeRow, 'titles'>[],
  columns: number,
  options: { sums?: Pick<SourceSums, 'notCoded'>; previous?: ConversionSummary; weighting?: Weighting },
): ConversionSummary {
  const { sums, previous } = options;
  const zero = () => zeroSums(columns);
  const add = (into: { occurrences: bigint; totals: bigint[] }, occurrences: string, totals: readonly string[]) => {
    into.occurrences += BigInt(occurrences);
    totals.forEach((total, index) => (into.totals[index]! += BigInt(total)));
  };
  const dataset = zero();
  const converted = zero();
  const notConverted = new Map<NotConvertedReason, { codes: number; sums: ReturnType<typeof zero> }>();
  const byPath: Record<ConversionPath, bigint> = { direct: 0n, 'two-hop': 0n, 'default-to-parent': 0n };
  let problematic = 0;
  let decided = 0;
  const equalShares = { codes: 0, occurrences: 0n };
  for (const row of rows) {
    add(dataset, row.occurrences, row.totals);
    if (row.problematic) problematic++;
    if (row.equal_shares && row.targets.length > 1) {
      equalShares.codes++;
      equalShares.occurrences += BigInt(row.occurrences);
    }
    if (row.decision) decided++;
    if (row.reason !== null || row.targets.length === 0) {
      const reason = (row.reason ?? 'no link') as NotConvertedReason;
      const entry = notConverted.get(reason) ?? { codes: 0, sums: zero() };
      entry.codes++;
      add(entry.sums, row.occurrences, row.totals);
      notConverted.set(reason, entry);
      continue;
    }
    for (const target of row.targets) {
      add(converted, target.occurrences, target.totals);
      byPath[target.path as ConversionPath] += BigInt(target.occurrences);
    }
  }
  // Rows without any code: counted from the job's sums, or kept from the summary before.
  const notCoded = sums
    ? { occurrences: sums.notCoded.occurrences, totals: sums.notCoded.totals }
    : (() => {
        const kept = previous?.notConverted.find((entry) => entry.reason === 'not coded');
        return { occurrences: BigInt(kept?.occurrences ?? 0), totals: (kept?.totals ?? []).map((total) => BigInt(total)) };
      })();
  if (notCoded.occurrences !== 0n || notCoded.totals.some((total) => total !== 0n)) {
    const entry = { codes: 0, sums: zero() };
    add(entry.sums, notCoded.occurrences.toString(), notCoded.totals.map(String));
    notConverted.set('not coded', entry);
    add(dataset, notCoded.occurrences.toString(), notCoded.totals.map(String));
  }
  const toNumbers = (value: { occurrences: bigint; totals: bigint[] }) => ({ occurrences: Number(value.occurrences), totals: value.totals.map(Number) });
  return {
    sourceCodes: rows.length,
    problematic,
    decided,
    dataset: toNumbers(dataset),
    converted: toNumbers(converted),
    notConverted: notConvertedReasons.flatMap((reason) => {
      const entry = notConverted.get(reason);
      return entry ? [{ reason, codes: entry.codes, ...toNumbers(entry.sums) }] : [];
    }),
    byPath: { direct: Number(byPath.direct), 'two-hop': Number(byPath['two-hop']), 'default-to-parent': Number(byPath['default-to-parent']) },
    ...(options.weighting === 'crosswalk' ? { equalShares: { codes: equalShares.codes, occurrences: Number(equalShares.occurrences) } } : {}),
  };
}
