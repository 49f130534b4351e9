import type { ConversionWeighting } from '@og/shared/contracts/conversions';
import { isSchemeId, type SchemeId, schemeIds } from '@og/shared/domain/schemes';
import type { Database } from '../db/database.js';
import type { DatasetRow } from '../db/queries/datasets.js';
import { countWeightedLinks } from '../db/queries/link-weights.js';
import type { SchemeContext } from '../schemes/scheme-context.js';

/**
 * The weighting a conversion gets when none is named: 'crosswalk' when links from the scheme of the
 * codes converted into the target carry weights (shares of their source code), else 'equal'. The
 * codes' scheme is the dataset's code column's; reviewed mappings (a prediction set's, or a
 * dataset without a code column) may name any scheme, so then any scheme's weighted links count.
 * The 'New conversion' form asks for it to preselect the same weighting.
 */
export async function defaultWeighting(
  deps: { db: Database; schemes: SchemeContext },
  dataset: Pick<DatasetRow, 'metadata'>,
  request: { targetScheme: SchemeId; predictionSetId?: string | undefined },
): Promise<ConversionWeighting> {
  const codeScheme = dataset.metadata.codeColumn && dataset.metadata.scheme && isSchemeId(dataset.metadata.scheme) ? dataset.metadata.scheme : null;
  const sources = !request.predictionSetId && codeScheme ? [codeScheme] : schemeIds.filter((scheme) => scheme !== request.targetScheme);
  const weightedLinks = await countWeightedLinks(
    deps.db,
    sources.filter((scheme) => scheme !== request.targetScheme).map((scheme) => deps.schemes.iris.codePrefix(scheme)),
    deps.schemes.iris.codePrefix(request.targetScheme),
  );
  return { weighting: weightedLinks > 0 ? 'crosswalk' : 'equal', weightedLinks };
}
