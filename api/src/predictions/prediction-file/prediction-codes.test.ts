import { describe, expect, it } from 'vitest';
import { cellCodes, hiscoCode, readPredictionUri, readProbability, schemeOfPrefix, titleOf } from './prediction-codes.js';

describe('the readings prediction files share', () => {
  it('mends HISCO codes that model output wrote as numbers, keeping HISCO’s own negative codes', () => {
    expect(['1110', '01110', '75145.0', '61110', '-1', '-1.0', '-3', '95410.00'].map(hiscoCode)).toEqual([
      '01110',
      '01110',
      '75145',
      '61110',
      '-1',
      '-1',
      '-3',
      '95410',
    ]);
    // Not a number: kept as written, for the job to flag.
    expect(['6-11.10', 'u123', '61110a', '1,5,0'].map(hiscoCode)).toEqual(['6-11.10', 'u123', '61110a', '1,5,0']);
  });

  it('reads no code from an empty slot, and one code per occupation joined with &', () => {
    expect(['', '  ', 'No pred', 'no pred', 'nan', 'NaN'].map(cellCodes)).toEqual([[], [], [], [], [], []]);
    expect(cellCodes(' 61110 ')).toEqual(['61110']);
    expect(cellCodes('61110&64100')).toEqual(['61110', '64100']);
    expect(cellCodes('61110 & nan &')).toEqual(['61110']);
  });

  it('reads probabilities from 0 to 1 as model output writes them, and nothing else', () => {
    expect(['0', '1', '0.76961714', '1.0', '.5', '9.5e-05', ' 0.3 '].map(readProbability)).toEqual([0, 1, 0.76961714, 1, 0.5, 9.5e-5, 0.3]);
    expect(['', 'nan', '1.5', '-0.1', 'high', '0,5', '50%', 'Infinity', '0x1'].map(readProbability)).toEqual([null, null, null, null, null, null, null, null, null]);
  });

  it('takes the title from the model’s input without its language prefix', () => {
    expect(titleOf('da[SEP]haeklerske')).toBe('haeklerske');
    expect(titleOf(' unk[SEP] smith ')).toBe('smith');
    expect(titleOf('en[SEP]')).toBe('');
    expect(titleOf('smith [SEP] joiner')).toBe('smith [SEP] joiner');
    // As the pattern `^[A-Za-z]{1,8}\[SEP\]` reads the prefix: letters of ASCII only, one to eight, the first separator.
    const pattern = (written: string) => written.trim().replace(/^[A-Za-z]{1,8}\[SEP\]/, '').trim();
    const cases = ['[SEP]x', 'abcdefgh[SEP]x', 'abcdefghi[SEP]x', 'Zz[SEP] x [SEP] y', 'é[SEP]x', '@[SEP]x', '`a[SEP]x', 'a{[SEP]x', 'en [SEP]x', 'e1[SEP]x', 'en[SEP', 'EN[SEP][SEP]x', ' \ten[SEP]\tx\t'];
    for (const written of cases) expect(titleOf(written), written).toBe(pattern(written));
  });

  it('maps a column prefix to our scheme loosely, and a system we do not have to none', () => {
    expect(['hisco', 'HISCO', 'OCC1950', 'isco08', 'ISCO-08', 'NACE2.1', 'nace2', 'PSTI', 'pst2'].map(schemeOfPrefix)).toEqual([
      'hisco',
      'hisco',
      'occ1950',
      'isco08',
      'isco08',
      'nace2.1',
      'nace2',
      'psti',
      'pst2',
    ]);
    expect(['ISCO68A', 'isco', 'occ1', 'bram'].map(schemeOfPrefix)).toEqual([null, null, null, null]);
  });

  it('reads scheme:code URIs with our scheme ids, mending HISCO codes', () => {
    expect(readPredictionUri('hisco:1110')).toBe('hisco:01110');
    expect(readPredictionUri('HISCO:75145.0')).toBe('hisco:75145');
    expect(readPredictionUri('hisco:-1')).toBe('hisco:-1');
    expect(readPredictionUri('pst2:1,5,0,0,0,0,1,0')).toBe('pst2:1,5,0,0,0,0,1,0');
    expect(readPredictionUri('nace2.1:01.11')).toBe('nace2.1:01.11');
    expect(readPredictionUri('61110')).toEqual({ problem: "the URI '61110' is not scheme:code (e.g. hisco:61110)." });
    expect(readPredictionUri('hisco:')).toEqual({ problem: "the URI 'hisco:' is not scheme:code (e.g. hisco:61110)." });
    expect(readPredictionUri('isco68:7-11.10')).toEqual({ problem: expect.stringContaining("names the scheme 'isco68', which is not one of ours") as unknown as string });
  });
});
