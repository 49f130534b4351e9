import type { LinkSuggestion } from '@og/shared/contracts/link-suggestions';
import { describe, expect, it } from 'vitest';
import { chainedCandidateCount, currentCandidates, currentCode, startWalk, stepWalk, suggestedCodeOrder } from './suggestion-walk';

const candidate = (code: string, score: number): LinkSuggestion => ({ code, score, relation: 'closeMatch', evidence: [{ kind: 'name', detail: `name similarity ${score}` }] });

const codes = {
  '2000': [candidate('b', 0.4)],
  '1111': [candidate('a', 0.9), candidate('c', 0.5), candidate('d', 0.2)],
  '10': [candidate('e', 0.9)],
  '999': [],
  '3000': [candidate('f', 0.2), candidate('g', 0.7)],
};

describe('suggestedCodeOrder', () => {
  it('puts the best-scoring codes first, ties in code order, and leaves out codes without candidates', () => {
    expect(suggestedCodeOrder(codes)).toEqual(['10', '1111', '3000', '2000']);
  });

  it('puts codes already dealt with after the others, each part best first', () => {
    expect(suggestedCodeOrder(codes, (code) => code === '10' || code === '2000')).toEqual(['1111', '3000', '10', '2000']);
  });

  it('is empty for an answer without codes', () => {
    expect(suggestedCodeOrder({})).toEqual([]);
  });
});

describe('stepWalk', () => {
  it('walks the codes best first, forgetting the choices and highlight of the code left', () => {
    let walk = startWalk(codes);
    expect(currentCode(walk)).toBe('10');
    walk = stepWalk(stepWalk(walk, { type: 'next' }), { type: 'toggle', index: 1 });
    expect(currentCode(walk)).toBe('1111');
    expect(walk.chosen).toEqual(['c']);
    expect(walk.highlighted).toBe(1);
    walk = stepWalk(walk, { type: 'next' });
    expect(currentCode(walk)).toBe('3000');
    expect(walk.chosen).toEqual([]);
    expect(walk.highlighted).toBe(0);
    walk = stepWalk(stepWalk(walk, { type: 'previous' }), { type: 'previous' });
    expect(currentCode(walk)).toBe('10');
    expect(stepWalk(walk, { type: 'previous' })).toBe(walk);
  });

  it('ends after the last code, with nothing shown, and starts again on restart', () => {
    let walk = startWalk(codes);
    for (let step = 0; step < 6; step++) walk = stepWalk(walk, { type: 'next' });
    expect(walk.index).toBe(4);
    expect(currentCode(walk)).toBeNull();
    expect(currentCandidates(walk)).toEqual([]);
    expect(currentCode(stepWalk(walk, { type: 'restart' }))).toBe('10');
  });

  it('toggles a candidate chosen twice, and ignores a number beyond the list', () => {
    let walk = stepWalk(startWalk(codes), { type: 'next' });
    walk = stepWalk(walk, { type: 'toggle', index: 0 });
    walk = stepWalk(walk, { type: 'toggle', index: 2 });
    expect(walk.chosen).toEqual(['a', 'd']);
    walk = stepWalk(walk, { type: 'toggle', index: 0 });
    expect(walk.chosen).toEqual(['d']);
    expect(stepWalk(walk, { type: 'toggle', index: 3 })).toBe(walk);
  });

  it('takes a rejected candidate out of its list and out of the choices, keeping the highlight on the list', () => {
    let walk = stepWalk(startWalk(codes), { type: 'next' });
    walk = stepWalk(walk, { type: 'toggle', index: 2 });
    walk = stepWalk(walk, { type: 'rejected', code: '1111', candidate: 'd' });
    expect(currentCandidates(walk).map((c) => c.code)).toEqual(['a', 'c']);
    expect(walk.chosen).toEqual([]);
    expect(walk.highlighted).toBe(1);
    // Rejecting it again (a second answer) changes nothing.
    expect(stepWalk(walk, { type: 'rejected', code: '1111', candidate: 'd' })).toBe(walk);
  });

  it('puts a candidate whose rejection was taken back in its place by score, once', () => {
    let walk = stepWalk(startWalk(codes), { type: 'next' });
    walk = stepWalk(walk, { type: 'rejected', code: '1111', candidate: 'c' });
    walk = stepWalk(walk, { type: 'restored', code: '1111', candidate: candidate('c', 0.5) });
    expect(currentCandidates(walk).map((c) => c.code)).toEqual(['a', 'c', 'd']);
    expect(stepWalk(walk, { type: 'restored', code: '1111', candidate: candidate('c', 0.5) })).toBe(walk);
    walk = stepWalk(walk, { type: 'rejected', code: '1111', candidate: 'd' });
    expect(currentCandidates(stepWalk(walk, { type: 'restored', code: '1111', candidate: candidate('d', 0.2) })).map((c) => c.code)).toEqual(['a', 'c', 'd']);
  });

  it('keeps the highlight within the list', () => {
    const walk = stepWalk(startWalk(codes), { type: 'next' });
    expect(stepWalk(walk, { type: 'highlight', index: 7 }).highlighted).toBe(2);
    expect(stepWalk(walk, { type: 'highlight', index: -1 }).highlighted).toBe(0);
  });
});

describe('chainedCandidateCount', () => {
  it('counts the codes whose best candidate rests on a chain, one per code', () => {
    const chained = (code: string, score: number): LinkSuggestion => ({ code, score, relation: 'broadMatch', evidence: [{ kind: 'chain', detail: 'via OCC1950 290' }] });
    expect(
      chainedCandidateCount({
        a: [chained('x', 0.6), chained('y', 0.5)],
        b: [candidate('z', 0.9), chained('w', 0.4)],
        c: [],
        d: [chained('v', 0.3)],
      }),
    ).toBe(2);
    expect(chainedCandidateCount(codes)).toBe(0);
  });
});
