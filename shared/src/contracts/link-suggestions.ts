import { z } from 'zod';
import { linkRelation } from './links.js';
import { codeValue, schemeId } from './schemes.js';

/**
 * Link suggestions (issue 31): candidates for linking the codes of one scheme (source) to another
 * (target), made by the `links.suggest` job from evidence, reviewed on the linking page.
 */

/** The kinds of evidence behind a candidate. */
export const suggestionEvidenceKinds = ['name', 'titles', 'coder', 'chain'] as const;
export type SuggestionEvidenceKind = (typeof suggestionEvidenceKinds)[number];

/**
 * One piece of evidence, in words a reviewer reads: `name` ("name similarity 0.71"), `titles`
 * ("12 titles coded in both"), `coder` ("the coder reads 'Shoemaker' as 0.83"), `chain`
 * ("via OCC1950 290").
 */
export const suggestionEvidence = z.object({ kind: z.enum(suggestionEvidenceKinds), detail: z.string().max(500) });
export type SuggestionEvidence = z.infer<typeof suggestionEvidence>;

/** A candidate target code, its score in [0, 1] and the relation it would carry (read from source to target). */
export const linkSuggestion = z.object({
  code: codeValue,
  score: z.number().min(0).max(1),
  relation: linkRelation,
  evidence: z.array(suggestionEvidence),
});
export type LinkSuggestion = z.infer<typeof linkSuggestion>;

/** Most candidates kept per source code. */
export const maxSuggestionsPerCode = 10;

/** `POST /api/links/suggestions` (admins): start the job for a pair; `all` suggests for every leaf, linked or not. */
export const suggestLinksRequest = z
  .object({ source: schemeId, target: schemeId, all: z.boolean().optional() })
  .refine((request) => request.source !== request.target, { message: 'A link joins codes of two different schemes', path: ['target'] });
export type SuggestLinksRequest = z.infer<typeof suggestLinksRequest>;

/** `GET /api/links/suggestions?source=&target=[&code=]`. */
export const linkSuggestionsQuery = z.object({ source: schemeId, target: schemeId, code: codeValue.optional() });
export type LinkSuggestionsQuery = z.infer<typeof linkSuggestionsQuery>;

/**
 * The answer: per source code, its candidates best first (rejected pairs and pairs linked since
 * left out); source codes best first (by their best candidate's score). `run` says when the pair's
 * last job finished (null: never run).
 */
export const linkSuggestions = z.object({
  codes: z.record(z.string(), z.array(linkSuggestion)),
  run: z.object({ finishedAt: z.string(), codes: z.number().int().nonnegative(), jobId: z.string() }).nullable().default(null),
});
export type LinkSuggestions = z.infer<typeof linkSuggestions>;

/** `POST /api/links/rejections`, `DELETE /api/links/rejections` (admins): a negative mapping, a link's payload. */
export const linkRejectionRequest = z
  .object({
    sourceNodeID: codeValue,
    sourceScheme: schemeId,
    targetNodeID: codeValue,
    targetScheme: schemeId,
    relation: linkRelation.optional(),
    comment: z.string().max(1000).optional(),
  })
  .refine((request) => request.sourceScheme !== request.targetScheme, { message: 'A link joins codes of two different schemes', path: ['targetScheme'] });
export type LinkRejectionRequest = z.infer<typeof linkRejectionRequest>;

/**
 * `POST /api/links/chains {source, target}` (admins): turns the pair's chained candidates (A→B→C)
 * into links in one step, as one crosswalk set (`semapv:MappingChaining`, each link's chain as its
 * comment), reviewable and removable as a set. Answers `{setId, linked}`.
 */
export const chainLinksRequest = z
  .object({ source: schemeId, target: schemeId })
  .refine((request) => request.source !== request.target, { message: 'A link joins codes of two different schemes', path: ['target'] });
export type ChainLinksRequest = z.infer<typeof chainLinksRequest>;
export const chainLinksResult = z.object({ setId: z.string().uuid().nullable(), linked: z.number().int().nonnegative() });
export type ChainLinksResult = z.infer<typeof chainLinksResult>;
