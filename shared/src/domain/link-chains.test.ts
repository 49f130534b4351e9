import { describe, expect, it } from 'vitest';
import { chainWeight, composeRelations } from './link-chains.js';

describe('composeRelations', () => {
  it('keeps exact only through two exact links', () => {
    expect(composeRelations('exactMatch', 'exactMatch')).toBe('exactMatch');
    expect(composeRelations('exactMatch', 'closeMatch')).toBe('closeMatch');
    expect(composeRelations('closeMatch', 'closeMatch')).toBe('closeMatch');
  });
  it('carries broad and narrow through an equivalence, either side', () => {
    expect(composeRelations('exactMatch', 'broadMatch')).toBe('broadMatch');
    expect(composeRelations('narrowMatch', 'exactMatch')).toBe('narrowMatch');
    expect(composeRelations('broadMatch', 'broadMatch')).toBe('broadMatch');
  });
  it('makes anything else related', () => {
    expect(composeRelations('broadMatch', 'narrowMatch')).toBe('relatedMatch');
    expect(composeRelations('relatedMatch', 'exactMatch')).toBe('relatedMatch');
  });
  it('halves a chain per extra hop', () => {
    expect(chainWeight(1)).toBe(1);
    expect(chainWeight(2)).toBe(0.5);
    expect(chainWeight(3)).toBe(0.25);
  });
});
