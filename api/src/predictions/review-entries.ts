import type { NoEntrySummary, PredictionEntryAnswer } from '@og/shared/contracts/predictions';
import { languageOfValues, titleLanguage } from '@og/shared/domain/languages';
import { contextLanguages, contextUris, presentEntryContext, setReading } from './entry-context.js';
import { findEntryContextSources } from '../db/queries/prediction-entry-context.js';
import type { AppContext } from '../context.js';
import type { Queryable } from '../db/database.js';
import { findEntryLanguageSources } from '../db/queries/dataset-title-languages.js';
import { findDatasetHeading } from '../db/queries/datasets.js';
import { findEntryReason } from '../db/queries/prediction-entry-reasons.js';
import { type EntryRow, neighbours, type ReviewScope } from '../db/queries/prediction-entry-navigation.js';
import { countBelowThreshold } from '../db/queries/prediction-set-counts.js';
import type { PredictionSetRow } from '../db/queries/prediction-sets.js';
import { CodeDetails } from './node-details.js';
import { entryUris, presentEntry, presentNoEntrySummary } from './prediction-set-presenter.js';

/**
 * An entry as the review shows it: with the entries before and after it in the review's scope and
 * order, the details of every code it names, its title's language, and, without predictions, why
 * its set's run gave none.
 */
export async function readReviewEntry(app: Pick<AppContext, 'db' | 'schemes'>, scope: ReviewScope, entry: EntryRow): Promise<PredictionEntryAnswer> {
  const [around, languageSources, noPredictionReason, contextSources] = await Promise.all([
    neighbours(app.db, scope, entry),
    findEntryLanguageSources(app.db, scope.setId, entry.string),
    entry.predictions.length === 0 ? findEntryReason(app.db, scope.setId, entry.string) : null,
    findEntryContextSources(app.db, scope.setId, entry.string),
  ]);
  const context = presentEntryContext(entry.context, setReading(contextSources.stats), contextSources.dataset);
  // Reference codes and the dataset's codes are shown with their names.
  const codes = contextUris(context);
  const details = await CodeDetails.of(app.schemes, [...entryUris(entry), ...codes]);
  const answer = presentEntry(entry, around, details);
  if (codes.length) Object.assign(answer.nodeDetails, details.details(codes));
  // The title's language, shown beside it: its dataset's (its language, or its rows' in its language column), else its rows' in the file.
  const language = (languageSources ? titleLanguage(languageSources, languageSources.values) : null) ?? languageOfValues(contextLanguages(entry.context));
  return { ...answer, predictionEntry: { ...answer.predictionEntry, language, noPredictionReason, context } };
}

/** What the review shows when no entry is in its scope (SPEC §8's 'No {filter} entry found in dataset' table). */
export async function readNoEntrySummary(db: Queryable, set: PredictionSetRow, scope: ReviewScope): Promise<NoEntrySummary> {
  const counts = await countBelowThreshold(db, set.id, scope.threshold);
  const dataset = set.dataset_id ? await findDatasetHeading(db, set.dataset_id) : null;
  return presentNoEntrySummary(set, scope, counts, dataset?.title ?? null);
}
