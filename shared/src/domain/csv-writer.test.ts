import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { codeCell, csvFile, csvLines, guardFormula } from './csv-writer';

/** The cells as a spreadsheet or papaparse reads them back. */
const readBack = (text: string) => Papa.parse<string[]>(text.replace(/^\uFEFF/, '').replace(/\r\n$/, ''), { newline: '\r\n' }).data;

describe('guardFormula', () => {
  it('prefixes text starting with = + - @ (and tab or carriage return) with an apostrophe, and nothing else', () => {
    for (const text of ["=cmd|' /C calc'!A0", '+1', '-1', '-1+1', '@SUM(A1)', '\t=1', '\rx']) expect(guardFormula(text)).toBe(`'${text}`);
    for (const text of ['smith', ' =x', 'a=b', "'quoted", '', 'نساج', '🧵 tailor', '2221']) expect(guardFormula(text)).toBe(text);
  });

  it('changes nothing more when applied twice', () => {
    expect(guardFormula(guardFormula('=1+1'))).toBe("'=1+1");
  });
});

describe('csvLines and csvFile', () => {
  it('guards every text cell, headers included, and writes numbers and empty cells as they are', () => {
    const text = csvFile(['code', '=HYPERLINK("http://evil","x")'], [['@SUM(1)', -3], ['+cmd|\' /C calc\'!A0', 0.25], [null, undefined]]);
    expect(text).toBe(`code,"'=HYPERLINK(""http://evil"",""x"")"\r\n'@SUM(1),-3\r\n'+cmd|' /C calc'!A0,0.25\r\n,\r\n`);
    expect(readBack(text)).toEqual([
      ['code', `'=HYPERLINK("http://evil","x")`],
      ["'@SUM(1)", '-3'],
      ["'+cmd|' /C calc'!A0", '0.25'],
      ['', ''],
    ]);
  });

  it('writes a code that is a plain number as it is, and guards any other', () => {
    expect(csvLines([['-1', '+2', '-2.5', '=1', '-1a', '1111'].map(codeCell)])).toBe("-1,+2,-2.5,'=1,'-1a,1111\r\n");
  });

  it('quotes as RFC 4180 says, so the rows read back as written', () => {
    const rows = [['a "quoted", title', 'line\nbreak', 'cr\r\nlf', '🧵 نساج', ' spaced ']];
    const text = csvLines(rows);
    expect(text).toBe('"a ""quoted"", title","line\nbreak","cr\r\nlf",🧵 نساج, spaced \r\n');
    expect(readBack(text)).toEqual(rows);
    expect(csvLines([])).toBe('');
  });

  it('starts with a byte-order mark when asked', () => {
    expect(csvFile(['a'], [['b']], { bom: true })).toBe('\uFEFFa\r\nb\r\n');
  });
});
