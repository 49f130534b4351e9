import type { LinkSuggestion, LinkSuggestions } from '@og/shared/contracts/link-suggestions';

/** Most candidates a number key reaches (`1`–`9`). */
export const maxNumberedCandidates = 9;

const codeOrder = new Intl.Collator('en', { numeric: true });

/** A source code's best score: its first candidate's (the server sends them best first), 0 without any. */
function bestScore(candidates: readonly LinkSuggestion[]): number {
  return candidates.reduce((best, candidate) => Math.max(best, candidate.score), 0);
}

/**
 * The source codes the Suggestions mode walks, best-scoring first: codes with at least one
 * candidate, by their best candidate's score, ties in code order; codes already dealt with towards
 * the target (`handled`: linked since the run, or suggested for although linked) after the others.
 * The answer's object cannot carry the order itself (numeric keys such as ISCO's '1111' iterate in
 * number order), so it is sorted here.
 */
export function suggestedCodeOrder(codes: LinkSuggestions['codes'], handled: (code: string) => boolean = () => false): string[] {
  return Object.entries(codes)
    .filter(([, candidates]) => candidates.length > 0)
    .map(([code, candidates]) => ({ code, best: bestScore(candidates), later: handled(code) }))
    .sort((a, b) => Number(a.later) - Number(b.later) || b.best - a.best || codeOrder.compare(a.code, b.code))
    .map(({ code }) => code);
}

/** Where the walk is: the source code shown, its candidates left, the one highlighted and those chosen. */
export interface SuggestionWalk {
  order: readonly string[];
  /** Candidates per source code, best first; rejected ones are taken out as they are rejected. */
  candidates: Readonly<Record<string, readonly LinkSuggestion[]>>;
  /** Position in `order`; `order.length` once every code has been seen. */
  index: number;
  /** The highlighted candidate's position in the current code's list (what `x` rejects). */
  highlighted: number;
  /** Candidate codes chosen for the current source code, in the order chosen. */
  chosen: readonly string[];
}

export type SuggestionWalkStep =
  | { type: 'toggle'; index: number }
  | { type: 'highlight'; index: number }
  | { type: 'rejected'; code: string; candidate: string }
  | { type: 'restored'; code: string; candidate: LinkSuggestion }
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'restart' };

/** A walk over an answer of `GET /api/links/suggestions`, at its first code (see {@link suggestedCodeOrder}). */
export function startWalk(codes: LinkSuggestions['codes'], handled?: (code: string) => boolean): SuggestionWalk {
  return { order: suggestedCodeOrder(codes, handled), candidates: codes, index: 0, highlighted: 0, chosen: [] };
}

/** The source code shown, or null when the walk is over (or there was nothing to walk). */
export function currentCode(walk: SuggestionWalk): string | null {
  return walk.order[walk.index] ?? null;
}

const noCandidates: readonly LinkSuggestion[] = [];

/** The shown code's candidates left, best first. */
export function currentCandidates(walk: SuggestionWalk): readonly LinkSuggestion[] {
  const code = currentCode(walk);
  return code === null ? noCandidates : (walk.candidates[code] ?? noCandidates);
}

/** One step of the walk; a step that does not apply leaves it as it is. */
export function stepWalk(walk: SuggestionWalk, step: SuggestionWalkStep): SuggestionWalk {
  const candidates = currentCandidates(walk);
  switch (step.type) {
    case 'toggle': {
      const candidate = candidates[step.index];
      if (!candidate) return walk;
      const chosen = walk.chosen.includes(candidate.code) ? walk.chosen.filter((code) => code !== candidate.code) : [...walk.chosen, candidate.code];
      return { ...walk, chosen, highlighted: step.index };
    }
    case 'highlight':
      if (candidates.length === 0) return walk;
      return { ...walk, highlighted: Math.min(candidates.length - 1, Math.max(0, step.index)) };
    case 'rejected': {
      const list = walk.candidates[step.code];
      if (!list?.some((candidate) => candidate.code === step.candidate)) return walk;
      const left = list.filter((candidate) => candidate.code !== step.candidate);
      const here = currentCode(walk) === step.code;
      return {
        ...walk,
        candidates: { ...walk.candidates, [step.code]: left },
        chosen: here ? walk.chosen.filter((code) => code !== step.candidate) : walk.chosen,
        highlighted: here ? Math.min(walk.highlighted, Math.max(0, left.length - 1)) : walk.highlighted,
      };
    }
    case 'restored': {
      // A rejection taken back: the candidate is in its list again, in its place by score.
      const list = walk.candidates[step.code] ?? [];
      if (list.some((candidate) => candidate.code === step.candidate.code)) return walk;
      const at = list.findIndex((candidate) => candidate.score < step.candidate.score);
      const restored = at === -1 ? [...list, step.candidate] : [...list.slice(0, at), step.candidate, ...list.slice(at)];
      return { ...walk, candidates: { ...walk.candidates, [step.code]: restored } };
    }
    case 'next':
      if (walk.index >= walk.order.length) return walk;
      return { ...walk, index: walk.index + 1, highlighted: 0, chosen: [] };
    case 'previous':
      if (walk.index === 0) return walk;
      return { ...walk, index: walk.index - 1, highlighted: 0, chosen: [] };
    case 'restart':
      return { ...walk, index: 0, highlighted: 0, chosen: [] };
  }
}

/**
 * Source codes whose best candidate has a chain through linked schemes among its evidence: what
 * 'Link chained candidates' links (one chained link per code; a chain that ranks lower lost to better evidence).
 */
export function chainedCandidateCount(codes: LinkSuggestions['codes']): number {
  let count = 0;
  for (const candidates of Object.values(codes)) if (candidates[0]?.evidence.some((piece) => piece.kind === 'chain')) count++;
  return count;
}
