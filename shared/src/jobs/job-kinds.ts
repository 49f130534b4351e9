import { z } from 'zod';
import { crosswalkColumns, crosswalkRelationMap, keptSetLink, linkRelation } from '../contracts/links.js';
import { schemeId } from '../contracts/schemes.js';
import { predictionReading } from '../contracts/prediction-reading.js';

export const jobStates = ['queued', 'active', 'retrying', 'completed', 'failed'] as const;
export type JobState = (typeof jobStates)[number];

/** BullMQ key prefix under the app's Redis prefix, shared by queues (api), workers and bull-board. */
export const bullPrefix = (redisPrefix: string): string => `${redisPrefix}:bull`;

/**
 * The one progress shape every kind reports: what it is doing, how far, out of how much. On the
 * wire the phase is any string; a kind's own reports ({@link JobProgressOf}) name only its phases.
 */
export const jobProgress = z.object({
  phase: z.string(),
  done: z.number().nonnegative(),
  total: z.number().nonnegative().nullable(),
  unit: z.string(),
  message: z.string().optional(),
});
export type JobProgress = z.infer<typeof jobProgress>;

interface JobKindDefinition<Input extends z.ZodType, Result extends z.ZodType, Phases extends z.ZodEnum> {
  /** Shown to people in job lists. */
  label: string;
  input: Input;
  /** What its progress reports say it is doing; the web labels each one. */
  phases: Phases;
  result: Result;
  /** Attempts before a job is marked failed (a killed worker counts as one). */
  attempts: number;
}

function defineJobKind<Input extends z.ZodType, Result extends z.ZodType, Phases extends z.ZodEnum>(
  definition: JobKindDefinition<Input, Result, Phases>,
): JobKindDefinition<Input, Result, Phases> {
  return definition;
}

/** The phases of a prediction file's import, which a prediction run goes through too (it imports what it coded). */
const predictionImportPhases = z.enum(['reading', 'grouping', 'indexing', 'done']);

/**
 * Every job kind, declared once: the queue it runs on, its input, the phases its progress goes
 * through, the result it returns.
 * The API validates input with these schemas before it enqueues; workers parse again before
 * they run, so a job's data is always of its kind's shape.
 */
/**
 * Why a title of a prediction run has no prediction: the built-in coder knows no title near it, or
 * knows no title in its language at all; or the run's service (OccCANINE, an LLM) gave none.
 */
export const uncodedReasons = ['no known title near it', 'no training data in this language', 'no prediction from the model'] as const;
export type UncodedReason = (typeof uncodedReasons)[number];

/** What a run's coder learned from: coded titles in all, and per source with the source's language (ISO 639; null: not known). */
const learnedFrom = z.object({
  titles: z.number().int().nonnegative(),
  sources: z.array(z.object({ name: z.string(), language: z.string().nullable().default(null), titles: z.number().int().nonnegative() })),
});

/** A run's titles without a prediction, counted per language of the titles (ISO 639; null: not known) and reason. */
const uncodedCounts = z.array(z.object({ language: z.string().nullable(), reason: z.enum(uncodedReasons), titles: z.number().int().nonnegative() }));

export const jobKinds = {
  /**
   * Deletes expired login sessions in batches, and upload files no job will read any more (left by
   * a crash). Scheduled hourly; admins may run it at once.
   */
  'session.cleanup': defineJobKind({
    label: 'Clean up expired sessions',
    input: z.object({
      batchSize: z.number().int().min(1).max(100_000).default(5_000),
    }),
    phases: z.enum(['deleting', 'done']),
    result: z.object({ deleted: z.number().int().nonnegative(), strayUploads: z.number().int().nonnegative().default(0) }),
    attempts: 3,
  }),
  /** Imports a scheme file (CSV or SKOS Turtle) into the triple store, replacing the scheme's codes in place. */
  'scheme.import': defineJobKind({
    label: 'Import scheme',
    input: z.object({
      scheme: schemeId,
      format: z.enum(['csv', 'turtle']),
      /** The stored upload, under DATA_DIR/uploads. */
      path: z.string(),
      originalName: z.string(),
    }),
    phases: z.enum(['validating', 'preparing', 'writing', 'done']),
    result: z.object({
      codes: z.number().int().nonnegative(),
      added: z.number().int().nonnegative(),
      kept: z.number().int().nonnegative(),
      removed: z.number().int().nonnegative(),
    }),
    attempts: 2,
  }),
  /**
   * Reads a stored dataset upload (CSV, or the rows of the JSON form) into the dataset's rows:
   * distinct (title, code) pairs with summed totals, loaded with COPY and made visible at once at the end.
   */
  'dataset.ingest': defineJobKind({
    label: 'Ingest dataset',
    input: z.object({
      datasetId: z.string().uuid(),
      /** The stored upload, under DATA_DIR/uploads. */
      path: z.string(),
      format: z.enum(['csv', 'json']),
    }),
    phases: z.enum(['reading', 'grouping', 'indexing', 'done', 'deleted']),
    result: z.object({
      rows: z.number().int().nonnegative(),
      titles: z.number().int().nonnegative(),
      bytes: z.number().int().nonnegative(),
      encoding: z.string(),
    }),
    attempts: 3,
  }),
  /**
   * Links the codes of two schemes from a crosswalk file (CSV or SSSOM TSV): every row read first
   * (a file that fails names its line and links nothing), then the new links written at once.
   */
  'crosswalk.import': defineJobKind({
    label: 'Import crosswalk',
    input: z.object({
      source: schemeId,
      target: schemeId,
      /** The relation of rows that name none, read from source to target. */
      relation: linkRelation,
      /** The stored upload, under DATA_DIR/uploads. */
      path: z.string(),
      originalName: z.string(),
      /** A header name, or `none`; absent: detected (api/src/links/crosswalk-file/csv-table.ts). */
      weightColumn: z.string().optional(),
      /** Relation values of the file read as these SKOS relations. */
      relationMap: crosswalkRelationMap.optional(),
      /** The set's name (absent: the file's name), licence, provenance and how a CSV's rows were matched. */
      name: z.string().optional(),
      license: z.string().optional(),
      origin: z.string().optional(),
      justification: z.string().optional(),
    }),
    phases: z.enum(['reading', 'writing', 'done']),
    result: z.object({
      /** Links the file added. */
      imported: z.number().int().nonnegative(),
      /** Rows whose two codes were linked already (by the store, or by an earlier row of the file). */
      alreadyPresent: z.number().int().nonnegative(),
      /** Rows not made a link of; each with its reason in the refused rows' download. */
      refused: z.number().int().nonnegative(),
      /** Which columns of the file were read as what (absent from imports made before it was said). */
      columns: crosswalkColumns.optional(),
      /** The crosswalk set the import made (absent from imports made before sets, and when the same file of the pair was imported before: `sameAs`). */
      setId: z.string().uuid().optional(),
      /** The set that holds the same file already: the import added nothing. */
      sameAs: z.string().uuid().optional(),
    }),
    attempts: 2,
  }),
  /**
   * Takes back a crosswalk set: removes its links that no admin made again or confirmed since (those
   * are kept, listed in the result), then the set itself.
   */
  'crosswalk.remove-set': defineJobKind({
    label: 'Remove crosswalk set',
    input: z.object({ setId: z.string().uuid() }),
    phases: z.enum(['removing', 'done']),
    result: z.object({
      removed: z.number().int().nonnegative(),
      kept: z.number().int().nonnegative(),
      /** The kept links (the first 1,000). */
      keptLinks: z.array(keptSetLink),
    }),
    attempts: 3,
  }),
  /**
   * Reads a prediction file (OCCPAST JSON or OccCANINE CSV) into its prediction set's entries: one
   * per distinct string, per URI the highest confidence, codes the scheme lacks kept and flagged,
   * a dataset's totals joined; made visible at once at the end.
   */
  'predictions.import': defineJobKind({
    label: 'Import predictions',
    input: z.object({
      predictionSetId: z.string().uuid(),
      /** The stored upload, under DATA_DIR/uploads. */
      path: z.string(),
      originalName: z.string(),
      /** The column-mapping step's reading of the file (issue 28); without one the layout is recognised. */
      reading: predictionReading.optional(),
    }),
    phases: predictionImportPhases,
    result: z.object({
      format: z.string(),
      /** Rows (CSV) or entries (JSON) of the file. */
      rows: z.number().int().nonnegative(),
      /** Distinct strings stored. */
      entries: z.number().int().nonnegative(),
      emptyTitles: z.number().int().nonnegative(),
      /** Predictions naming a code its scheme does not have (kept, flagged). */
      unknownCodes: z.number().int().nonnegative(),
      ignoredColumns: z.array(z.string()),
      bytes: z.number().int().nonnegative(),
      /** Seconds each phase took (reading, grouping, indexing, attaching): where an import's time went. */
      phaseSeconds: z.record(z.string(), z.number()).optional(),
    }),
    attempts: 3,
  }),
  /**
   * Codes a dataset's distinct titles into a scheme with a coder ('builtin': the coder
   * that learns from coded titles, reviews and labels, offline) and imports the result as the
   * prediction set's entries, the shape an import gives, so the review and exports just work.
   */
  'predictions.run': defineJobKind({
    label: 'Run predictions',
    input: z.object({
      predictionSetId: z.string().uuid(),
      datasetId: z.string().uuid(),
      scheme: schemeId,
      model: z.string(),
      /** Who asked: the coder learns from what they may see. */
      actorId: z.string().uuid(),
    }),
    phases: z.enum(['waiting', 'learning', 'coding', ...predictionImportPhases.options]),
    result: z.object({
      model: z.string(),
      /** Distinct titles of the dataset, and how many got a prediction. */
      titles: z.number().int().nonnegative(),
      coded: z.number().int().nonnegative(),
      /** What the coder learned from: titles in all, and per source with its language. */
      learnedFrom,
      phaseSeconds: z.record(z.string(), z.number()).optional(),
      /** Parts the titles were coded in (`predictions.run-chunk` jobs), and how many worker processes coded them. */
      chunks: z.number().int().nonnegative().optional(),
      workers: z.number().int().nonnegative().optional(),
      /** Titles an LLM's answers left out even when asked again (uncoded, for a reviewer). */
      unanswered: z.number().int().nonnegative().optional(),
      /** Titles without a prediction, per language and why. */
      uncoded: uncodedCounts.optional(),
      /**
       * With a language column: titles coded without a language, and of those the ones whose
       * column values name no language, with those values (most titles first, at most 10).
       */
      withoutLanguage: z
        .object({
          titles: z.number().int().nonnegative(),
          unknown: z.object({ titles: z.number().int().nonnegative(), values: z.array(z.object({ value: z.string(), titles: z.number().int().nonnegative() })) }),
          note: z.string(),
        })
        .optional(),
    }),
    attempts: 3,
  }),
  /**
   * Codes one chunk of a prediction run's titles (stored with the run's set) with the run's model
   * and stores the chunk's entries for the run to import; any worker process may take one, so a
   * large dataset is coded by all of them at once. A process keeps what it learned for the run
   * between the chunks it takes.
   */
  'predictions.run-chunk': defineJobKind({
    label: 'Run predictions (part)',
    input: z.object({
      predictionSetId: z.string().uuid(),
      chunk: z.number().int().nonnegative(),
      datasetId: z.string().uuid(),
      scheme: schemeId,
      model: z.string(),
      actorId: z.string().uuid(),
      /** Requests this chunk may make to an external coder (its share of the run's cap). */
      requestBudget: z.number().int().nonnegative(),
    }),
    phases: z.enum(['learning', 'candidates', 'coding']),
    result: z.object({
      titles: z.number().int().nonnegative(),
      coded: z.number().int().nonnegative(),
      learnedFrom,
      /** The worker process that coded it (host:pid). */
      worker: z.string(),
      /** Titles an LLM's answers left out even when asked again (uncoded). */
      unanswered: z.number().int().nonnegative().default(0),
      /** Titles without a prediction, per language and why. */
      uncoded: uncodedCounts.default([]),
    }),
    attempts: 3,
  }),
  /**
   * Maps every unmapped entry of a prediction set whose best prediction is at least `minConf` sure
   * to that prediction, in batches; each mapping is logged with `batchId`, so one call undoes the
   * whole acceptance. A retry carries on where the last attempt stopped (mapped entries are not
   * taken again).
   */
  'predictions.bulk-accept': defineJobKind({
    label: 'Accept predictions',
    input: z.object({
      predictionSetId: z.string().uuid(),
      minConf: z.number().min(0).max(1),
      batchId: z.string().uuid(),
      /** Who asked: the mappings are theirs. */
      actorId: z.string().uuid(),
    }),
    phases: z.enum(['accepting', 'done']),
    result: z.object({
      /** Entries this acceptance mapped (over every attempt). */
      accepted: z.number().int().nonnegative(),
      batchId: z.string().uuid(),
    }),
    attempts: 3,
  }),
  /**
   * Suggests links from one scheme to another (issue 31): for each leaf of the source without a
   * link to the target (every leaf with `all`), up to ten candidates scored from the codes' words,
   * titles coded in both schemes, the target's built-in coder and chains through linked schemes;
   * the pair's candidates replaced at once at the end.
   */
  'links.suggest': defineJobKind({
    label: 'Suggest links',
    input: z.object({ source: schemeId, target: schemeId, all: z.boolean().default(false), actorId: z.string().uuid() }),
    phases: z.enum(['gathering', 'scoring', 'storing', 'done']),
    result: z.object({
      /** Source codes looked at, and those given at least one candidate. */
      codes: z.number().int().nonnegative(),
      suggested: z.number().int().nonnegative(),
      /** Evidence counted per kind (candidates that carry it). */
      evidence: z.record(z.string(), z.number().int().nonnegative()),
    }),
    attempts: 2,
  }),
  /**
   * Converts a dataset's codes (or a prediction set's reviewed mappings) into another scheme
   * through the link graph: sums per source code, each code placed (direct links, two
   * hops, default to parent), split in whole parts among its targets; stored at once.
   */
  'conversion.run': defineJobKind({
    label: 'Convert codes',
    input: z.object({
      conversionId: z.string().uuid(),
      actorId: z.string().uuid(),
    }),
    phases: z.enum(['grouping', 'linking']),
    result: z.object({
      sourceCodes: z.number().int().nonnegative(),
      problematic: z.number().int().nonnegative(),
    }),
    attempts: 3,
  }),
} as const;

export type JobKind = keyof typeof jobKinds;
export type JobInput<K extends JobKind> = z.infer<(typeof jobKinds)[K]['input']>;
export type JobResult<K extends JobKind> = z.infer<(typeof jobKinds)[K]['result']>;
export type JobPhase<K extends JobKind> = z.infer<(typeof jobKinds)[K]['phases']>;
/** A progress report of kind `K`: its phase one of the kind's phases. */
export type JobProgressOf<K extends JobKind> = Omit<JobProgress, 'phase'> & { phase: JobPhase<K> };

export const jobKindNames = Object.keys(jobKinds) as JobKind[];

export function isJobKind(value: string): value is JobKind {
  return Object.hasOwn(jobKinds, value);
}

/** Whether a string can be a job's id (ours are `{kind}-{key}`; BullMQ's scheduled ones `repeat:{name}:{time}`). */
export function isJobIdShaped(id: string): boolean {
  return /^[A-Za-z0-9_.:-]{1,200}$/.test(id);
}

/**
 * A deterministic job id: the same kind and request key always name the same job, so a
 * retried request joins the job it already started instead of starting it twice.
 * BullMQ job ids may not contain ':'; the key is restricted to URL-safe characters.
 */
export function jobIdFor(kind: JobKind, requestKey: string): string {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(requestKey)) {
    throw new Error(`Invalid job request key: ${JSON.stringify(requestKey)}`);
  }
  return `${kind}-${requestKey}`;
}
