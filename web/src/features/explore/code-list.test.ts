import type { CodeRecord } from '@og/shared/contracts/schemes';
import { describe, expect, it } from 'vitest';
import { codeCountProblem, codeMatcher, codesFromRows, parseCodeList } from './code-list';
import { codesFromFile } from './code-list-file';

const record = (value: string, label = value): CodeRecord => ({ value, name: `name ${label}`, label, linkCount: 0, version: 'v' });
const isco = codeMatcher({ '2221': record('2221'), '0110': record('0110'), '2211': record('2211') });
const pst2 = codeMatcher({ '1,1,0,0': record('1%2C1%2C0%2C0', '1,1,0,0'), '1,2,0,0': record('1%2C2%2C0%2C0', '1,2,0,0') });

describe('parseCodeList', () => {
  it('splits on line ends, commas, semicolons, spaces and tabs, keeping the order and each code once', () => {
    expect(parseCodeList('2221\n2211, 0110;5120\t7411  9999\r\n2221\r\n\n')).toEqual(['2221', '2211', '0110', '5120', '7411', '9999']);
  });

  it('keeps a code that contains commas or spaces whole when the scheme knows it', () => {
    expect(parseCodeList('1,1,0,0\n1,2,0,0; 1,3,0,0', pst2)).toEqual(['1,1,0,0', '1,2,0,0', '1', '3', '0']);
  });

  it('gives nothing for an empty or blank text', () => {
    expect(parseCodeList('')).toEqual([]);
    expect(parseCodeList(' \n\t ;, ')).toEqual([]);
  });
});

describe('codeMatcher', () => {
  it('knows a code by its code string or id, forgiving case, spaces and lost leading zeros', () => {
    expect(isco('2221')).toBe(true);
    expect(isco(' 110 ')).toBe(true);
    expect(isco('code')).toBe(false);
    expect(pst2('1%2C1%2C0%2C0')).toBe(true);
  });
});

describe('codes of an uploaded file', () => {
  it('skips a header row that is not a code', () => {
    expect(codesFromRows(['isco08_code', '2221', '2211'], isco)).toEqual({ codes: ['2221', '2211'], skippedHeader: 'isco08_code' });
  });

  it('keeps a first row that is a code, even one the scheme does not know when others on it are', () => {
    expect(codesFromRows(['2221', '2211'], isco)).toEqual({ codes: ['2221', '2211'], skippedHeader: null });
    expect(codesFromRows(['2221 9999', '2211'], isco)).toEqual({ codes: ['2221', '9999', '2211'], skippedHeader: null });
  });

  it('without the scheme’s codes, takes a first row with no digit for a header', () => {
    expect(codesFromRows(['code', '2221']).skippedHeader).toBe('code');
    expect(codesFromRows(['2221', '2211']).skippedHeader).toBeNull();
  });

  it('reads a CSV file’s first column, with quoting and its delimiter guessed', () => {
    const csv = '\uFEFFcode,title\n"1,1,0,0",farmer\n"1,2,0,0","miner, coal"\n\n';
    expect(codesFromFile('list.CSV', csv, pst2)).toEqual({ codes: ['1,1,0,0', '1,2,0,0'], skippedHeader: 'code' });
    expect(codesFromFile('list.csv', 'isco;title\n2221;nurse\n0110;officer\n', isco)).toEqual({ codes: ['2221', '0110'], skippedHeader: 'isco' });
  });

  it('reads a text file line by line, each line split like a pasted list', () => {
    expect(codesFromFile('codes.txt', 'ISCO-08 codes\r\n2221\r\n2211 0110\r\n', isco)).toEqual({ codes: ['2221', '2211', '0110'], skippedHeader: 'ISCO-08 codes' });
  });
});

describe('codeCountProblem', () => {
  it('says so before sending more codes than one translation takes', () => {
    expect(codeCountProblem(5_000)).toBeNull();
    expect(codeCountProblem(5_001)).toBe('At most 5,000 codes can be translated at a time; this list has 5,001.');
  });
});
