import { type ConversionCodeDetail, type ConversionDiagramRecord, type ConversionSummary, targetDepthLabels } from '@og/shared/contracts/conversions';
import { AppError } from '@og/shared/errors/app-error';
import { isSchemeId, schemeById, type SchemeId } from '@og/shared/domain/schemes';
import { clearLinks, linkToMany } from '../links/link-codes.js';
import { bothHaveChildrenMessage } from '../links/link-edits.js';
import type { Database } from '../db/database.js';
import { type ConversionRow, readConversionCode, readConversionCodes, saveConversionDecision } from '../db/queries/conversions.js';
import type { SchemeContext } from '../schemes/scheme-context.js';
import type { ConversionLink } from './conversion-graph.js';
import { type CodePlan, planCode } from './conversion-plan.js';
import { presentSourceCode } from './conversion-presenter.js';
import { walkOrder } from './conversion-reads.js';
import { type ConversionPlanner, loadPlanner, summarize, targetsWithSums } from './run-conversion.js';

type Deps = { db: Database; schemes: SchemeContext };

async function plannerFor(deps: Deps, conversion: ConversionRow, uri: string): Promise<ConversionPlanner> {
  const scheme = uri.slice(0, uri.indexOf(':'));
  return loadPlanner(deps.db, deps.schemes, conversion, isSchemeId(scheme) ? [scheme] : []);
}

async function codeRowOr404(deps: Deps, conversion: ConversionRow, uri: string) {
  if (conversion.state !== 'ready') throw new AppError('conflict', 'The conversion is not ready yet.', { state: conversion.state });
  const row = await readConversionCode(deps.db, conversion.id, uri);
  if (!row) throw new AppError('not_found', `The code ${uri} is not one of this conversion's source codes.`);
  return row;
}

/**
 * The diagram's data for one source code: the target tree's nodes on the way to every
 * code its links (or its decision) name, each marked linked or not and how it was reached, the
 * code's current placement, its own links (to restore), and a plain account of its paths.
 */
export async function conversionCodeDetail(deps: Deps, conversion: ConversionRow, uri: string): Promise<ConversionCodeDetail> {
  const row = await codeRowOr404(deps, conversion, uri);
  const planner = await plannerFor(deps, conversion, uri);
  const plan = planCode(planner.graph, uri, planner.settings, row.decision);
  const target = planner.graph.target;
  const bestLink = new Map<string, ConversionLink>();
  for (const link of plan.links) if (!bestLink.has(link.target) || (link.isLinked && !bestLink.get(link.target)!.isLinked)) bestLink.set(link.target, link);
  const original = [...bestLink.keys()];
  const linked = new Set(row.decision ?? original);
  const shown = new Set<string>();
  for (const value of [...original, ...linked, ...plan.targets.map((item) => item.code)]) for (const at of target.ancestry(value)) shown.add(at);
  const nodes: ConversionDiagramRecord[] = [...shown].map((value) => {
    const record = target.record(value)!;
    const link = bestLink.get(value) ?? null;
    return {
      value,
      name: record.name,
      description: record.description ?? '',
      label: record.label,
      parent: record.parent !== undefined && target.record(record.parent) ? record.parent : null,
      isLink: linked.has(value),
      start: link ? [link.start] : [],
      path: link?.path ?? null,
      relation: link?.relation ?? null,
      isSpecialParent: link ? link.path !== 'direct' : false,
    };
  });
  const codes = await readConversionCodes(deps.db, conversion.id);
  const ordered = [...codes].sort(walkOrder);
  const at = ordered.findIndex((item) => item.source_uri === uri);
  const next = [...ordered.slice(at + 1), ...ordered.slice(0, Math.max(0, at))].find((item) => item.problematic && !item.decision && item.source_uri !== uri);
  const colon = uri.indexOf(':');
  const sourceScheme = uri.slice(0, colon);
  const sourceRecord = plan.value !== null && isSchemeId(sourceScheme) ? planner.graph.codesOf(sourceScheme)?.record(plan.value) : undefined;
  return {
    conversionId: conversion.id,
    source: {
      uri,
      scheme: (isSchemeId(sourceScheme) ? sourceScheme : conversion.target_scheme) as SchemeId,
      code: uri.slice(colon + 1),
      name: row.name,
      description: sourceRecord?.description ?? '',
      titles: row.titles,
      occurrences: Number(row.occurrences),
    },
    targetScheme: conversion.target_scheme as SchemeId,
    targetDepth: planner.settings.depth,
    nodes,
    current: presentSourceCode(row, target.lookup),
    original,
    decision: row.decision ? { targets: row.decision } : null,
    explanation: explain(planner, conversion, uri, row.name, plan, row.decision !== null),
    next: next?.source_uri ?? null,
  };
}

/**
 * Stores a decision for a source code (its targets chosen on the diagram; null: back to its links)
 * and places it again: the conversion's result and summary follow at once. An admin may also make
 * the decision the crosswalk's: the code's links to the target scheme become the chosen codes.
 */
export async function decideConversionCode(
  deps: Deps,
  conversion: ConversionRow,
  uri: string,
  decision: { targets: string[] | null; applyToCrosswalk: boolean },
  actor: { id: string; role: string },
): Promise<ConversionCodeDetail> {
  const row = await codeRowOr404(deps, conversion, uri);
  const planner = await plannerFor(deps, conversion, uri);
  const unknown = (decision.targets ?? []).filter((value) => !planner.graph.target.record(value));
  if (unknown.length) throw new AppError('bad_request', `Not codes of ${schemeById(conversion.target_scheme as SchemeId).label}: ${unknown.slice(0, 5).join(', ')}`);
  const targets = decision.targets ? [...new Set(decision.targets)] : null;
  const plan = planCode(planner.graph, uri, planner.settings, targets);
  // The crosswalk first: a refusal there leaves the conversion as it was too.
  if (decision.applyToCrosswalk && targets) await applyToCrosswalk(deps, planner, conversion, uri, plan, targets, actor);
  const sums = { occurrences: BigInt(row.occurrences), totals: row.totals.map((total) => BigInt(total)) };
  await saveConversionDecision(deps.db, conversion.id, uri, { decision: targets, reason: plan.reason, targets: targetsWithSums(plan, sums), equalShares: plan.equalShares }, (codes) =>
    summarize(codes, conversion.totals_columns.length, { previous: conversion.summary as ConversionSummary, weighting: conversion.weighting }),
  );
  return conversionCodeDetail(deps, conversion, uri);
}

/**
 * An admin's decision made the crosswalk's: the code's links to the target scheme become the
 * chosen codes. Everything the new links need is checked before the old ones go (SPEC: one side of
 * a link has no children), so a refusal changes nothing.
 */
async function applyToCrosswalk(deps: Deps, planner: ConversionPlanner, conversion: ConversionRow, uri: string, plan: CodePlan, targets: string[], actor: { id: string; role: string }): Promise<void> {
  if (actor.role !== 'admin') throw new AppError('forbidden', 'Only an administrator may change the crosswalk itself.');
  const scheme = uri.slice(0, uri.indexOf(':'));
  const targetScheme = conversion.target_scheme as SchemeId;
  if (!isSchemeId(scheme) || scheme === targetScheme || plan.value === null) throw new AppError('bad_request', 'This code has no crosswalk to the target scheme to change.');
  const sourceHasChildren = (planner.graph.codesOf(scheme)?.children.get(plan.value)?.length ?? 0) > 0;
  const withChildren = targets.filter((value) => (planner.graph.target.children.get(value)?.length ?? 0) > 0);
  if (sourceHasChildren && withChildren.length) throw new AppError('bad_request', `${bothHaveChildrenMessage} (${withChildren.slice(0, 5).join(', ')})`);
  await clearLinks(deps.schemes, actor.id, { nodeID: plan.value, scheme, targetScheme });
  if (targets.length) await linkToMany(deps.schemes, actor.id, { subjectNodeID: plan.value, subjectScheme: scheme, objectsNodeIDs: targets, objectsScheme: targetScheme, relation: 'closeMatch' });
}

/** How the weighting split a code, in words. */
function splitText(weighting: ConversionRow['weighting'], plan: CodePlan): string {
  if (weighting === 'crosswalk') return plan.equalShares ? 'in equal shares (its links carry no weights)' : 'by the weights its links carry';
  return weighting === 'equal' ? 'in equal shares' : weighting === 'reference' ? 'in proportion to the reference dataset' : 'all to one code (the modal rule)';
}

/** "What's going on?": the code's paths and what the conversion's rules make of them, in plain words. */
function explain(planner: ConversionPlanner, conversion: ConversionRow, uri: string, name: string, plan: CodePlan, decided: boolean): string[] {
  const target = planner.graph.target;
  const targetLabel = schemeById(conversion.target_scheme as SchemeId).label;
  const codeText = (value: string) => `${target.record(value)?.label ?? value} ‘${target.record(value)?.name ?? ''}’`;
  const lines: string[] = [];
  const subject = `${uri}${name ? ` ‘${name}’` : ''}`;
  if (plan.reason === 'unknown code') return [`${subject} is not a code of its scheme, so its rows are not converted.`];
  if (plan.reason === 'unlinkable' && !decided) return [`${subject} is marked unlinkable towards ${targetLabel}, so its rows are not converted.`];
  if (plan.links.length === 0 && !decided) return [`${subject} has no link to ${targetLabel}, through another scheme or its parent either, so its rows are not converted.`];
  // One line item per target code, however many links (a group's descendants) reach it.
  const perTarget = (path: ConversionLink['path']) => [...new Map(plan.links.filter((link) => link.path === path).map((link) => [link.target, link])).values()];
  const byPath = { direct: perTarget('direct'), 'two-hop': perTarget('two-hop'), 'default-to-parent': perTarget('default-to-parent') };
  if (byPath.direct.length) {
    const throughDescendants = plan.links.some((link) => link.path === 'direct' && link.start.slice(link.start.indexOf(':') + 1) !== plan.value);
    lines.push(
      `${subject}${throughDescendants ? ' has no link of its own; through its descendants it' : ''} is linked to ${byPath.direct.length} code${byPath.direct.length === 1 ? '' : 's'} of ${targetLabel}: ${byPath.direct
        .slice(0, 6)
        .map((link) => `${codeText(link.target)}${link.relation ? ` (${link.relation})` : ''}`)
        .join('; ')}${byPath.direct.length > 6 ? '; …' : ''}.`,
    );
  }
  if (byPath['two-hop'].length) {
    lines.push(`It has no link of its own to ${targetLabel}; through another scheme it reaches ${byPath['two-hop'].slice(0, 6).map((link) => `${codeText(link.target)} (via ${link.parent})`).join('; ')}${byPath['two-hop'].length > 6 ? '; …' : ''}. These are not links of its own, so they are drawn differently.`);
  }
  if (byPath['default-to-parent'].length) {
    lines.push(`It is marked ‘default to parent’: it takes the links of ${byPath['default-to-parent'][0]!.parent}, which reach ${byPath['default-to-parent'].slice(0, 6).map((link) => codeText(link.target)).join('; ')}.`);
  }
  const depth = planner.settings.depth;
  lines.push(
    depth === null
      ? `The conversion keeps the codes the links name (target depth ‘Max’).`
      : `The conversion stops at depth ${depth} of ${targetLabel} (‘${targetDepthLabels[conversion.target_depth]}’): ${plan.original.length === 1 ? `its links all fall under ${codeText(plan.original[0]!)}` : `its links fall under ${plan.original.length} codes there: ${plan.original.slice(0, 6).map(codeText).join('; ')}`}.`,
  );
  if (plan.problematic && !decided) {
    lines.push(
      conversion.aggregation === 'closest-common-parent' && plan.targets.length === 1
        ? `More than one code at the target depth holds a link, so it is problematic; with ‘Closest common parent’ its rows go to ${codeText(plan.targets[0]!.code)}.`
        : `More than one code at the target depth holds a link, so it is problematic; its rows are split ${splitText(conversion.weighting, plan)}: ${plan.targets.map((item) => `${codeText(item.code)} ${(item.share * 100).toFixed(1)}%`).join('; ')}.`,
    );
  }
  if (decided) lines.push(`A user decided where it goes: ${plan.targets.map((item) => `${codeText(item.code)} ${(item.share * 100).toFixed(1)}%`).join('; ') || 'nowhere (not converted)'}. ‘Restore original conversion’ goes back to its links.`);
  return lines;
}
