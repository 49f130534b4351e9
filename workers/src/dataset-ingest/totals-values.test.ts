import { describe, expect, it } from 'vitest';
import { parseWholeNumber, parseWholeNumberBytes, totalsCellProblem } from './totals-values.js';

describe('totals values', () => {
  const cases: [string, number | null][] = [
    ['', 0],
    ['   ', 0],
    ['12', 12],
    [' 12\t', 12],
    ['12\r', 12],
    ['-3', -3],
    ['+4', 4],
    ['007', 7],
    ['-', null],
    ['1.5', null],
    ['1,5', null],
    ['1e3', null],
    ['abc', null],
    ['1 2', null],
    ['123456789012345', 123456789012345],
    ['1234567890123456', Number.POSITIVE_INFINITY],
  ];
  it.each(cases)('reads %j as %s', (cell, value) => {
    expect(parseWholeNumber(cell)).toBe(value);
    const bytes = Buffer.from(`x${cell}y`);
    expect(parseWholeNumberBytes(bytes, 1, bytes.length - 1)).toBe(value);
  });

  it('says what is wrong', () => {
    expect(totalsCellProblem('abc', 'men', null)).toBe("'abc' in totals column 'men' is not a whole number.");
    expect(totalsCellProblem('1234567890123456', 'men', Number.POSITIVE_INFINITY)).toBe("'1234567890123456' in totals column 'men' is too large (at most 15 digits).");
  });
});
