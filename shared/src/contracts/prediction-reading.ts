import { z } from 'zod';
import { schemeIds } from '../domain/schemes.js';

/**
 * How a prediction file's columns are read (issue 28): the column-mapping step proposes a reading
 * from the file's header and first rows (`POST /api/predictions/preview`), the user may change it,
 * and the upload sends it back as the `reading` field. A file sent without one is read as its
 * layout is recognised.
 */

/**
 * The layouts a prediction file is recognised as. OCCPAST JSON and OccCANINE's `predict` CSVs
 * (wide: `hisco_k` with `prob_k`; greedy: `hisco_k` with one `conf`; top-k: greedy rows with
 * `top-k-pos`) are today's; `occcanine-eval` is OccCANINE's evaluation layout (the model's codes in
 * `hisco_pred{k}_0`, gold codes in `hisco_k`, no probabilities); `columns` is any other table,
 * read column by column as the reading says.
 */
export const predictionLayouts = ['occpast-json', 'occcanine-wide', 'occcanine-greedy', 'occcanine-topk', 'occcanine-eval', 'columns'] as const;
export type PredictionLayout = (typeof predictionLayouts)[number];

/**
 * The ways a CSV's rows become predictions. 'occcanine-wide': each code column with its
 * confidence column is one prediction, a slot OccCANINE left empty (`desc_k` 'No pred') skipped;
 * 'occcanine-greedy': a row's codes are one prediction with the confidence of the first code's
 * column (`conf`); 'occcanine-topk': greedy rows, consecutive rows of one title one entry ranked by
 * `top-k-pos`; 'columns': each code column is one prediction, with its confidence column or none.
 */
export const readingLayouts = ['occcanine-wide', 'occcanine-greedy', 'occcanine-topk', 'columns'] as const;
export type ReadingLayout = (typeof readingLayouts)[number];

/** Column names as the header writes them. */
const columnName = z.string().min(1).max(300);

export const readingCode = z.object({
  /** The column of this rank's code (a cell may hold several codes joined by `&`, as OccCANINE writes them). */
  column: columnName,
  /** The column of its confidence (0 to 1), or null: the file gives none. */
  confidence: columnName.nullable(),
  /**
   * Code columns of one answer are one prediction (the several occupations of one answer, as in
   * OccCANINE's evaluation layout, where `{system}_pred{k}_{j}` is occupation k of answer j);
   * without it each code column is a prediction of its own.
   */
  answer: z.number().int().nonnegative().optional(),
});
export type ReadingCode = z.infer<typeof readingCode>;

export const predictionReading = z
  .object({
    layout: z.enum(readingLayouts),
    /** The title column: the strings the model coded. */
    title: columnName,
    /** Code columns, best rank first. */
    codes: z.array(readingCode).min(1, 'Choose at least one code column').max(50),
    /** The scheme the codes are codes of. */
    scheme: z.enum(schemeIds),
    /**
     * For a file without confidences: the confidence given to each entry's first-ranked code (its
     * other codes have none); null leaves every prediction without one (below any threshold).
     */
    firstConfidence: z.number().min(0, 'A confidence is a number from 0 to 1').max(1, 'A confidence is a number from 0 to 1').nullable().default(null),
    /** A column of the titles' languages (ISO 639 codes or names), or null. */
    language: columnName.nullable().default(null),
    /** Columns kept with each entry (year, source, row id, …): shown under the title, searched, exported. */
    context: z.array(columnName).max(30).default([]),
    /** Columns of reference (gold) codes kept with each entry, shown as its 'reference code'. */
    reference: z.array(columnName).max(10).default([]),
  })
  .refine((reading) => new Set(reading.codes.map((code) => code.column)).size === reading.codes.length, 'A code column is chosen twice');
export type PredictionReading = z.infer<typeof predictionReading>;
export type PredictionReadingInput = z.input<typeof predictionReading>;

/** One entry as it will be stored, as the preview shows it (before identical titles are merged). */
export const previewEntry = z.object({
  /** The line it starts on (a CSV's header is line 1). */
  line: z.number().int().positive(),
  string: z.string(),
  /** `scheme:code` URIs, best first; `conf` null when the file gives none. */
  predictions: z.array(z.object({ uris: z.array(z.string()), conf: z.number().nullable() })),
  /** The language column's value, as written. */
  language: z.string().nullable(),
  /** The kept context and reference columns' values, by column. */
  context: z.record(z.string(), z.string()),
});
export type PreviewEntry = z.infer<typeof previewEntry>;

/** A problem the preview found, naming the line and the column where it is. */
export const readingProblem = z.object({
  line: z.number().int().nullable(),
  column: z.string().nullable(),
  message: z.string(),
});
export type ReadingProblem = z.infer<typeof readingProblem>;

/** `POST /api/predictions/preview` (multipart: `file`, optional `reading`). */
export const predictionPreview = z.object({
  /** The layout recognised (or `columns` when none was). */
  layout: z.enum(predictionLayouts),
  /** The header's columns, in order ([] for JSON). */
  columns: z.array(z.string()),
  /** The reading proposed (or the one sent, checked); null for OCCPAST JSON, read as it is. */
  reading: predictionReading.nullable(),
  /** The scheme most of the sampled codes are codes of, and the share of them it has (0 to 1). */
  scheme: z.enum(schemeIds).nullable(),
  schemeShare: z.number().min(0).max(1).nullable(),
  /** The first 20 entries as they will be stored. */
  entries: z.array(previewEntry).max(20),
  /** What would refuse the file or lose data (empty when it imports cleanly). */
  problems: z.array(readingProblem),
});
export type PredictionPreview = z.infer<typeof predictionPreview>;

/** One kept column of an entry: its most frequent values with how many rows had each. */
export const entryContext = z.object({
  column: z.string(),
  kind: z.enum(['context', 'reference', 'dataset']),
  /** `uri`: a reference or dataset code's URI (`hisco:61110`), whose name the answer's node details hold. */
  values: z.array(z.object({ value: z.string(), count: z.number().int().positive(), uri: z.string().nullable().optional() })),
});
export type EntryContext = z.infer<typeof entryContext>;

/** How the set's confidences came: from the file, none, or given at import for the first-ranked code. */
export const setConfidences = z.object({
  source: z.enum(['file', 'none', 'given']),
  /** The confidence given to each entry's first-ranked code ('given'). */
  given: z.number().nullable(),
});
export type SetConfidences = z.infer<typeof setConfidences>;

/**
 * The best confidence stored for an entry whose predictions carry no confidence: below any
 * threshold (thresholds are 0 to 1), so the entry is reviewed and never accepted in bulk.
 * Lists and answers show it as no confidence (null).
 */
export const noConfidenceBest = -1;

/** An entry's best confidence from its predictions: the highest given, {@link noConfidenceBest} when none gives one, 0 without predictions. */
export function bestConfidence(predictions: readonly { conf: number | null }[]): number {
  if (!predictions.length) return 0;
  const given = predictions.flatMap((prediction) => (prediction.conf === null ? [] : [prediction.conf]));
  return given.length ? Math.max(...given) : noConfidenceBest;
}

/** How a set read with `reading` (null: a known layout read as it is) has its confidences. */
export function readingConfidences(reading: Pick<PredictionReading, 'codes' | 'firstConfidence'> | null): SetConfidences {
  if (!reading || reading.codes.some((code) => code.confidence !== null)) return { source: 'file', given: null };
  return reading.firstConfidence !== null ? { source: 'given', given: reading.firstConfidence } : { source: 'none', given: null };
}

/** The key of an entry's stored context that holds its rows' languages (beside the kept columns' names). */
export const languageContextKey = '@language';
