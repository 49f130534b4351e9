import { describe, expect, it } from 'vitest';
import { codeWalkPosition, firstCodeToWalk } from './code-walk';

const codes = [
  { uri: 'esco:a', problematic: true, decided: true },
  { uri: 'esco:b', problematic: true, decided: false },
  { uri: 'esco:c', problematic: false, decided: false },
];

describe('the walk through the source codes', () => {
  it('knows the neighbours and the place among the problematic codes', () => {
    expect(codeWalkPosition(codes, 'esco:b')).toEqual({ index: 1, total: 3, previous: 'esco:a', next: 'esco:c', problematicIndex: 2, problematicCount: 2 });
    expect(codeWalkPosition(codes, 'esco:a')).toMatchObject({ previous: null, next: 'esco:b', problematicIndex: 1 });
    expect(codeWalkPosition(codes, 'esco:c')).toMatchObject({ next: null, problematicIndex: null });
  });

  it('has no neighbours for a code not in the list', () => {
    expect(codeWalkPosition(codes, 'esco:z')).toMatchObject({ index: -1, previous: null, next: null, problematicIndex: null });
  });

  it('starts at the first problematic code without a decision', () => {
    expect(firstCodeToWalk(codes)).toBe('esco:b');
    expect(firstCodeToWalk(codes.map((code) => ({ ...code, decided: true })))).toBe('esco:a');
    expect(firstCodeToWalk([{ uri: 'esco:c', problematic: false, decided: false }])).toBeNull();
  });
});
