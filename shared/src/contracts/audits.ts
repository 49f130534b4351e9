import { z } from 'zod';
import { predictionUri } from './predictions.js';

/**
 * Audits of a prediction set (issue 30): a random sample of its entries, stratified by the top
 * prediction's confidence band and drawn in proportion to people in a dataset's set; a reviewer
 * says for each whether the top prediction is right; the estimates of its accuracy, per band,
 * overall and along the production curve, with 95% Wilson intervals.
 */

/** `POST /api/prediction-sets/{id}/audits`: how many entries to draw (a set with fewer is audited whole). */
export const auditRequest = z
  .object({ size: z.number().int('The sample size is a whole number').min(1, 'The sample size is at least 1').max(1000, 'The sample size is at most 1000').default(100) })
  .strict();
export type AuditRequest = z.input<typeof auditRequest>;

/** The audit drawn: its id and its entries' strings, in the random order to check them in. */
export const auditDrawn = z.object({ auditId: z.string(), entries: z.array(z.string()) });
export type AuditDrawn = z.infer<typeof auditDrawn>;

/**
 * `POST …/audits/{auditId}/answers`: whether the entry's top prediction is right; when it is
 * not, the right codes (saved as the entry's mapping). Sent again, the last answer counts.
 */
export const auditAnswerRequest = z
  .object({
    string: z.string().min(1).max(1000),
    correct: z.boolean(),
    nodeURIs: z.array(predictionUri).max(200).default([]),
  })
  .strict()
  .refine((answer) => !answer.correct || answer.nodeURIs.length === 0, { message: 'Right codes are sent only when the top prediction is wrong', path: ['nodeURIs'] });
export type AuditAnswerRequest = z.input<typeof auditAnswerRequest>;

export const auditAnswered = z.object({
  auditId: z.string(),
  string: z.string(),
  correct: z.boolean(),
  /** The entry's mapping version after the answer's save (null when the answer saved no mapping). */
  version: z.number().int().nullable(),
  /** The audit's entries answered so far, and drawn. */
  answered: z.number().int().nonnegative(),
  size: z.number().int().nonnegative(),
});
export type AuditAnswered = z.infer<typeof auditAnswered>;

/** An estimate of the top prediction's accuracy: entries checked and right, the weighted estimate and its 95% Wilson interval (null with nothing checked). */
export const accuracyEstimate = z.object({
  checked: z.number().int().nonnegative(),
  right: z.number().int().nonnegative(),
  estimate: z.number().nullable(),
  low: z.number().nullable(),
  high: z.number().nullable(),
});
export type AccuracyEstimateAnswer = z.infer<typeof accuracyEstimate>;

export const bandAccuracy = accuracyEstimate.extend({ from: z.number(), to: z.number() });

/** A point of the production curve: at `threshold`, the `share` of the set coded automatically and the accuracy there. */
export const curvePoint = accuracyEstimate.extend({ threshold: z.number(), share: z.number() });
export type CurvePointAnswer = z.infer<typeof curvePoint>;

export const auditEstimates = z.object({ overall: accuracyEstimate, bands: z.array(bandAccuracy), curve: z.array(curvePoint) });

/** `GET /api/prediction-sets/{id}/audit`: estimates by entries, the same by people for a dataset's set, and the set's audits. */
export const auditReport = auditEstimates.extend({
  /** What people are counted by: the dataset's first totals column, else its rows; absent for a standalone set. */
  byPeople: auditEstimates.extend({ basis: z.enum(['totals', 'occurrences']), column: z.string().nullable() }).optional(),
  audits: z.array(z.object({ auditId: z.string(), createdAt: z.string(), size: z.number().int(), answered: z.number().int() })),
});
export type AuditReport = z.infer<typeof auditReport>;

/** `GET …/audit/at?confidence=`: the query. */
export const auditAtQuery = z.object({ confidence: z.coerce.number().min(0, 'The confidence is a number from 0 to 1').max(1, 'The confidence is a number from 0 to 1') });

/** `GET …/audit/at?confidence=`: the accuracy of the top prediction over the entries at least that sure (what a bulk acceptance there would map), by entries. */
export const auditAt = accuracyEstimate.extend({ confidence: z.number() });
export type AuditAt = z.infer<typeof auditAt>;

/** `GET …/audits/{auditId}`: one audit's entries, in the order to check them, with their answers so far. */
export const auditDetail = z.object({
  auditId: z.string(),
  createdAt: z.string(),
  entries: z.array(z.object({ string: z.string(), band: z.number().int(), correct: z.boolean().nullable() })),
});
export type AuditDetail = z.infer<typeof auditDetail>;
