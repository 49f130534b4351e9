import { describe, expect, it } from 'vitest';
import { reviewScopeOf } from './review-scope';

describe('reviewScopeOf', () => {
  it("opens a dataset's set most frequent first when the address names no order", () => {
    const detail = [{ threshold: 0.8, filter: 'unmapped', reviewOrder: 'file' }, true] as const;
    expect(reviewScopeOf(new URLSearchParams(''), ...detail)).toEqual({ threshold: 0.8, filter: 'unmapped', order: 'totals' });
    expect(reviewScopeOf(new URLSearchParams('order=file'), ...detail).order).toBe('file');
  });

  it("keeps a standalone set's file order and any other stored order", () => {
    expect(reviewScopeOf(new URLSearchParams(''), { threshold: 0.8, filter: 'all', reviewOrder: 'file' }, false).order).toBe('file');
    expect(reviewScopeOf(new URLSearchParams(''), { threshold: 0.8, filter: 'all', reviewOrder: 'confidence' }, true).order).toBe('confidence');
  });

  it("takes the address's threshold and filter when valid", () => {
    const detail = [{ threshold: 0.8, filter: 'unmapped', reviewOrder: 'file' }, false] as const;
    expect(reviewScopeOf(new URLSearchParams('threshold=0.5&filter=all'), ...detail)).toMatchObject({ threshold: 0.5, filter: 'all' });
    expect(reviewScopeOf(new URLSearchParams('threshold=2&filter=nope'), ...detail)).toMatchObject({ threshold: 0.8, filter: 'unmapped' });
  });
});
