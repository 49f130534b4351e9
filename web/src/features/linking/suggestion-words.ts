import type { SuggestionEvidence } from '@og/shared/contracts/link-suggestions';
import { jobKinds } from '@og/shared/jobs/job-kinds';

/** A candidate's score as people read it: '71%' (a score of 0.71). */
export function scorePercent(score: number): string {
  return `${Math.round(Math.min(1, Math.max(0, score)) * 100)}%`;
}

/** A candidate's evidence in one line: 'name similarity 0.71 · 12 titles coded in both'. */
export function evidenceLine(evidence: readonly SuggestionEvidence[]): string {
  return evidence.map((piece) => piece.detail).join(' · ');
}

/** The confirm dialog's question before chained candidates are linked. */
export function chainedCandidatesQuestion(count: number, source: string, target: string): string {
  const links = count === 1 ? '1 chained candidate' : `${count.toLocaleString('en')} chained candidates`;
  return `Link ${links} of ${source} → ${target}? They are made as one crosswalk set (semapv:MappingChaining), each with its chain as evidence, and can be removed as a set.`;
}

/** The notice after chained candidates were linked. */
export function chainedLinksNotice(linked: number, setName: string | null): string {
  if (linked === 0 || setName === null) return 'No chained candidates were left to link';
  return `Linked ${linked === 1 ? '1 chained candidate' : `${linked.toLocaleString('en')} chained candidates`} as the crosswalk set “${setName}” (removable in Crosswalk sets)`;
}

const evidenceNames: Record<string, string> = { name: 'names', titles: 'titles coded in both', coder: 'the coder', chain: 'chains' };

/**
 * The notice of a finished suggestion job, read from its result: 'Candidates for 1,204 of 2,942
 * codes; evidence from names 9,870, titles coded in both 312, chains 40'. A result of another shape
 * reads as the job being done.
 */
export function suggestionRunOutcome(result: unknown): string {
  const parsed = jobKinds['links.suggest'].result.safeParse(result);
  if (!parsed.success) return 'Suggestions made';
  const { codes, suggested, evidence } = parsed.data;
  const kinds = Object.entries(evidence)
    .filter(([, count]) => count > 0)
    .map(([kind, count]) => `${evidenceNames[kind] ?? kind} ${count.toLocaleString('en')}`);
  const head = `Candidates for ${suggested.toLocaleString('en')} of ${codes.toLocaleString('en')} ${codes === 1 ? 'code' : 'codes'}`;
  return kinds.length > 0 ? `${head}; evidence from ${kinds.join(', ')}` : head;
}
