import { describe, expect, it } from 'vitest';
import { reviewScopeOf } from './review-scope';

describe('reviewScopeOf', () => {
  it("takes the set's stored order unless the address names one", () => {
    const stored = { threshold: 0.8, filter: 'unmapped', reviewOrder: 'totals' } as const;
    expect(reviewScopeOf(new URLSearchParams(''), stored)).toEqual({ threshold: 0.8, filter: 'unmapped', order: 'totals' });
    expect(reviewScopeOf(new URLSearchParams('order=file'), stored).order).toBe('file');
    expect(reviewScopeOf(new URLSearchParams('order=sideways'), stored).order).toBe('totals');
    expect(reviewScopeOf(new URLSearchParams(''), undefined).order).toBe('file');
  });

  it("takes the address's threshold and filter when valid", () => {
    const stored = { threshold: 0.8, filter: 'unmapped', reviewOrder: 'file' } as const;
    expect(reviewScopeOf(new URLSearchParams('threshold=0.5&filter=all'), stored)).toMatchObject({ threshold: 0.5, filter: 'all' });
    expect(reviewScopeOf(new URLSearchParams('threshold=2&filter=nope'), stored)).toMatchObject({ threshold: 0.8, filter: 'unmapped' });
  });
});
