import { describe, expect, it } from 'vitest';
import { codeKey } from './code-key.js';

describe('the key codes are compared by', () => {
  it('forgives the leading zeros a number lost and the decimal point it gained', () => {
    // HISCO as OccCANINE writes it, and as the scheme has it.
    expect(codeKey('1110')).toBe(codeKey('01110'));
    expect(codeKey('75145.0')).toBe(codeKey('75145'));
    expect(codeKey('1110.00')).toBe(codeKey('01110'));
    expect(codeKey('-1.0')).toBe(codeKey('-1'));
    expect(codeKey('0')).toBe('0');
    expect(codeKey('000')).toBe('0');
    expect(codeKey('0.0')).toBe('0');
  });

  it('forgives spaces around a code and its letter case', () => {
    expect(codeKey(' 01.11Z ')).toBe(codeKey('01.11z'));
    expect(codeKey('F2CC5978-E45C-4F28-B859-7F89221B0505')).toBe(codeKey('f2cc5978-e45c-4f28-b859-7f89221b0505'));
  });

  it('keeps apart what is not the same number', () => {
    expect(codeKey('75145.5')).not.toBe(codeKey('75145'));
    expect(codeKey('01.1')).not.toBe(codeKey('1.1'));
    expect(codeKey('11-1011.00')).not.toBe(codeKey('11-1011'));
    expect(codeKey('2,2,18,1,2,1,2,0')).toBe('2,2,18,1,2,1,2,0');
    expect(codeKey('-1')).not.toBe(codeKey('1'));
    expect(codeKey('')).toBe('');
  });
});
