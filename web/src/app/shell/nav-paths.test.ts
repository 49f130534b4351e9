import { describe, expect, it } from 'vitest';
import { isAtOrBelow } from './nav-paths';

describe('isAtOrBelow', () => {
  it('holds on the section itself and on pages below it', () => {
    expect(isAtOrBelow('/review', '/review')).toBe(true);
    expect(isAtOrBelow('/review/', '/review')).toBe(true);
    expect(isAtOrBelow('/review/my-set/entries/smith', '/review')).toBe(true);
    expect(isAtOrBelow('/convert/12', '/convert')).toBe(true);
    expect(isAtOrBelow('/admin/schemes/pst2', '/admin/schemes')).toBe(true);
  });

  it('does not hold on a path that only begins with the same letters, or elsewhere', () => {
    expect(isAtOrBelow('/reviewers', '/review')).toBe(false);
    expect(isAtOrBelow('/converter', '/convert')).toBe(false);
    expect(isAtOrBelow('/datasets/1/prediction-sets/2', '/review')).toBe(false);
    expect(isAtOrBelow('/', '/review')).toBe(false);
  });
});
