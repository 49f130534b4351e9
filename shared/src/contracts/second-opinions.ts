import { z } from 'zod';
import { mappings, predictionUri } from './predictions.js';

/**
 * Double coding (issue 30): a set's entries offered for a second opinion, coded blind by a second
 * reviewer, their agreement per level of the scheme, and the adjudication of what they disagree on.
 */

/** `POST /api/prediction-sets/{id}/second-opinions`: a share of the set's mapped entries drawn at random, or these entries. */
export const offerSecondOpinionsRequest = z.union(
  [
    z.object({ share: z.number().gt(0, 'A share is above 0').max(1, 'A share is at most 1') }).strict(),
    z.object({ strings: z.array(z.string().min(1).max(1000)).min(1, 'Name at least one entry').max(10_000) }).strict(),
  ],
  { error: 'Send {share} (above 0, at most 1) or {strings}, not both' },
);
export type OfferSecondOpinionsRequest = z.infer<typeof offerSecondOpinionsRequest>;

/** How many entries were offered now (an entry offered before, or one nobody mapped, is not). */
export const secondOpinionsOffered = z.object({ entries: z.number().int().nonnegative() });
export type SecondOpinionsOffered = z.infer<typeof secondOpinionsOffered>;

/** `GET …/second-opinions`: the set's entries offered, answered and still waiting for a second opinion, and those of them the caller may give (not their own). */
export const secondOpinionCounts = z.object({
  offered: z.number().int().nonnegative(),
  answered: z.number().int().nonnegative(),
  pending: z.number().int().nonnegative(),
  forYou: z.number().int().nonnegative(),
});
export type SecondOpinionCounts = z.infer<typeof secondOpinionCounts>;

/** `POST …/second-opinions/{string}`: the second reviewer's codes (they do not change the entry's mapping). */
export const secondOpinionRequest = mappings
  .pick({ nodeURIs: true, predictionURIs: true, tags: true })
  .refine((coding) => coding.nodeURIs.length + coding.predictionURIs.length > 0, { message: 'Choose at least one code', path: ['nodeURIs'] });
export type SecondOpinionRequest = z.input<typeof secondOpinionRequest>;

export const secondOpinionSaved = z.object({ string: z.string(), answered: z.boolean() });
export type SecondOpinionSaved = z.infer<typeof secondOpinionSaved>;

/** `POST /api/prediction-sets/{id}/adjudications/{string}`: the codes the entry is given, deciding between its two reviewers. */
export const adjudicationRequest = z.object({
  nodeURIs: z.array(predictionUri).max(200).default([]),
  predictionURIs: z.array(predictionUri).max(200).default([]),
}).refine((decision) => decision.nodeURIs.length + decision.predictionURIs.length > 0, { message: 'Choose at least one code', path: ['nodeURIs'] });
export type AdjudicationRequest = z.input<typeof adjudicationRequest>;

export const adjudicationSaved = z.object({ string: z.string(), uris: z.array(z.string()), decidedBy: z.string(), decidedAt: z.string(), version: z.number().int() });
export type AdjudicationSaved = z.infer<typeof adjudicationSaved>;

/** Agreement at one level of the scheme: the entries behind it, percent agreement, and κ (null with why when it says nothing). */
export const levelAgreement = z.object({
  level: z.number().int(),
  name: z.string(),
  entries: z.number().int().nonnegative(),
  agreement: z.number().nullable(),
  kappa: z.number().nullable(),
  kappaNote: z.string().optional(),
});
export type LevelAgreementAnswer = z.infer<typeof levelAgreement>;

const reviewerCodes = z.object({ reviewer: z.string().nullable(), uris: z.array(z.string()) });

/** `GET …/agreement`: overall and per pair of reviewers from the top level down to whole codes, and the disagreements left to decide. */
export const agreementReport = z.object({
  levels: z.array(levelAgreement),
  pairs: z.array(z.object({ reviewers: z.tuple([z.string(), z.string()]), levels: z.array(levelAgreement) })),
  disagreements: z.array(z.object({ string: z.string(), first: reviewerCodes, second: reviewerCodes, firstChangedSince: z.boolean() })),
});
export type AgreementReport = z.infer<typeof agreementReport>;
