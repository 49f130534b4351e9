import type { Conversion, ConversionPath, ConversionSourceCode, ConversionSummary, NotConvertedReason } from '@og/shared/contracts/conversions';
import type { LinkRelation } from '@og/shared/contracts/links';
import { isSchemeId, type SchemeId } from '@og/shared/domain/schemes';
import type { ConversionCodeRow, ConversionRow } from '../db/queries/conversions.js';

/** A conversion as its list and its page show it. */
export function presentConversion(row: ConversionRow): Conversion {
  return {
    id: row.id,
    datasetId: row.dataset_id,
    datasetTitle: row.dataset_title,
    predictionSetId: row.prediction_set_id,
    predictionSetName: row.prediction_set_name,
    sourceSchemes: row.source_schemes.filter(isSchemeId),
    targetScheme: row.target_scheme as SchemeId,
    targetDepth: row.target_depth,
    aggregation: row.aggregation,
    weighting: row.weighting,
    referenceDatasetId: row.reference_dataset_id,
    totalsColumns: row.totals_columns,
    state: row.state,
    error: row.error,
    jobId: row.job_id,
    ownerId: row.owner_id,
    createdAt: row.created_at.toISOString(),
    summary: (row.summary as ConversionSummary | null) ?? null,
  };
}

/** A source code as the walk lists it, its targets named from the target scheme's tree. */
export function presentSourceCode(row: ConversionCodeRow, targetNames: Readonly<Record<string, { name: string; label: string }>>): ConversionSourceCode {
  const colon = row.source_uri.indexOf(':');
  const scheme = row.source_uri.slice(0, colon);
  return {
    uri: row.source_uri,
    scheme: (isSchemeId(scheme) ? scheme : 'hisco') as SchemeId,
    code: row.source_uri.slice(colon + 1),
    name: row.name,
    occurrences: Number(row.occurrences),
    problematic: row.problematic,
    decided: row.decision !== null,
    reason: (row.reason as NotConvertedReason | null) ?? (row.targets.length ? null : 'no link'),
    targets: row.targets.map((target) => ({
      code: targetNames[target.code]?.label ?? target.code,
      name: targetNames[target.code]?.name ?? '',
      share: target.share,
      path: target.path as ConversionPath,
      relation: (target.relation as LinkRelation | null) ?? null,
    })),
  };
}
