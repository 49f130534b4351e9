import { describe, expect, it } from 'vitest';
import { chainedCandidatesQuestion, chainedLinksNotice, evidenceLine, scorePercent, suggestionRunOutcome } from './suggestion-words';

describe('suggestion words', () => {
  it('reads a score as a whole percent, kept within 0–100', () => {
    expect(scorePercent(0.714)).toBe('71%');
    expect(scorePercent(1)).toBe('100%');
    expect(scorePercent(-0.2)).toBe('0%');
  });

  it('joins the evidence in one line, in the order given', () => {
    expect(
      evidenceLine([
        { kind: 'titles', detail: '12 titles coded in both' },
        { kind: 'name', detail: 'name similarity 0.71' },
      ]),
    ).toBe('12 titles coded in both · name similarity 0.71');
    expect(evidenceLine([])).toBe('');
  });

  it('says how many chained candidates would be linked, and which set they became', () => {
    expect(chainedCandidatesQuestion(1, 'HISCO', 'ISCO-08')).toMatch(/^Link 1 chained candidate of HISCO → ISCO-08\?/);
    expect(chainedCandidatesQuestion(1200, 'HISCO', 'ISCO-08')).toMatch(/^Link 1,200 chained candidates/);
    expect(chainedLinksNotice(0, null)).toBe('No chained candidates were left to link');
    expect(chainedLinksNotice(3, 'Chained HISCO → ISCO-08')).toBe('Linked 3 chained candidates as the crosswalk set “Chained HISCO → ISCO-08” (removable in Crosswalk sets)');
  });
});

describe('suggestionRunOutcome', () => {
  it('says for how many codes candidates were found, and from which evidence', () => {
    expect(suggestionRunOutcome({ codes: 2942, suggested: 1204, evidence: { name: 9870, titles: 312, coder: 0, chain: 40 } })).toBe(
      'Candidates for 1,204 of 2,942 codes; evidence from names 9,870, titles coded in both 312, chains 40',
    );
    expect(suggestionRunOutcome({ codes: 1, suggested: 0, evidence: {} })).toBe('Candidates for 0 of 1 code');
  });

  it('reads a result of another shape as done', () => {
    expect(suggestionRunOutcome(null)).toBe('Suggestions made');
  });
});
