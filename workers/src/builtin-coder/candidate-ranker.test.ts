import { describe, expect, it } from 'vitest';
import { CandidateRanker, type RankerGroup } from './candidate-ranker.js';

/** Titles of three candidates each, the right one always the one with the highest second feature whatever the first says. */
function groups(count: number): RankerGroup[] {
  let seed = 7;
  const next = () => ((seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647);
  return Array.from({ length: count }, () => {
    const candidates = Array.from({ length: 3 }, () => Float64Array.from([next(), next()]));
    const right = candidates.reduce((best, features, at) => (features[1]! > candidates[best]![1]! ? at : best), 0);
    return { candidates, right };
  });
}

describe('the candidate ranker', () => {
  it('learns which feature tells the right candidate', () => {
    const ranker = CandidateRanker.fit(groups(400))!;
    const probabilities = ranker.probabilities([Float64Array.from([0.9, 0.1]), Float64Array.from([0.1, 0.9])]);
    expect(probabilities[1]).toBeGreaterThan(0.8);
    expect(probabilities[0]! + probabilities[1]!).toBeCloseTo(1);
  });

  it('averages two rankers into one that orders as both agree', () => {
    const a = CandidateRanker.fit(groups(200))!;
    const b = CandidateRanker.fit(groups(300))!;
    const [low, high] = CandidateRanker.average(a, b).probabilities([Float64Array.from([0.5, 0.2]), Float64Array.from([0.5, 0.7])]);
    expect(high).toBeGreaterThan(low!);
  });

  it('learns nothing from titles whose right code is not among the candidates', () => {
    expect(CandidateRanker.fit(groups(10).map((group) => ({ ...group, right: -1 })))).toBeNull();
  });
});
