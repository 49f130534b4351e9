import type { AgreementReport } from '@og/shared/contracts/second-opinions';
import { describe, expect, it } from 'vitest';
import { kappaOf, percentOf, reviewerLabels } from './reviewer-labels';

const report: AgreementReport = {
  levels: [],
  pairs: [{ reviewers: ['u-bea', 'u-cai'], levels: [] }],
  disagreements: [{ string: 'tailor', first: { reviewer: 'u-dan', uris: [] }, second: { reviewer: null, uris: [] }, firstChangedSince: false }],
};

describe('the agreement report in words', () => {
  it('names the caller You and the others by the order the report first names them', () => {
    const labelOf = reviewerLabels(report, 'u-cai');
    expect([labelOf('u-bea'), labelOf('u-cai'), labelOf('u-dan'), labelOf(null)]).toEqual(['Reviewer 1', 'You', 'Reviewer 2', 'A former reviewer']);
  });

  it('shows κ with three decimals, and a missing or undefined κ as a dash, never NaN', () => {
    expect(kappaOf(0.6923)).toBe('0.692');
    expect(kappaOf(null)).toBe('—');
    expect(kappaOf(Number.NaN)).toBe('—');
    expect(percentOf(0.75)).toBe('75.0%');
    expect(percentOf(null)).toBe('—');
  });
});
