import { z } from 'zod';
import { schemeId } from './schemes.js';
import { plainText } from './validation.js';
import { setConfidences } from './prediction-reading.js';
import { readLanguage, severalLanguages } from '../domain/languages.js';
import { jobProgress, jobStates } from '../jobs/job-kinds.js';

/**
 * Datasets of occupational titles (SPEC §3 "Dataset", "Dataset creation payload"; DESIGN §4, §5).
 * A dataset is created by an upload and filled by the `dataset.ingest` job: its rows are the
 * distinct (title, code) pairs of the file, each with the sums of the chosen totals columns.
 */

/** A CSV column name as the header gives it. */
const columnName = plainText(1_000).refine((value) => value.length > 0, 'A column name cannot be empty');

/** A Wikidata item id such as Q42 (SPEC §5), checked the same in the wizard and on the server. */
export const wikidataQid = z.string().regex(/^Q[1-9]\d{0,11}$/, 'A Wikidata QID looks like Q42');

/** A year the titles may come from: the year-range picker's bounds. */
export const periodYearBounds = { min: 1000, max: 2100 } as const;
const periodYear = z.number().int().min(periodYearBounds.min).max(periodYearBounds.max);

/**
 * The titles' language: an ISO 639 code (639-1 where the language has one, else 639-3), or `mul`
 * for several. A code of the other kind or an English name is taken as its code ('dan', 'Danish'
 * → 'da'); empty is none; anything else is refused.
 */
export const datasetLanguage = z
  .string()
  .max(100)
  .transform((value, context) => {
    const trimmed = value.trim();
    if (trimmed === '') return null;
    if (trimmed.toLowerCase() === severalLanguages) return severalLanguages;
    const code = readLanguage(trimmed);
    if (code === null) {
      context.addIssue({ code: 'custom', message: 'The language is an ISO 639 code (such as nl or dan), an English language name, or mul for several' });
      return z.NEVER;
    }
    return code;
  });

/** The years the titles come from (the wizard's year-range picker); one year is `from === to`. */
export const datasetPeriod = z
  .object({ from: periodYear, to: periodYear })
  .refine((period) => period.from <= period.to, { message: 'The period ends before it starts', path: ['to'] });
export type DatasetPeriod = z.infer<typeof datasetPeriod>;

/** What the wizard sends as `metadata` (SPEC §2 "Upload wizard", §3 "Dataset creation payload"). */
export const datasetMetadata = z
  .object({
    title: plainText(300).refine((value) => value.trim().length > 0, 'Dataset title is required'),
    titleColumn: columnName.nullable().default(null),
    codeColumn: columnName.nullable().default(null),
    /** The scheme the code column is in (needed with a code column). */
    scheme: schemeId.nullable().default(null),
    totalsColumns: z.array(columnName).max(50).default([]),
    /** The titles' language, or `mul` (several: with a language column, each row's says which). */
    language: datasetLanguage.nullable().default(null),
    /** A column whose values say each row's language (codes or English names); an unknown value says none. */
    languageColumn: columnName.nullable().default(null),
    provenance: plainText(2_000).nullable().default(null),
    wikidataQid: wikidataQid
      .nullable()
      .default(null)
      .or(z.literal('').transform(() => null)),
    period: datasetPeriod.nullable().default(null),
    predictSingleScheme: z.boolean().default(false),
    predictScheme: schemeId.nullable().default(null),
    restrictPredictionsWithCodes: z.boolean().default(false),
    /** Counts the browser found (SPEC §3); informative only, the ingest job counts for itself. */
    titleCount: z.number().int().nonnegative().optional(),
    codeCount: z.number().int().nonnegative().optional(),
  })
  .refine((metadata) => metadata.titleColumn !== null || metadata.codeColumn !== null, {
    message: 'Choose a title column or a code column',
    path: ['titleColumn'],
  })
  .refine((metadata) => metadata.languageColumn === null || metadata.language === null || metadata.language === severalLanguages, {
    message: 'A language column says the languages: the dataset’s language is then left out (or several, mul)',
    path: ['language'],
  })
  .refine((metadata) => metadata.languageColumn === null || metadata.titleColumn !== null, {
    message: 'A language column needs a title column',
    path: ['languageColumn'],
  })
  .refine((metadata) => metadata.languageColumn === null || (metadata.languageColumn !== metadata.titleColumn && metadata.languageColumn !== metadata.codeColumn), {
    message: 'The language column is another column than the title and code columns',
    path: ['languageColumn'],
  })
  .refine((metadata) => new Set(metadata.totalsColumns).size === metadata.totalsColumns.length, {
    message: 'A totals column is chosen twice',
    path: ['totalsColumns'],
  });
export type DatasetMetadata = z.infer<typeof datasetMetadata>;
export type DatasetMetadataInput = z.input<typeof datasetMetadata>;

/** One row of the JSON form of `POST /api/datasets` (SPEC §7): totals are the chosen totals columns' values. */
export const datasetJsonRow = z.object({
  title: z.string().max(100_000).nullable().default(''),
  code: z.string().max(1_000).nullable().default(''),
  totals: z.array(z.union([z.number(), z.string()])).max(50).default([]),
});

/** The JSON form of `POST /api/datasets`, for small scripted uploads. */
export const datasetJsonUpload = z.object({
  data: z.array(datasetJsonRow).max(1_000_000),
  metadata: z.unknown(),
});

export const datasetStates = ['ingesting', 'ready', 'failed'] as const;
export type DatasetState = (typeof datasetStates)[number];

/** A prediction set (SPEC §3 "Prediction set"), with its import's state and what the lists show beside it. */
export const predictionSetSummary = z.object({
  id: z.string(),
  dataset_id: z.string().nullable(),
  slug: z.string(),
  table_name: z.string(),
  threshold: z.number(),
  filter: z.enum(['all', 'mapped', 'unmapped']),
  total: z.number(),
  created_at: z.string(),
  name: z.string(),
  state: z.enum(['importing', 'ready', 'failed']),
  error: z.string().nullable(),
  jobId: z.string().nullable(),
  format: z.string().nullable(),
  reviewOrder: z.enum(['file', 'totals', 'confidence']),
  isOwner: z.boolean(),
  /** How its confidences came (issue 28): from the file, none, or given at import for the first-ranked code; null before the import is done. */
  confidences: setConfidences.nullable().optional(),
  /**
   * A ready set's 'Mapping progress' under its own threshold (issue 28): its entries below the
   * threshold and how many of them are mapped; null where the list does not count them.
   */
  progress: z.object({ belowThreshold: z.number().int().nonnegative(), mapped: z.number().int().nonnegative() }).nullable().optional(),
  /** A ready set whose other indexes (search, the other orders, the filtered walks) are still being built: reviewable, those answer slower (issue 32). */
  indexing: z.boolean().optional(),
});
export type PredictionSetSummary = z.infer<typeof predictionSetSummary>;
export type PredictionSetProgress = NonNullable<PredictionSetSummary['progress']>;

/** The live part of a dataset: its ingest job's state and last progress (from `job_runs`). */
export const datasetIngest = z.object({
  jobId: z.string().nullable(),
  jobState: z.enum(jobStates).nullable(),
  progress: jobProgress.nullable(),
});

/** A dataset as lists and pages show it (SPEC §3 "Dataset" plus state and counts). */
export const datasetSummary = z.object({
  id: z.string(),
  metadata: datasetMetadata.and(z.object({ originalName: z.string().nullable().optional() })),
  created_at: z.string(),
  prediction_sets: z.array(predictionSetSummary),
  owner: z.object({ id: z.string().nullable(), username: z.string().nullable(), name: z.string().nullable() }),
  /** Whether the one asking owns it (else: a collaborator or an admin). */
  isOwner: z.boolean(),
  collaborators: z.array(z.object({ id: z.string(), username: z.string(), name: z.string() })),
  state: z.enum(datasetStates),
  error: z.string().nullable(),
  /** Rows read from the file (null until ingested). */
  rowCount: z.number().nullable(),
  /** Distinct (title, code) rows stored. */
  titleCount: z.number().nullable(),
  byteSize: z.number().nullable(),
  ingest: datasetIngest,
});
export type DatasetSummary = z.infer<typeof datasetSummary>;

/** `GET /api/datasets` (SPEC §7: list of datasets with prediction_sets): own and shared. */
export const datasetList = z.object({ datasets: z.array(datasetSummary) });
export type DatasetList = z.infer<typeof datasetList>;

/**
 * `GET /api/datasets/limits`: what `POST /api/datasets` accepts, so the wizard can refuse a file
 * before reading or sending it. `fileLimitBytes` is DATASET_FILE_LIMIT: a larger CSV answers 413.
 */
export const datasetLimits = z.object({ fileLimitBytes: z.number().int().positive() });
export type DatasetLimits = z.infer<typeof datasetLimits>;

/**
 * `GET /api/datasets/languages`: the languages of the coded titles the server ships (its titles
 * manifest), most coded files first, which the wizard offers before every other language.
 */
export const datasetLanguages = z.object({ shipped: z.array(z.string()) });
export type DatasetLanguages = z.infer<typeof datasetLanguages>;

/** `POST /api/datasets` answers 202 with this as soon as the file is stored. */
export const datasetAccepted = z.object({ datasetId: z.string(), jobId: z.string() });
export type DatasetAccepted = z.infer<typeof datasetAccepted>;

/** One stored row: a distinct (title, code) with the sums of the totals columns, in metadata.totalsColumns order. */
export const datasetTitle = z.object({
  title: z.string(),
  code: z.string(),
  totals: z.array(z.number()),
  /** How many rows of the file had this title and code. */
  occurrences: z.number(),
});
export type DatasetTitle = z.infer<typeof datasetTitle>;

/** `GET /api/datasets/{id}/titles?limit&cursor`: keyset pages in (title, code) order. */
export const datasetTitlesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(10_000).default(100),
  /** Room for a last row whose title and code are at the 2,000-character limit, in any script. */
  cursor: z.string().max(16_000).optional(),
});
export const datasetTitlesPage = z.object({ titles: z.array(datasetTitle), nextCursor: z.string().nullable() });
export type DatasetTitlesPage = z.infer<typeof datasetTitlesPage>;

/** `POST /api/datasets/{id}/collaborators`. */
export const addCollaboratorRequest = z.object({ username: plainText(200).transform((value) => value.trim()).refine((value) => value.length > 0, 'Username is required') });
export type AddCollaboratorRequest = z.infer<typeof addCollaboratorRequest>;
