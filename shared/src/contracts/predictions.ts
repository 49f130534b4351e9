import { z } from 'zod';
import { isSchemeId } from '../domain/schemes.js';
import { uncodedReasons } from '../jobs/job-kinds.js';
import { predictionSetSummary } from './datasets.js';
import { entryContext } from './prediction-reading.js';

/**
 * Prediction sets and their review (SPEC §3 "Prediction set", "Prediction set count", "Prediction
 * entry", "Tree node", "Node details"; §7 "Datasets, predictions, review"; DESIGN §4).
 */

/** SPEC §9: the review covers entries whose best confidence is below the threshold. */
export const defaultThreshold = 0.75;

export const predictionFilters = ['all', 'mapped', 'unmapped'] as const;
export type PredictionFilter = (typeof predictionFilters)[number];

/** SPEC §3: the filter is 'unmapped' when missing. */
export const predictionFilter = z.enum(predictionFilters).default('unmapped');

/** A threshold from the address: a number from 0 to 1, the set's own when missing. */
export const thresholdParam = z.coerce.number().min(0, 'The threshold is a number from 0 to 1').max(1, 'The threshold is a number from 0 to 1');

/** The order a set's entries are reviewed in: the file's, most frequent first, or least sure first. */
export const reviewOrders = ['file', 'totals', 'confidence'] as const;
export type ReviewOrder = (typeof reviewOrders)[number];

/** SPEC §3: a URI has the form scheme:code, with one of our schemes. */
export const predictionUri = z
  .string()
  .max(300)
  .refine((uri) => {
    const colon = uri.indexOf(':');
    return colon > 0 && colon < uri.length - 1 && isSchemeId(uri.slice(0, colon));
  }, 'A URI has the form scheme:code, with a known scheme');

export function splitPredictionUri(uri: string): { scheme: string; code: string } {
  const colon = uri.indexOf(':');
  return { scheme: uri.slice(0, colon), code: uri.slice(colon + 1) };
}

/** A prediction: its codes and its confidence, null when the file gave none (below any threshold). */
export const prediction = z.object({ uris: z.array(predictionUri), conf: z.number().min(0).max(1).nullable() });
export type Prediction = z.infer<typeof prediction>;

/** SPEC §3 "Tag options": the 16 tags a reviewer can add to a mapping. */
export const tagOptions = [
  'Apprentice',
  'Master',
  'Domestic/servant',
  'Ouvrier',
  'Employee',
  'Retired/former',
  'Self-employed',
  'Same occupation as spouse',
  'Part-time',
  'Assistant/helper/support',
  'Forced labour',
  'Student',
  'Day labour',
  'Currently unemployed',
  'Underground economy',
  'State employee',
] as const;
export const tag = z.enum(tagOptions);

/** A tag of a set's own (issue 29): typed by a reviewer, one line of plain text. */
export const customTagMaxLength = 60;
export const customTag = z
  .string()
  .trim()
  .min(1, 'A tag is not empty')
  .max(customTagMaxLength, `A tag is at most ${customTagMaxLength} characters`)
  // eslint-disable-next-line no-control-regex
  .refine((text) => !/[\u0000-\u001F\u007F]/.test(text), 'A tag is one line of text');

/** Whether a tag is one of SPEC's sixteen (the others are the set's own). */
export const isStandardTag = (value: string): boolean => (tagOptions as readonly string[]).includes(value);

/** SPEC §3 "Tree node (review)". */
export const reviewTreeNode = z.object({
  description: z.string().nullable().optional(),
  code: z.string(),
  codeValue: z.string(),
  name: z.string(),
  scheme: z.string(),
});
export type ReviewTreeNode = z.infer<typeof reviewTreeNode>;

/** SPEC §3 "Node details". */
export const nodeDetail = z.object({ name: z.string(), codeValue: z.string(), description: z.string().nullable().optional() });
export type NodeDetail = z.infer<typeof nodeDetail>;

export const mappings = z.object({
  treeNodes: z.array(reviewTreeNode).max(200).default([]),
  nodeURIs: z.array(predictionUri).max(200).default([]),
  predictionURIs: z.array(predictionUri).max(200).default([]),
  /** SPEC's sixteen tags, and tags of the set's own (issue 29). */
  tags: z.array(z.union([tag, customTag])).max(32).default([]),
});
export type Mappings = z.infer<typeof mappings>;

/** `GET /api/prediction-sets/{id}?threshold=`: SPEC §3 "Prediction set count". */
export const predictionSetCount = z.object({ totalBelowThreshold: z.number().int().nonnegative(), mappedCount: z.number().int().nonnegative() });
export type PredictionSetCount = z.infer<typeof predictionSetCount>;

/** `PATCH …?filter=&threshold=`: the stored filter with the counts under the stored threshold. */
export const predictionSetPatched = predictionSetCount.extend({ filter: z.enum(predictionFilters) });
export type PredictionSetPatched = z.infer<typeof predictionSetPatched>;

/** `GET …/entries/_first|{string}`: SPEC §3 "Prediction entry" and the details of every URI it names. */
export const predictionEntryAnswer = z.object({
  predictionEntry: z.object({
    string: z.string(),
    prev: z.string().nullable(),
    next: z.string().nullable(),
    predictions: z.array(prediction),
    mappings,
    /** Beyond SPEC: the mapping's version, sent back with a save (409 when someone saved since). */
    version: z.number().int().nonnegative(),
    /** The dataset's totals for this title (a set of a dataset), and how many rows had it. */
    totals: z.array(z.number()),
    occurrences: z.number(),
    /** URIs the scheme does not have (kept, flagged). */
    unknownURIs: z.array(z.string()),
    /** The title's language (ISO 639 code) by its dataset's language or language column; null when not known. */
    language: z.string().nullable().optional(),
    /** Why an entry without predictions has none, as its set's run said; null when no run said (an imported set, or an entry with predictions). */
    noPredictionReason: z.enum(uncodedReasons).nullable().optional(),
    /** The kept columns of the entry's rows (year, source, reference code…) and, in a dataset's set, the dataset's codes of the title. */
    context: z.array(entryContext).optional(),
    /** Issue 30: true when the entry waits for a second opinion and its mapping (coded first by someone else) is hidden from the caller: sent empty. */
    awaitingSecondOpinion: z.boolean().optional(),
  }),
  nodeDetails: z.record(z.string(), nodeDetail),
});
export type PredictionEntryAnswer = z.infer<typeof predictionEntryAnswer>;

/** `POST …/entries/{string}`: SPEC's `{mappings, nodeDetails}`, and beyond SPEC the version read and whether to propagate. */
export const saveMappingRequest = z.object({
  mappings,
  nodeDetails: z.record(z.string(), nodeDetail).optional(),
  version: z.number().int().nonnegative().optional(),
  /** Also map the set's other entries whose normalised string is the same. */
  propagate: z.boolean().default(false),
  /** Issue 29: other entries ticked beside this one ('Similar entries', search results), mapped the same in one batch, undoable as one. */
  alsoStrings: z.array(z.string().min(1).max(1000)).max(500).default([]),
});
/** What a client sends (the defaults filled in by the server). */
export type SaveMappingRequest = z.input<typeof saveMappingRequest>;

export const mappingSaved = z.object({
  version: z.number().int().nonnegative(),
  propagated: z.number().int().nonnegative(),
  mappedCount: z.number().int().nonnegative(),
  /** Beyond SPEC: the set's other unmapped entries whose normalised string is this one's (what a save with `propagate` would map too). */
  sameTitle: z.number().int().nonnegative(),
  /** Issue 29: the entries this save mapped or changed (this one, the ticked and the propagated ones). */
  mapped: z.number().int().nonnegative().optional(),
  /** The batch the save's entries were written in, for `POST …/mapping-batches/{batchId}/undo`; null for one entry alone. */
  batchId: z.string().nullable().optional(),
});

/** `GET /api/prediction-sets/{id}/entries/{string}/similar`: the set's unmapped entries most like this one (issue 29). */
export const similarEntries = z.object({
  entries: z.array(
    z.object({
      string: z.string(),
      /** The dataset's rows with the title (0 for a standalone set). */
      occurrences: z.number(),
      bestConf: z.number().nullable(),
      /** 'same-title': the same up to case, accents, spacing and punctuation; 'similar': spelled alike or sharing words. */
      reason: z.enum(['same-title', 'similar']),
      /** Trigram similarity of the two titles, 0 to 1. */
      similarity: z.number(),
    }),
  ),
});
export type SimilarEntries = z.infer<typeof similarEntries>;

/** `POST /api/prediction-sets/{id}/mapping-batches/{batchId}/undo`: what undoing a batch of saved mappings restored. */
export const mappingBatchUndone = z.object({ undone: z.number().int().nonnegative(), skipped: z.number().int().nonnegative() });
export type MappingBatchUndone = z.infer<typeof mappingBatchUndone>;
export type MappingSaved = z.infer<typeof mappingSaved>;

/**
 * `GET /api/prediction-sets/{id}/summary`: the set as lists show it, with its dataset (title and
 * totals columns) for the review's header and info card.
 */
export const predictionSetDetail = z.object({
  predictionSet: predictionSetSummary,
  dataset: z.object({ id: z.string(), title: z.string(), totalsColumns: z.array(z.string()) }).nullable(),
  /** Issue 29: the tags the set's reviewers typed besides SPEC's sixteen, in the order first used. */
  customTags: z.array(z.string()).optional(),
  /** Issue 29: the share of people (or entries) the review stops at with a summary; null for none. */
  goal: z.number().nullable().optional(),
});
export type PredictionSetDetail = z.infer<typeof predictionSetDetail>;

/**
 * `GET /api/prediction-sets/{id}/coverage?threshold=`: the review's 'Coverage', the share of the
 * dataset's people whose title is mapped. People are counted by the first totals column, else by
 * the rows with the title (`occurrences`); a standalone set counts entries.
 */
export const predictionSetCoverage = z.object({
  basis: z.enum(['totals', 'occurrences', 'entries']),
  /** The totals column counted, when `basis` is 'totals'. */
  column: z.string().nullable(),
  total: z.number().nonnegative(),
  mapped: z.number().nonnegative(),
  /** Unmapped, but with a best prediction at or above the threshold (left out of the review). */
  aboveThreshold: z.number().nonnegative(),
});
export type PredictionSetCoverage = z.infer<typeof predictionSetCoverage>;

/** SPEC §5: search needs at least 3 characters and shows at most 100 options. */
export const searchMinLength = 3;
export const searchLimit = 100;
export const searchOptions = z.object({
  options: z.array(z.object({ string: z.string(), mapped: z.boolean(), bestConf: z.number().nullable() })).max(searchLimit),
});
export type SearchOptions = z.infer<typeof searchOptions>;

/** `POST /api/predictions` and `POST /api/datasets/{id}/predictions` answer 202 with this once the file is stored. */
export const predictionSetAccepted = z.object({ predictionSetId: z.string(), slug: z.string(), jobId: z.string() });
export type PredictionSetAccepted = z.infer<typeof predictionSetAccepted>;

/**
 * The coders 'Run predictions' offers (SPEC §2): the built-in one (offline), OccCANINE and the
 * LLMs, which need a configured service.
 */
export const predictionModels = ['builtin', 'occcanine', 'gpt-4.1', 'deepseek', 'claude-sonnet-4', 'gemini-2.5-pro'] as const;
export type PredictionModel = (typeof predictionModels)[number];

/** SPEC §2's names of the models. */
export const predictionModelLabels: Record<PredictionModel, string> = {
  builtin: 'Built-in coder',
  occcanine: 'OccCanine',
  'gpt-4.1': 'GPT-4.1',
  deepseek: 'DeepSeek',
  'claude-sonnet-4': 'Claude Sonnet 4',
  'gemini-2.5-pro': 'Gemini 2.5 Pro',
};

/** `GET /api/prediction-models`: each model, whether this server can run it, and why not. */
export const predictionModelList = z.object({
  models: z.array(z.object({ model: z.enum(predictionModels), label: z.string(), available: z.boolean(), reason: z.string().nullable() })),
});
export type PredictionModelList = z.infer<typeof predictionModelList>;

/** `POST /api/datasets/{id}/prediction-runs`: code the dataset's titles into a scheme; answers 202 with the new set and its job. */
export const predictionRunRequest = z.object({
  scheme: z.string().refine(isSchemeId, 'Not one of our schemes'),
  model: z.enum(predictionModels, { error: `model is one of ${predictionModels.join(', ')}` }).default('builtin'),
});
export type PredictionRunRequest = z.infer<typeof predictionRunRequest>;

/**
 * A set as `/review` lists it: beyond SPEC, the id and title of its dataset (both null for a
 * standalone set), and whether the caller may delete it (its owner, a dataset's set: the dataset's owner, or an admin).
 */
export const listedPredictionSet = predictionSetSummary.extend({ datasetId: z.string().nullable(), datasetName: z.string().nullable(), canDelete: z.boolean() });
export type ListedPredictionSet = z.infer<typeof listedPredictionSet>;

/** `GET /api/prediction-sets` (SPEC §7): every set the caller may see, standalone ones and those of datasets, the ones /review lists. */
export const predictionSetList = z.object({ predictionSets: z.array(listedPredictionSet) });
export type PredictionSetList = z.infer<typeof predictionSetList>;

/** The query of the review's reads and PATCH: threshold and filter (the set's own when missing), and beyond SPEC the review order. */
export const reviewQuery = z.object({
  threshold: thresholdParam.optional(),
  filter: z.enum(predictionFilters).optional(),
  order: z.enum(reviewOrders).optional(),
});

/** `GET …/_search?q=`: SPEC §5, shorter than 3 characters finds nothing. */
export const searchQuery = reviewQuery.extend({ q: z.string().max(500).default('') });

/**
 * A 404 of the review's `_first` (SPEC §8): what the summary table shows, for a set that has no
 * entry under its filter and threshold.
 */
export const noEntrySummary = z.object({
  datasetTitle: z.string().nullable(),
  totalEntries: z.number(),
  filter: z.enum(predictionFilters),
  threshold: z.number(),
  belowThreshold: z.number(),
  mapped: z.number(),
  unmapped: z.number(),
});
export type NoEntrySummary = z.infer<typeof noEntrySummary>;

/**
 * `GET /api/prediction-sets/{id}/export?format=` and `GET /api/datasets/{id}/export?format=`: the
 * datasets list's Export menus (SPEC §2), 'Flattened' (CSV, one row per entry and chosen URI) or
 * 'Nested' (JSON, the OCCPAST shape with the mappings).
 */
export const predictionExportFormats = ['flattened', 'nested'] as const;
export type PredictionExportFormat = (typeof predictionExportFormats)[number];
export const predictionExportQuery = z.object({ format: z.enum(predictionExportFormats) });

/** One entry of a 'Nested' export: OCCPAST's `{string, predictions}`, the mapping, and a dataset's totals for the title. */
export const nestedExportEntry = z.object({
  string: z.string(),
  predictions: z.array(z.object({ uris: z.array(z.string()), conf: z.number().nullable() })),
  mappings: z.object({
    nodeURIs: z.array(z.string()),
    predictionURIs: z.array(z.string()),
    tags: z.array(z.string()),
    /** Who made the current mapping (username) and when (ISO 8601); null for an entry no one mapped. */
    mappedBy: z.string().nullable(),
    mappedAt: z.string().nullable(),
  }),
  /** A set of a dataset only: the dataset's rows with this title, and the sums of its totals columns. */
  occurrences: z.number().optional(),
  totals: z.array(z.number()).optional(),
  /** The columns the entry kept of its file's rows: per column its most frequent values with their rows. */
  context: z.record(z.string(), z.array(z.object({ value: z.string(), count: z.number() }))).optional(),
});
export type NestedExportEntry = z.infer<typeof nestedExportEntry>;

/** A dataset's 'Nested' export: its title, its totals columns, and each ready set's entries in the file's order. */
export const nestedDatasetExport = z.object({
  dataset: z.string(),
  totalsColumns: z.array(z.string()),
  predictionSets: z.array(z.object({ id: z.string(), name: z.string(), slug: z.string(), entries: z.array(nestedExportEntry) })),
});
export type NestedDatasetExport = z.infer<typeof nestedDatasetExport>;

/** `POST /api/prediction-sets/{id}/bulk-accept`: accept the best prediction of every unmapped entry at least this sure. */
const minConfMessage = 'minConf is a number from 0 to 1';
export const bulkAcceptRequest = z.object({ minConf: z.number({ error: minConfMessage }).min(0, minConfMessage).max(1, minConfMessage) });
export type BulkAcceptRequest = z.infer<typeof bulkAcceptRequest>;

/** `GET /api/prediction-sets/{id}/bulk-accept?minConf=`: how many entries an acceptance at `minConf` would map now. */
export const bulkAcceptPreviewQuery = z.object({ minConf: z.coerce.number({ error: minConfMessage }).min(0, minConfMessage).max(1, minConfMessage) });
export const bulkAcceptPreview = z.object({ entries: z.number().int().nonnegative() });
export type BulkAcceptPreview = z.infer<typeof bulkAcceptPreview>;

/** 202: the job that accepts, and the batch its mappings are logged under (what the undo names). */
export const bulkAcceptAccepted = z.object({ jobId: z.string(), batchId: z.string().uuid() });
export type BulkAcceptAccepted = z.infer<typeof bulkAcceptAccepted>;

/**
 * `POST /api/prediction-sets/{id}/bulk-accept/{batchId}/undo`: entries of the batch given back
 * their mapping from before it, and entries left alone because someone changed them since.
 */
export const bulkAcceptUndone = z.object({ undone: z.number().int().nonnegative(), skipped: z.number().int().nonnegative() });
export type BulkAcceptUndone = z.infer<typeof bulkAcceptUndone>;
