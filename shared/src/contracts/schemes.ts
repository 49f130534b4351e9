import { z } from 'zod';
import { schemeIds } from '../domain/schemes.js';
import { plainText } from './validation.js';

/** A scheme id of the registry (shared/domain/schemes.ts), checked by every contract that names a scheme. */
export const schemeId = z.enum(schemeIds, { error: (issue) => `Unknown scheme '${String(issue.input).slice(0, 100)}'` });

/** `GET /api/schemes`: every registered scheme with its size (empty schemes say so: codeCount 0). */
export const schemeSummary = z.object({
  id: schemeId,
  label: z.string(),
  description: z.string(),
  codeCount: z.number().int(),
  leafCount: z.number().int(),
  /** Leaves with at least one link to another scheme. */
  linkedLeafCount: z.number().int(),
});
export type SchemeSummary = z.infer<typeof schemeSummary>;
export const schemeList = z.object({ schemes: z.array(schemeSummary) });
export type SchemeList = z.infer<typeof schemeList>;

/**
 * One code of a scheme (SPEC §3 "Scheme code node"): `value` is the id without the scheme
 * prefix, `name` the occupation name, `label` the code string ("Occupation code"), `parent`
 * the parent's value (absent for roots).
 */
export const codeRecord = z.object({
  value: z.string(),
  name: z.string(),
  label: z.string(),
  parent: z.string().optional(),
  description: z.string().optional(),
  /** Links from this code to codes of other schemes (all SKOS mapping relations). */
  linkCount: z.number().int(),
  /** Changes whenever name, code, description or parent change: sent back as If-Match on edits. */
  version: z.string(),
});
export type CodeRecord = z.infer<typeof codeRecord>;

/** A node of the nested tree: the record's display fields and its children in notation order. */
export interface TreeNode {
  value: string;
  name: string;
  label: string;
  parent?: string;
  linkCount: number;
  children: TreeNode[];
}
export const treeNode: z.ZodType<TreeNode> = z.lazy(() =>
  z.object({
    value: z.string(),
    name: z.string(),
    label: z.string(),
    parent: z.string().optional(),
    linkCount: z.number().int(),
    children: z.array(treeNode),
  }),
);

/** `GET /api/schemes/{scheme}/tree` (SPEC §3 "Scheme data"): roots, and every code by value. */
export const schemeTree = z.object({
  scheme: schemeId,
  nestedData: z.array(treeNode),
  lookup: z.record(z.string(), codeRecord),
});
export type SchemeTree = z.infer<typeof schemeTree>;

/**
 * A code's id (`value`: its IRI after the scheme's prefix): the IRI-safe characters imports write
 * (the code string, percent-encoded where needed) or a UUID. Anything else names no code.
 */
export const codeValue = z
  .string()
  .min(1)
  .max(300)
  .regex(/^[A-Za-z0-9\-._~%!$&'()*+,;=:@]+$/, 'Not a code id');

/** `POST /api/schemes/{scheme}/codes`: a new child (or root when parent is absent). */
export const createCodeRequest = z.object({
  parent: codeValue.optional(),
  name: plainText(1000).refine((value) => value.trim().length > 0, 'Occupation name is required'),
  label: plainText(300).refine((value) => value.trim().length > 0, 'Occupation code is required'),
  description: plainText(20_000).optional(),
});
export type CreateCodeRequest = z.infer<typeof createCodeRequest>;

/** `PATCH /api/schemes/{scheme}/codes/{value}` with header `If-Match: "{version}"`. */
export const updateCodeRequest = z
  .object({
    name: plainText(1000).refine((value) => value.trim().length > 0, 'Occupation name is required').optional(),
    label: plainText(300).refine((value) => value.trim().length > 0, 'Occupation code is required').optional(),
    /** Empty string or null removes the description. */
    description: plainText(20_000).nullable().optional(),
  })
  .refine((body) => body.name !== undefined || body.label !== undefined || body.description !== undefined, 'Nothing to change');
export type UpdateCodeRequest = z.infer<typeof updateCodeRequest>;

/** `POST /api/schemes/{scheme}/codes/{value}/move`. */
export const moveCodeRequest = z.object({ parent: codeValue });
export type MoveCodeRequest = z.infer<typeof moveCodeRequest>;

/** The answer of create, update and move: the code as it now is. */
export const codeMutationResult = z.object({ code: codeRecord });
export type CodeMutationResult = z.infer<typeof codeMutationResult>;

/** `DELETE` refused (409): SPEC §5 reasons, e.g. '"Fishers" has 3 children'. */
export interface DeleteRefusal {
  reasons: string[];
}

/** `GET /api/schemes/{scheme}/codes/{value}/links`: the code's links to other schemes. */
export const codeLink = z.object({
  scheme: schemeId,
  value: z.string(),
  name: z.string(),
  label: z.string(),
  /** skos:closeMatch, skos:exactMatch, … (local name). */
  relation: z.string(),
  /** The link's weight (SSSOM's confidence, in (0, 1]), a share of one of its codes; absent when it has none. */
  weight: z.number().gt(0).lte(1).optional(),
  /** Whose share the weight is: the code asked about (`code`) or the linked code (`linked`). */
  weightOf: z.enum(['code', 'linked']).optional(),
  /** How the link was made (SSSOM's `mapping_justification`, a SEMAPV CURIE); absent when nothing records it. */
  justification: z.string().optional(),
  /** The score of the link suggestion it was accepted from (SSSOM's `similarity_score`, never a share); absent for other links. */
  score: z.number().min(0).max(1).optional(),
  /** How an admin kept it: `semapv:ManualMappingCuration` for an accepted suggestion (SSSOM's `curation_rule`); absent for other links. */
  curation: z.string().optional(),
});
export type CodeLink = z.infer<typeof codeLink>;
export const codeLinks = z.object({ links: z.array(codeLink) });
export type CodeLinks = z.infer<typeof codeLinks>;

/** The formats of a scheme file `POST /api/schemes/{scheme}/imports` takes (multipart: `file`, CSV or Turtle); it answers 202 with the job id. */
export const schemeImportFormats = ['csv', 'turtle'] as const;
export type SchemeImportFormat = (typeof schemeImportFormats)[number];

/** Most codes `POST /api/schemes/code-matches` compares in one request: a sample is enough to tell the scheme. */
export const maxMatchedCodes = 1_000;

/**
 * `POST /api/schemes/code-matches`: a sample of the distinct values of a file's code column, to
 * learn which scheme they are codes of (the upload wizard pre-picks that scheme).
 */
export const codeMatchesRequest = z.object({
  codes: z.array(plainText(300)).min(1).max(maxMatchedCodes),
});
export type CodeMatchesRequest = z.infer<typeof codeMatchesRequest>;

/**
 * How many of the sample are codes of each scheme that has codes: the code string ('Occupation
 * code') equal, or equal once spaces, letter case and a number's lost leading zeros or added `.0`
 * are forgiven (shared/domain/code-key.ts). `sampled`: the distinct codes compared.
 */
export const codeMatches = z.object({
  sampled: z.number().int(),
  schemes: z.array(z.object({ scheme: schemeId, matches: z.number().int() })),
});
export type CodeMatches = z.infer<typeof codeMatches>;
