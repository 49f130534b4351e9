import type { LinkRelation } from '@og/shared/contracts/links';
import type { SuggestionEvidence, SuggestionEvidenceKind } from '@og/shared/contracts/link-suggestions';
import { chainWeight } from '@og/shared/domain/link-chains';

/**
 * What is known of one candidate (a source code and a target code), per kind of evidence, before
 * it is scored: the raw measures and the words a reviewer reads.
 */
export interface CandidateEvidence {
  /** Cosine of the codes' n-gram vectors, 0–1. */
  name?: number;
  /** Titles carrying both codes, and the source code's titles carrying any target code. */
  titles?: { both: number; ofSource: number };
  /** The target coder's mean confidence over the source code's readings (its name and titles), and its surest reading: the words and the confidence. */
  coder?: { mean: number; conf: number; read: string };
  /** Two-hop chains' share of walks, their composed relation and the codes between. */
  chain?: { walk: number; relation: LinkRelation; via: string[] };
}

/**
 * Each kind's evidence as a chance the candidate is right, 0–1, before the weights:
 * - name: the cosine itself;
 * - titles: the share of the source code's co-coded titles that carry the target code, a
 *   title's worth of doubt added (1 of 1 is 0.5, 8 of 10 is 0.73);
 * - coder: its calibrated confidence, the mean over the code's readings (its name and up to five
 *   titles; a reading that does not give the candidate counts 0): on the bench, the mean over the
 *   surest reading raised the measures' mean from 0.5225 to 0.5304 (ESCO→O*NET's precision of the
 *   first from 40.3% to 43.5%);
 * - chain: the share of two-hop walks from the source code that end on the target code, a
 *   chain of two links counting chainWeight(2) of a direct link.
 */
export function kindChances(evidence: CandidateEvidence): Partial<Record<SuggestionEvidenceKind, number>> {
  const chances: Partial<Record<SuggestionEvidenceKind, number>> = {};
  if (evidence.name !== undefined) chances.name = evidence.name;
  if (evidence.titles) chances.titles = evidence.titles.both / (evidence.titles.ofSource + 1);
  if (evidence.coder) chances.coder = evidence.coder.mean;
  if (evidence.chain) chances.chain = chainWeight(2) * Math.min(1, 0.5 + evidence.chain.walk);
  return chances;
}

/**
 * How far each kind's chance is trusted in the score. Chosen by measurement on the suggestions
 * bench (README: SOC 2020→ISCO-08 and ESCO→O*NET against their published pairs, their own
 * crosswalks removed): the grid name 0.4–1 × titles 0.3–0.9 × coder 0.2–1 by the mean of both
 * pairs' precision of the first and recall of the first five, not either file alone. The mean is
 * flat near the top (0.5225 here, the grid's best 0.5239; with the coder's readings averaged,
 * 0.5304 here and 0.5309 at name 1, coder 0.8); the coder trusted less than the words is what
 * matters (coder 0.8 with name 0.8, its surest reading alone: 0.510). No held-out pair has chains yet: a chain keeps
 * the words' trust.
 */
export const evidenceTrust: Record<SuggestionEvidenceKind, number> = { name: 0.8, titles: 0.6, coder: 0.6, chain: 0.8 };

/**
 * One score from the kinds of evidence: a noisy-or of the trusted chances, 1 − Π(1 − trustₖ·pₖ),
 * so each independent kind of evidence can only raise it, and two middling kinds together beat
 * one of them alone.
 */
export function combinedScore(evidence: CandidateEvidence, trust: Record<SuggestionEvidenceKind, number> = evidenceTrust): number {
  let doubt = 1;
  for (const [kind, chance] of Object.entries(kindChances(evidence)) as [SuggestionEvidenceKind, number][]) {
    doubt *= 1 - trust[kind] * Math.max(0, Math.min(1, chance));
  }
  return Math.max(0, Math.min(1, 1 - doubt));
}

/** The relation a candidate would carry: its chain's composed relation, else exact for (nearly) the same name, else close. */
export function candidateRelation(evidence: CandidateEvidence): LinkRelation {
  if (evidence.chain) return evidence.chain.relation;
  if ((evidence.name ?? 0) >= 0.95) return 'exactMatch';
  return 'closeMatch';
}

/** The evidence in words: 'name similarity 0.71', '12 titles coded in both', "the ISCO-08 coder reads 'Shoemaker' at 0.83", 'via OCC1950 290'. */
export function evidenceWords(evidence: CandidateEvidence, targetLabel: string): SuggestionEvidence[] {
  const words: SuggestionEvidence[] = [];
  if (evidence.titles) words.push({ kind: 'titles', detail: `${evidence.titles.both} ${evidence.titles.both === 1 ? 'title' : 'titles'} coded in both` });
  if (evidence.coder) words.push({ kind: 'coder', detail: clip(`the ${targetLabel} coder reads '${evidence.coder.read}' at ${evidence.coder.conf.toFixed(2)}`) });
  if (evidence.chain) words.push({ kind: 'chain', detail: clip(`via ${evidence.chain.via.slice(0, 3).join(', ')}${evidence.chain.via.length > 3 ? ` and ${evidence.chain.via.length - 3} more` : ''}`) });
  if (evidence.name !== undefined) words.push({ kind: 'name', detail: `name similarity ${evidence.name.toFixed(2)}` });
  return words;
}

function clip(text: string): string {
  return text.length <= 500 ? text : `${text.slice(0, 497)}…`;
}
